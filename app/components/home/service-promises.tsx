import { Icon } from '../icons/icon.tsx';
import type { IconName } from '../icons/names.ts';
import { DELIVERY_WORKING_DAYS, RETURN_DAYS, SUPPORT_HOURS } from '../../../contracts/constants.ts';
import { Ltr } from '../../lib/format.tsx';

/** The four service promises of SPEC.md §1 and §9. */
const PROMISES: { icon: IconName; title: string; text: React.ReactNode }[] = [
  {
    icon: 'refresh-ccw',
    title: 'استبدال واسترجاع',
    text: (
      <>
        خلال <Ltr>{RETURN_DAYS}</Ltr> يوماً من الاستلام
      </>
    ),
  },
  {
    icon: 'headset',
    title: 'خدمة العملاء',
    text: (
      <>
        {SUPPORT_HOURS.days} من <Ltr>{SUPPORT_HOURS.from}</Ltr> إلى <Ltr>{SUPPORT_HOURS.to}</Ltr>
      </>
    ),
  },
  { icon: 'shield-check', title: 'دفع آمن', text: <>نقداً عند الاستلام أو بالبطاقة</> },
  {
    icon: 'truck',
    title: 'توصيل سريع',
    text: (
      <>
        خلال <Ltr>{DELIVERY_WORKING_DAYS}</Ltr> أيام عمل في القاهرة والجيزة
      </>
    ),
  },
];

export function ServicePromises() {
  return (
    <section aria-labelledby="home-promises" className="mx-auto max-w-7xl px-4 py-8 lg:py-12">
      <h2 id="home-promises" className="sr-only">
        خدماتنا
      </h2>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-6">
        {PROMISES.map(({ icon, title, text }) => (
          // Below lg the circle, the title and the text stack in the middle; from lg the circle spans both lines at the start.
          <li key={title} className="grid justify-items-center gap-x-3 gap-y-1 rounded-xl border border-line bg-white p-4 text-center lg:grid-cols-[auto_1fr] lg:justify-items-start lg:text-start">
            <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 lg:row-span-2">
              <Icon name={icon} className="size-6" />
            </span>
            <b className="lg:self-end">{title}</b>
            <span className="text-sm text-muted lg:self-start">{text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
