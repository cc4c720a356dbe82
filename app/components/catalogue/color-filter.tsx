/**
 * The colour filter of a category's listing and of search: the colours in use in the catalogue
 * (core's listColorsInUse), each a link that adds `colorName=` to the address, keeping the search
 * keyword and starting again at the first page. The chosen colour stands above the list with a
 * link that takes it off; the list folds away in a <details>, which opens without JavaScript.
 */
import { Icon } from '../icons/icon.tsx';
import { Link, useLocation } from 'react-router';
import { ColorDot } from './color-swatches.tsx';

/** The query parameter of the colour filter. */
export const COLOR_FILTER = 'colorName';

interface ColorFilterProps {
  colors: { name: string; hex: string }[];
  /** The colour the listing is filtered by, as the address names it, or null. */
  chosen: string | null;
}

export function ColorFilter({ colors, chosen }: ColorFilterProps) {
  const { pathname, search } = useLocation();
  if (colors.length === 0 && !chosen) return null;
  const keyword = new URLSearchParams(search).get('keyword');
  const hrefWith = (colorName: string | null) => {
    const params = new URLSearchParams();
    if (keyword) params.set('keyword', keyword);
    if (colorName) params.set(COLOR_FILTER, colorName);
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  const same = (name: string) => chosen !== null && name.toLocaleLowerCase() === chosen.toLocaleLowerCase();
  const chosenHex = colors.find((c) => same(c.name))?.hex;

  return (
    <section aria-labelledby="color-filter-title" className="mb-4 flex flex-col gap-2">
      <h2 id="color-filter-title" className="sr-only">
        تصفية حسب اللون
      </h2>
      {chosen && (
        <p className="flex flex-wrap items-center gap-2">
          <span className="text-muted">اللون:</span>{' '}
          <span className="inline-flex items-center gap-1.5 font-semibold">
            {chosenHex && <ColorDot hex={chosenHex} />}
            <bdi>{chosen}</bdi>
          </span>
          <Link
            to={hrefWith(null)}
            className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 hover:underline"
          >
            <Icon name="x" className="size-4" />
            إزالة فلتر اللون
          </Link>
        </p>
      )}
      {colors.length > 0 && (
        <details className="group rounded-xl border border-line">
          <summary className="flex min-h-11 cursor-pointer items-center px-3 font-semibold">{chosen ? 'لون آخر' : 'اختر لوناً'}</summary>
          <ul className="flex flex-wrap gap-2 border-t border-line p-3">
            {colors.map((color) => (
              <li key={color.name}>
                <Link
                  to={hrefWith(color.name)}
                  aria-current={same(color.name) ? 'true' : undefined}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line px-3 text-sm font-semibold text-ink hover:border-brand-600 aria-[current=true]:border-brand-600 aria-[current=true]:bg-brand-50"
                >
                  <ColorDot hex={color.hex} className="size-5" />
                  <bdi>{color.name}</bdi>
                </Link>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
