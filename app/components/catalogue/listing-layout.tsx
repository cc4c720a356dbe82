/**
 * The frame of every listing: the heading, the categories side list (from the root loader;
 * hidden on small screens, where the header menu has them), and the products grid. The side
 * list comes after the products in the markup, so headings and tab order start with the page.
 */
import { NavLink } from 'react-router';
import { useRootData } from '../../lib/root-data.ts';
import { ProductCard, type CardProduct } from '../product-card.tsx';

interface ListingLayoutProps {
  heading: React.ReactNode;
  children: React.ReactNode;
}

export function ListingLayout({ heading, children }: ListingLayoutProps) {
  const categories = useRootData()?.categories ?? [];
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
      <div className="min-w-0">
        <h1 className="mb-4 text-2xl font-bold">{heading}</h1>
        {children}
      </div>
      <aside className="hidden lg:order-first lg:block">
        <nav aria-labelledby="categories-side-title" className="sticky top-20 rounded-xl border border-line p-3">
          <h2 id="categories-side-title" className="mb-2 px-2 font-bold">
            التصنيفات
          </h2>
          <ul className="flex flex-col">
            {categories.map((category) => (
              <li key={category.id}>
                <NavLink
                  to={`/category/${category.id}`}
                  className={({ isActive }) =>
                    `flex min-h-11 items-center rounded-lg px-2 ${isActive ? 'bg-brand-50 font-bold text-brand-700' : 'text-ink hover:bg-surface'}`
                  }
                >
                  {category.name}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
    </div>
  );
}

/** The listing's cards; the first ones are above the fold on a phone and load first. `empty` says why there are none. */
export function ProductGrid({ products, empty = 'لا توجد منتجات حتى الآن' }: { products: CardProduct[]; empty?: string }) {
  if (products.length === 0) {
    return <p className="rounded-xl bg-surface p-8 text-center text-lg text-muted">{empty}</p>;
  }
  return (
    <section aria-labelledby="products-title">
      <h2 id="products-title" className="sr-only">
        المنتجات
      </h2>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4">
        {products.map((product, index) => (
          <ProductCard key={product.id} product={product} priority={index < 2} />
        ))}
      </ul>
    </section>
  );
}
