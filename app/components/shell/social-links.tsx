import { WHATSAPP_NUMBER } from '../../../contracts/constants.ts';
import { Icon } from '../icons/icon.tsx';
import type { IconName } from '../icons/names.ts';

/** The store's social accounts; WhatsApp opens a chat with the store's number. Their glyphs are drawn in app/components/icons (lucide has no brand icons). */
const SOCIAL_LINKS: { href: string; label: string; icon: IconName }[] = [
  { href: 'https://www.facebook.com/souqcasual', label: 'صفحتنا على فيسبوك', icon: 'facebook' },
  { href: 'https://www.instagram.com/souqcasual', label: 'حسابنا على إنستجرام', icon: 'instagram' },
  { href: 'https://www.tiktok.com/@souqcasual', label: 'حسابنا على تيك توك', icon: 'tiktok' },
  { href: `https://wa.me/${WHATSAPP_NUMBER}`, label: 'راسلنا على واتساب', icon: 'whatsapp' },
];

export function SocialLinks() {
  return (
    <ul className="flex gap-2">
      {SOCIAL_LINKS.map(({ href, label, icon }) => (
        <li key={href}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={label}
            className="flex size-11 items-center justify-center rounded-full border border-line bg-white text-brand-700 hover:border-brand-500 hover:bg-brand-50"
          >
            <Icon name={icon} className="size-5" />
          </a>
        </li>
      ))}
    </ul>
  );
}
