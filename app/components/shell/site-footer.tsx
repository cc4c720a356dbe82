import { Link } from 'react-router';
import { DELIVERY_WORKING_DAYS, RETURN_DAYS, STORE_NAME, STORE_PHONE, SUPPORT_HOURS } from '../../../contracts/constants.ts';
import { Ltr } from '../../lib/format.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { storeYear } from '../../lib/store-time.ts';
import { FooterSection } from './footer-section.tsx';
import { NewsletterForm } from './newsletter-form.tsx';
import { PaymentBadges } from './payment-badges.tsx';
import { STATIC_PAGES } from './site-pages.ts';
import { SocialLinks } from './social-links.tsx';

/** "Contact us" and "our branches" point home (SPEC.md §2). */
const HELP_LINKS = [
  ...STATIC_PAGES.map((page) => ({ to: page.path, label: page.label })),
  { to: '/', label: 'اتصل بنا' },
  { to: '/', label: 'فروعنا' },
];

const LINK = 'flex min-h-11 items-center text-muted hover:text-brand-700 hover:underline';

export function SiteFooter() {
  const root = useRootData();
  return (
    <footer className="border-t border-line bg-surface pb-20 xl:pb-0">
      <div className="mx-auto max-w-7xl px-4 py-8">
        {/* The heading and its line above the box on a phone; from lg the box beside them, at the end. */}
        <section
          aria-labelledby="newsletter-title"
          className="mb-6 grid gap-x-6 rounded-2xl border border-brand-100 bg-brand-50 p-5 lg:grid-cols-[1fr_minmax(0,28rem)] lg:items-center lg:p-6"
        >
          <h2 id="newsletter-title" className="text-lg font-bold text-brand-900 lg:self-end">
            اشترك في القائمة البريدية
          </h2>
          <p className="text-sm text-muted lg:col-start-1 lg:self-start">كن أول من يعرف بالعروض والمنتجات الجديدة.</p>
          <NewsletterForm className="mt-3 w-full lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:mt-0" />
        </section>

        <div className="grid gap-0 lg:grid-cols-4 lg:gap-8">
          <FooterSection title={`عن ${STORE_NAME}`}>
            <p className="text-sm leading-7 text-muted">
              متجر مصري لملابس الكاجوال للرجال والأطفال: تيشيرتات وقمصان وبولو وبناطيل بخامات مريحة وأسعار مناسبة. الدفع عند الاستلام، والاستبدال
              والاسترجاع خلال <Ltr>{RETURN_DAYS}</Ltr> يوماً.
            </p>
          </FooterSection>
          <FooterSection title="المساعدة">
            <ul>
              {HELP_LINKS.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className={LINK}>
                    {link.label}
                  </Link>
                </li>
              ))}
              <li>
                <a href={root?.wholesaleUrl ?? '/'} target="_blank" rel="noopener noreferrer" className={LINK}>
                  طلبات الجملة<span className="sr-only"> (تفتح في نافذة جديدة)</span>
                </a>
              </li>
            </ul>
          </FooterSection>
          <FooterSection title="خدمة العملاء">
            <ul className="flex flex-col gap-2 text-sm text-muted">
              <li>
                {SUPPORT_HOURS.days} من <Ltr>{SUPPORT_HOURS.from}</Ltr> إلى <Ltr>{SUPPORT_HOURS.to}</Ltr>
              </li>
              <li>
                الهاتف:{' '}
                <a href={`tel:${STORE_PHONE}`} className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline">
                  <Ltr>{STORE_PHONE}</Ltr>
                </a>
              </li>
              <li>
                التوصيل خلال <Ltr>{DELIVERY_WORKING_DAYS}</Ltr> أيام عمل للقاهرة والجيزة
              </li>
            </ul>
          </FooterSection>
          <FooterSection title="تابعنا">
            <SocialLinks />
            <h3 className="mt-5 mb-3 font-bold text-ink">وسائل الدفع</h3>
            <PaymentBadges />
          </FooterSection>
        </div>
      </div>
      {/* No root data on the error page of a failed root loader: the year is read here then. */}
      <p className="border-t border-line py-4 text-center text-sm text-muted">
        © <Ltr>{root?.year ?? storeYear(new Date())}</Ltr> {STORE_NAME}. جميع الحقوق محفوظة.
      </p>
    </footer>
  );
}
