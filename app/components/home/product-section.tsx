import { Icon } from '../icons/icon.tsx';
import { Link } from 'react-router';
import { ProductCard, type CardProduct } from '../product-card.tsx';

interface ProductSectionProps {
  id: string;
  title: string;
  to: string;
  products: CardProduct[];
  /** How many leading cards are on the first screen: loaded at once, the first one before anything else. */
  firstScreen?: number;
}

/** A row of products on the home page with a link to the whole listing. */
export function ProductSection({ id, title, to, products, firstScreen = 0 }: ProductSectionProps) {
  if (products.length === 0) return null;
  const headingId = `home-${id}`;
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 id={headingId} className="text-xl font-bold lg:text-2xl">
          {title}
        </h2>
        <Link to={to} aria-label={`عرض الكل ${title}`} className="inline-flex min-h-11 shrink-0 items-center gap-1 font-semibold text-brand-700 hover:underline">
          عرض الكل
          <Icon name="chevron-left" className="size-4 ltr:rotate-180" />
        </Link>
      </div>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {products.map((product, index) => (
          <ProductCard key={product.id} product={product} priority={index === 0 && firstScreen > 0} eager={index < firstScreen} />
        ))}
      </ul>
    </section>
  );
}
