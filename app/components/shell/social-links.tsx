import { WHATSAPP_NUMBER } from '../../../contracts/constants.ts';

type IconProps = { className?: string };

/** Brand glyphs drawn here: lucide has no brand icons. */
function FacebookIcon({ className }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="currentColor">
      <path d="M14 8h2.5V4.5H13.6C10.9 4.5 9.8 6.2 9.8 8.8V11H7.5v3.4h2.3V21h3.4v-6.6h2.6l.5-3.4h-3.1V9.3c0-.9.3-1.3.8-1.3z" />
    </svg>
  );
}

function InstagramIcon({ className }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="3.8" />
      <circle cx="17.2" cy="6.8" r="0.6" fill="currentColor" />
    </svg>
  );
}

function TikTokIcon({ className }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="currentColor">
      <path d="M16.4 3c.4 2.3 1.8 3.8 4.1 4.1v3.2a7.4 7.4 0 0 1-4-1.3v6.2a6 6 0 1 1-6-6l.7.1v3.3a2.8 2.8 0 1 0 2 2.7V3z" />
    </svg>
  );
}

function WhatsAppIcon({ className }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className}>
      <path d="M12 3.2a8.8 8.8 0 0 0-7.6 13.2L3.2 20.8l4.5-1.2A8.8 8.8 0 1 0 12 3.2z" fill="none" stroke="currentColor" strokeWidth="1.9" />
      <path
        fill="currentColor"
        d="M9.1 7.9c.2-.3.4-.4.7-.4h.5c.2 0 .4.1.5.4l.7 1.7c.1.2 0 .5-.1.6l-.6.7c.6 1.1 1.5 2 2.6 2.6l.7-.6c.2-.2.4-.2.6-.1l1.7.7c.3.1.4.3.4.5v.5c0 .3-.1.5-.4.7-.7.5-1.6.6-2.6.2a8.6 8.6 0 0 1-4.7-4.7c-.4-1-.3-1.9.2-2.6z"
      />
    </svg>
  );
}

/** The store's social accounts; WhatsApp opens a chat with the store's number. */
const SOCIAL_LINKS = [
  { href: 'https://www.facebook.com/souqcasual', label: 'صفحتنا على فيسبوك', Icon: FacebookIcon },
  { href: 'https://www.instagram.com/souqcasual', label: 'حسابنا على إنستجرام', Icon: InstagramIcon },
  { href: 'https://www.tiktok.com/@souqcasual', label: 'حسابنا على تيك توك', Icon: TikTokIcon },
  { href: `https://wa.me/${WHATSAPP_NUMBER}`, label: 'راسلنا على واتساب', Icon: WhatsAppIcon },
];

export function SocialLinks() {
  return (
    <ul className="flex gap-2">
      {SOCIAL_LINKS.map(({ href, label, Icon }) => (
        <li key={href}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={label}
            className="flex size-11 items-center justify-center rounded-full border border-line bg-white text-brand-700 hover:border-brand-500 hover:bg-brand-50"
          >
            <Icon className="size-5" />
          </a>
        </li>
      ))}
    </ul>
  );
}
