import { Link } from 'react-router';
import { PRICE_BANDS } from '../../../contracts/constants.ts';
import { Ltr } from '../../lib/format.tsx';

/** The promotional summer-sale banner, linking to /less149 (SPEC.md §2). */
export function SummerSaleBanner() {
  return (
    <section aria-labelledby="home-summer-sale" className="mx-auto max-w-7xl px-4 py-4">
      <Link
        to="/less149"
        // The sun and the wave are a picture of the stylesheet's, covering the banner from its right edge.
        className="relative flex min-h-36 items-center overflow-hidden rounded-2xl bg-linear-to-l from-amber-400 via-orange-400 to-rose-500 p-6 text-ink shadow-sm before:absolute before:inset-0 before:bg-(image:--summer-sale-art) before:bg-cover before:bg-right before:content-[''] hover:shadow-lg sm:min-h-44 lg:p-10"
      >
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
