/**
 * Previous, next and five page links centred on the current page (SPEC.md §2, §9). Plain
 * links with `?page=N`, keeping the other query parameters (the search keyword).
 */
import { Icon } from '../icons/icon.tsx';
import { Link, useLocation } from 'react-router';
import { PAGINATOR_LINKS } from '../../../contracts/constants.ts';

/** The page numbers to link: PAGINATOR_LINKS of them, the current one in the middle where possible. */
export function pageWindow(current: number, numberOfPages: number): number[] {
  const count = Math.min(PAGINATOR_LINKS, numberOfPages);
  const first = Math.max(1, Math.min(current - Math.floor(PAGINATOR_LINKS / 2), numberOfPages - count + 1));
  return Array.from({ length: count }, (_, i) => first + i);
}

const cell = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border px-2 text-sm font-semibold sm:px-3';

/**
 * `keep` names the query parameters the page reads besides `page` (the search keyword by default;
 * the orders screen's `status` too): only those are carried to the other pages.
 */
export function Paginator({ currentPage, numberOfPages, keep = ['keyword'] }: { currentPage: number; numberOfPages: number; keep?: readonly string[] }) {
  const { pathname, search } = useLocation();
  if (numberOfPages === 0) return null;

  // The listing reads its keyword and page alone; a kept page (server/plugins/catalogue-cache.ts)
  // must not hand one visitor's other parameters to the next.
  const current = new URLSearchParams(search);
  const kept = keep.flatMap((name) => (current.get(name) ? [[name, current.get(name)!]] : []));
  const hrefOf = (page: number) => {
    const params = new URLSearchParams(kept);
    params.set('page', String(page));
    return `${pathname}?${params}`;
  };
  // In right-to-left text "previous" points right and "next" points left, each at its outer edge.
  const step = (rel: 'prev' | 'next', page: number, enabled: boolean) => {
    const content =
      rel === 'prev' ? (
        <>
          <Icon name="chevron-right" className="size-4" />
          <span className="max-sm:sr-only">السابق</span>
        </>
      ) : (
        <>
          <span className="max-sm:sr-only">التالي</span>
          <Icon name="chevron-left" className="size-4" />
        </>
      );
    return enabled ? (
      <Link
        to={hrefOf(page)}
        rel={rel}
        className={`${cell} gap-1 border-line bg-white text-ink hover:border-brand-500 hover:text-brand-700`}
      >
        {content}
      </Link>
    ) : (
      <span aria-disabled="true" className={`${cell} gap-1 border-line bg-surface text-muted`}>
        {content}
      </span>
    );
  };

  return (
    <nav aria-label="الصفحات" className="mt-8 flex flex-wrap items-center justify-center gap-1.5">
      {step('prev', currentPage - 1, currentPage > 1)}
      <ul className="flex items-center gap-1.5">
        {pageWindow(currentPage, numberOfPages).map((page) => (
          <li key={page}>
            <Link
              to={hrefOf(page)}
              aria-current={page === currentPage ? 'page' : undefined}
              aria-label={`صفحة ${page}`}
              className={`${cell} ${page === currentPage ? 'border-brand-600 bg-brand-600 text-white' : 'border-line bg-white text-ink hover:border-brand-500 hover:text-brand-700'}`}
            >
              {page}
            </Link>
          </li>
        ))}
      </ul>
      {step('next', currentPage + 1, currentPage < numberOfPages)}
    </nav>
  );
}
