/**
 * The product page (SPEC.md §2 "Product detail"): images with zoom, prices, colours (API.md
 * "Additions: colours beside sizes"), sizes (a sold-out size cannot be chosen, a size's last
 * pieces are pointed out), the cart
 * and wishlist buttons, description and reviews, related products; with the tags and JSON-LD
 * that make a shared link show a preview and search engines show the price. Its action takes
 * a customer's review (SPEC.md §5), posted as a plain form: the page comes back with the answer.
 * The page does not hydrate; tabs, heart and review form are behaviours of app/enhance.
 *
 * A product with colours opens on the one `?color=` names (ignoring case), else on its first
 * colour with pieces left: the gallery shows that colour's pictures (the whole gallery when it
 * has none), the sizes and pieces are that colour's, and the cart form names it.
 */
import { Icon } from '../../components/icons/icon.tsx';
import { data, Link, redirect, useActionData } from 'react-router';
import { STORE_NAME } from '../../../contracts/constants.ts';
import { MSG } from '../../../contracts/messages.ts';
import { ReviewSchema } from '../../../contracts/schemas.ts';
import { findColor } from '../../../core/catalogue/colors.ts';
import { getProduct, listRelatedProducts, type Product } from '../../../core/catalogue/products.ts';
import { createReview, listReviews } from '../../../core/catalogue/reviews.ts';
import { isInWishlist } from '../../../core/checkout/wishlist.ts';
import { SaleBadge, SoldOutBadge } from '../../components/catalogue/badges.tsx';
import { ColorSwatches } from '../../components/catalogue/color-swatches.tsx';
import { ImageSlider } from '../../components/catalogue/image-slider.tsx';
import { ProductPrices } from '../../components/catalogue/product-prices.tsx';
import { ProductTabs } from '../../components/catalogue/product-tabs.tsx';
import { RatingStars } from '../../components/catalogue/rating-stars.tsx';
import { RelatedProducts } from '../../components/catalogue/related-products.tsx';
import { ReviewForm, ReviewsList, type ReviewActionData } from '../../components/catalogue/reviews.tsx';
import { SizeChips } from '../../components/catalogue/size-chips.tsx';
import { notFoundMeta, socialMeta } from '../../components/catalogue/social-meta.ts';
import { WishlistToggle } from '../../components/catalogue/wishlist-toggle.tsx';
import { toCardProduct } from '../../components/product-card.tsx';
import { fieldErrors, fromAppError, invalid, readPageForm } from '../../lib/forms.server.ts';
import { loadOr404 } from '../../lib/loaders.server.ts';
import { Ltr } from '../../lib/format.tsx';
import { productImage } from '../../lib/images.ts';
import { getSessionUser } from '../../lib/session.server.ts';
import { isDocumentRequest } from '../../lib/shopper.server.ts';
import { loadAsDocument, SERVER_RENDERED } from '../../lib/server-rendered.ts';
import type { Route } from './+types/product';

/**
 * Reviews a page shows, newest first; `?reviews=<n>` pages back through older ones (the API pages
 * through them too). A product with many reviews keeps a page as light as one with few (docs/decisions/028).
 */
const REVIEWS_PER_PAGE = 5;
/** Reviews repeated in the JSON-LD for search engines. */
const REVIEWS_IN_JSON_LD = 5;
const DESCRIPTION_META_MAX = 160;

export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const product = await loadOr404(params.id, (id) => getProduct(context.catalogueDb, id));
  const user = await getSessionUser(request, context);
  const search = new URL(request.url).searchParams;
  const reviewsPage = reviewsPageOf(search.get('reviews'), product.ratingsQuantity);
  const [reviews, related, inWishlist] = await Promise.all([
    listReviews(context.catalogueDb, product.id, { page: reviewsPage, limit: REVIEWS_PER_PAGE }),
    listRelatedProducts(context.catalogueDb, product),
    user ? isInWishlist(context.db, user.id, product.id) : false,
  ]);

  const canonical = new URL(`/product/${product.id}`, context.storeUrl).href;
  const images = [product.imageCover, ...product.images];
  const colorView = viewOfColor(product, search.get('color'));
  const absolute = (name: string) => new URL(productImage(name, context.imagesUrl).src, context.storeUrl).href;
  const reviewItems = reviews.data.map((r) => ({
    id: r.id,
    userName: r.user.name,
    rating: r.rating,
    review: r.review,
    verifiedPurchase: r.verifiedPurchase,
    createdAt: r.createdAt.toISOString(),
  }));

  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: product.description,
    image: images.map(absolute),
    sku: product.barcode || product.id,
    category: product.category.name,
    brand: { '@type': 'Brand', name: STORE_NAME },
    offers: {
      '@type': 'Offer',
      url: canonical,
      price: product.priceAfterDiscount.toFixed(2),
      priceCurrency: 'EGP',
      itemCondition: 'https://schema.org/NewCondition',
      availability: product.availability ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
    ...(product.ratingsQuantity > 0 && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: product.ratingsAverage,
        reviewCount: product.ratingsQuantity,
        bestRating: 5,
        worstRating: 0.5,
      },
      review: reviewItems.slice(0, REVIEWS_IN_JSON_LD).map((r) => ({
        '@type': 'Review',
        author: { '@type': 'Person', name: r.userName },
        datePublished: r.createdAt.slice(0, 10),
        reviewBody: r.review,
        reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 0.5 },
      })),
    }),
  };

  return {
    product: {
      id: product.id,
      title: product.title,
      description: product.description,
      images: colorView?.images ?? images,
      category: product.category,
      price: product.price,
      priceAfterDiscount: product.priceAfterDiscount,
      quantity: colorView?.quantity ?? product.quantity,
      age: product.age,
      season: product.season,
      availableSizes: product.availableSizes,
      stock: colorView?.stock ?? product.stock,
      colors: colorView?.colors ?? [],
      color: colorView?.chosen ?? null,
      availability: product.availability,
      barcode: product.barcode,
      sale: product.sale,
      ratingsAverage: product.ratingsAverage,
      ratingsQuantity: product.ratingsQuantity,
    },
    reviews: reviewItems,
    reviewsPage: { page: reviews.paginationResult.currentPage, pages: reviews.paginationResult.numberOfPages },
    related: related.map(toCardProduct),
    inWishlist,
    canonical,
    // A link to a colour shows that colour's first picture in its preview.
    image: absolute(colorView?.images[0] ?? product.imageCover),
    jsonLd,
  };
}

/**
 * What the page shows of a product with colours: the colour chosen by `?color=` (else the first
 * with pieces left, else the first), its pictures (all of the product's when it has none), its
 * pieces per size, and every colour with whether any of its sizes has pieces. Undefined without
 * colours: the page is what it always was.
 */
function viewOfColor(product: Product, wanted: string | null) {
  if (product.colors.length === 0) return undefined;
  const stockOf = (name: string) => product.stock.filter((s) => s.color === name).map(({ size, quantity }) => ({ size, quantity }));
  const piecesOf = (name: string) => stockOf(name).reduce((sum, s) => sum + s.quantity, 0);
  const chosen = findColor(product.colors, wanted ?? undefined) ?? product.colors.find((c) => piecesOf(c.name) > 0) ?? product.colors[0]!;
  return {
    chosen: chosen.name,
    images: chosen.images.length > 0 ? chosen.images : [product.imageCover, ...product.images],
    stock: stockOf(chosen.name),
    quantity: piecesOf(chosen.name),
    colors: product.colors.map((c) => ({ name: c.name, hex: c.hex, soldOut: piecesOf(c.name) === 0 })),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return notFoundMeta;
  const { product, canonical, image, jsonLd } = loaderData;
  const description =
    product.description.length > DESCRIPTION_META_MAX ? `${product.description.slice(0, DESCRIPTION_META_MAX - 1)}…` : product.description;
  return [
    ...socialMeta({ title: `${product.title} | ${STORE_NAME}`, description, canonical, image, type: 'product' }),
    { property: 'product:price:amount', content: product.priceAfterDiscount.toFixed(2) },
    { property: 'product:price:currency', content: 'EGP' },
    { property: 'product:availability', content: product.availability ? 'in stock' : 'out of stock' },
    // React Router writes it as <script type="application/ld+json"> with `<` escaped; CSP lets data through.
    { 'script:ld+json': jsonLd },
  ];
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const product = await loadOr404(params.id, (id) => getProduct(context.db, id));
  const read = await readPageForm(request, context);
  if ('refusal' in read) return read.refusal;
  const form = read.form;
  if (form.get('intent') !== 'review') throw data(null, { status: 400 });

  const user = await getSessionUser(request, context);
  if (!user) {
    if (isDocumentRequest(request)) throw redirect('/login');
    return data<ReviewActionData>({ ok: false, toast: { type: 'error', message: MSG.loginFirst } }, { status: 401 });
  }
  if (user.role !== 'user') {
    return data<ReviewActionData>({ ok: false, toast: { type: 'error', message: MSG.forbidden } }, { status: 403 });
  }

  const rating = form.get('rating');
  const values = { review: String(form.get('review') ?? ''), rating: rating === null ? undefined : Number(rating) };
  const parsed = ReviewSchema.safeParse(values);
  if (!parsed.success) return invalid(fieldErrors(parsed.error.issues), values);
  try {
    await createReview(context.db, user.id, product.id, parsed.data);
  } catch (error) {
    return fromAppError(error, values);
  }
  return data<ReviewActionData>({ ok: true, toast: { type: 'success', message: MSG.reviewAdded } });
}

/** The page's parts that follow the chosen colour, by id: the swatches swap them in place with JavaScript. */
const GALLERY_ID = 'product-gallery';
const DETAILS_ID = 'product-details';
const PURCHASE_ID = 'product-purchase';
const SWAPPED = [GALLERY_ID, DETAILS_ID, PURCHASE_ID].join(' ');

function Purchase({ product, inWishlist }: { product: Route.ComponentProps['loaderData']['product']; inWishlist: boolean }) {
  const formId = `add-to-cart-${product.id}`;
  const swatches = product.colors.length > 0 && <ColorSwatches productId={product.id} colors={product.colors} chosen={product.color} swap={SWAPPED} />;
  const colorSoldOut = product.colors.some((c) => c.name === product.color && c.soldOut);
  if (!product.availability || colorSoldOut) {
    const unavailable = (
      <button type="button" disabled className="min-h-12 w-full cursor-not-allowed rounded-lg bg-surface font-bold text-muted">
        {product.availability ? 'هذا اللون غير متوفر حالياً' : 'المنتج غير متوفر'}
      </button>
    );
    return (
      <div id={PURCHASE_ID} className="flex flex-col gap-4">
        {swatches}
        <SizeChips stock={product.stock} disabled />
        {/* The other colours are still for sale: the product may still be kept. */}
        {product.availability ? (
          <div className="flex gap-2">
            {unavailable}
            <WishlistToggle productId={product.id} inWishlist={inWishlist} />
          </div>
        ) : (
          unavailable
        )}
      </div>
    );
  }
  return (
    <div id={PURCHASE_ID} className="flex flex-col gap-4">
      {swatches}
      <SizeChips stock={product.stock} form={formId} showHints />
      <div className="flex gap-2">
        <form id={formId} method="post" action="/cart" data-enhance="add-to-cart" className="flex-1">
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="productId" value={product.id} />
          {product.color && <input type="hidden" name="colorName" value={product.color} />}
          <button
            type="submit"
            className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 font-bold text-white hover:bg-brand-700 disabled:opacity-70"
          >
            <Icon name="shopping-cart" className="size-5" />
            أضف لعربة التسوق
          </button>
        </form>
        <WishlistToggle productId={product.id} inWishlist={inWishlist} />
      </div>
    </div>
  );
}

/** `?reviews=`: a page number from 1 to the last page of the product's reviews; anything else is the first. */
function reviewsPageOf(value: string | null, reviewCount: number): number {
  const page = Number(value);
  const last = Math.max(1, Math.ceil(reviewCount / REVIEWS_PER_PAGE));
  return Number.isInteger(page) && page >= 1 ? Math.min(page, last) : 1;
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, reviews, reviewsPage, related, inWishlist } = loaderData;
  // The answer to a review posted as a plain form: the page shows it (and app/enhance toasts it).
  const result = useActionData<typeof action>() as ReviewActionData | undefined;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <nav aria-label="مسار التصفح" className="mb-4 text-sm text-muted">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="hover:text-brand-700 hover:underline">
              الرئيسية
            </Link>
            <span aria-hidden> / </span>
          </li>
          <li>
            <Link to={`/category/${product.category.id}`} className="hover:text-brand-700 hover:underline">
              {product.category.name}
            </Link>
            <span aria-hidden> / </span>
          </li>
          <li aria-current="page" className="text-ink">
            {product.title}
          </li>
        </ol>
      </nav>

      <div className="grid gap-6 lg:grid-cols-[28rem_minmax(0,1fr)] lg:gap-10">
        <div id={GALLERY_ID} className="min-w-0">
          <ImageSlider images={product.images} title={product.title} />
        </div>
        <div className="flex min-w-0 flex-col gap-4 lg:max-w-xl">
          <div className="flex flex-wrap gap-2 empty:hidden">
            {!product.availability && <SoldOutBadge />}
            <SaleBadge text={product.sale} />
          </div>
          <h1 className="text-2xl leading-snug font-bold">{product.title}</h1>
          {product.ratingsQuantity > 0 && (
            <a href="#reviews" className="flex w-fit items-center gap-2 text-sm text-muted hover:text-brand-700">
              <RatingStars value={product.ratingsAverage} />
              <span>
                عدد التقييمات: <Ltr>{product.ratingsQuantity}</Ltr>
              </span>
            </a>
          )}
          <ProductPrices price={product.price} priceAfterDiscount={product.priceAfterDiscount} large />
          <ul id={DETAILS_ID} className="flex flex-col gap-1 text-sm">
            {product.barcode && (
              <li>
                <span className="text-muted">الباركود: </span>
                <Ltr>{product.barcode}</Ltr>
              </li>
            )}
            <li>
              <span className="text-muted">الكمية المتاحة: </span>
              <Ltr>{product.quantity}</Ltr>
            </li>
            <li>
              <span className="text-muted">الفئة: </span>
              {product.age}
            </li>
            <li>
              <span className="text-muted">الموسم: </span>
              {product.season}
            </li>
          </ul>
          <Purchase product={product} inWishlist={inWishlist} />
        </div>
      </div>

      <ProductTabs
        initial={(result && !result.ok) || reviewsPage.page > 1 ? 'reviews' : undefined}
        tabs={[
          {
            key: 'description',
            label: 'الوصف',
            content: <p className="leading-8 whitespace-pre-line">{product.description}</p>,
          },
          {
            key: 'reviews',
            label: `التقييمات (${product.ratingsQuantity})`,
            content: (
              <div className="flex flex-col gap-6">
                <ReviewForm result={result} action={`/product/${product.id}#reviews`} />
                <ReviewsList reviews={reviews} page={reviewsPage.page} pages={reviewsPage.pages} productId={product.id} color={product.color} />
              </div>
            ),
          },
        ]}
      />

      <RelatedProducts products={related} />
    </div>
  );
}
