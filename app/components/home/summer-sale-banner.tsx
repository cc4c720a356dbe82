import { Link } from 'react-router';
import { PRICE_BANDS } from '../../../contracts/constants.ts';
import { Ltr } from '../../lib/format.tsx';

/** The promotional summer-sale banner, linking to /less149 (SPEC.md §2). */
export function SummerSaleBanner() {
  return (
    <section aria-labelledby="home-summer-sale" className="mx-auto max-w-7xl px-4 py-4">
      <Link
        to="/less149"
        className="relative flex min-h-36 items-center overflow-hidden rounded-2xl bg-linear-to-l from-amber-400 via-orange-400 to-rose-500 p-6 text-ink shadow-sm hover:shadow-lg sm:min-h-44 lg:p-10"
      >
        <svg aria-hidden="true" viewBox="0 0 200 100" preserveAspectRatio="xMaxYMid slice" className="absolute inset-0 size-full">
          <circle cx="30" cy="20" r="34" className="fill-yellow-200/70" />
          <circle cx="30" cy="20" r="48" className="fill-yellow-200/30" />
          <path d="M0 85 Q50 70 100 85 T200 85 V100 H0Z" className="fill-white/25" />
        </svg>
        <div className="relative flex flex-col items-start gap-2">
          <h2 id="home-summer-sale" className="text-2xl font-bold sm:text-4xl">
            تخفيضات الصيف
          </h2>
          <span className="text-lg font-semibold sm:text-2xl">
            منتجات بأقل من <Ltr>{PRICE_BANDS.less149}</Ltr> جنيه
          </span>
          <span className="mt-1 inline-flex min-h-11 items-center rounded-full bg-ink px-6 font-bold text-white">تسوق الآن</span>
        </div>
      </Link>
    </section>
  );
}
