import { Link } from 'react-router';
import { Icon } from '../icons/icon.tsx';

export interface CategoryLink {
  id: string;
  name: string;
}

/** The panel under the button. */
const PANEL = 'absolute start-0 top-full z-50 mt-2 w-[400px] rounded-xl border border-line bg-white p-3 shadow-lg';

/** The desktop bar's "all categories" menu: 400 px wide, four columns (SPEC.md §2, §9). */
export function CategoryDropdown({ categories }: { categories: CategoryLink[] }) {
  return (
    <details data-enhance="menu" className="group relative">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-1 rounded-lg px-2 font-semibold hover:bg-brand-50 2xl:px-3 [&::-webkit-details-marker]:hidden">
        كل الأقسام
        <Icon name="chevron-down" className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      {categories.length === 0 ? (
        <p className={`${PANEL} text-sm text-muted`}>لا توجد أقسام بعد</p>
      ) : (
        <ul aria-label="الأقسام" className={`${PANEL} grid grid-cols-4 gap-1`}>
          {categories.map((category) => (
            <li key={category.id}>
              <Link
                to={`/category/${category.id}`}
                className="flex min-h-11 items-center rounded-lg px-2 text-sm break-words hover:bg-brand-50 hover:text-brand-700"
              >
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
