/**
 * Every product listing of SPEC.md §2 in one module: /category/{id}, /winter, /summer,
 * /less199, /less149, /new-arrived, /offers and /search?keyword=. The path says which one;
 * each is one call to core's listProducts with its filter and `?page=`. No listing adds a
 * hidden season (DESIGN.md decision 3). A category and search also filter by colour
 * (`?colorName=`, among the colours in use).
 */
import { Icon } from '../../components/icons/icon.tsx';
import { Form } from 'react-router';
import { KEYWORD_MAX, PAGE_SIZE, PRICE_BANDS, STORE_NAME } from '../../../contracts/constants.ts';
import type { ProductsQuery } from '../../../contracts/schemas.ts';
import { getCategory } from '../../../core/catalogue/categories.ts';
import { listColorsInUse } from '../../../core/catalogue/colors.ts';
import { listProducts } from '../../../core/catalogue/products.ts';
import { COLOR_FILTER, ColorFilter } from '../../components/catalogue/color-filter.tsx';
import { ListingLayout, ProductGrid } from '../../components/catalogue/listing-layout.tsx';
import { Paginator } from '../../components/catalogue/paginator.tsx';
import { notFoundMeta, socialMeta } from '../../components/catalogue/social-meta.ts';
import { toCardProduct } from '../../components/product-card.tsx';
import type { FixedListingPath } from '../../lib/catalogue-pages.ts';
import { productImage } from '../../lib/images.ts';
import { loadOr404, notFound, readColorName, readKeyword, readPage } from '../../lib/loaders.server.ts';
import type { Route } from './+types/listing';
import { loadAsDocument, SERVER_RENDERED } from '../../lib/server-rendered.ts';

export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

type Filter = Omit<ProductsQuery, 'page' | 'limit'>;

interface FixedListing {
  title: string;
  description: string;
  filter: Filter;
}

const DELIVERY = 'الدفع عند الاستلام والتوصيل لكل محافظات مصر.';

/** The listings with a fixed filter, by path. */
const FIXED_LISTINGS: Record<FixedListingPath, FixedListing> = {
  '/winter': {
    title: 'منتجات الشتاء',
    description: `ملابس الشتاء للرجال والأطفال من ${STORE_NAME}: هوديز وجواكت وبناطيل دافئة بأسعار مناسبة. ${DELIVERY}`,
    filter: { season: 'شتاء' },
  },
  '/summer': {
    title: 'منتجات الصيف',
    description: `ملابس الصيف للرجال والأطفال من ${STORE_NAME}: تيشيرتات وقمصان وبولو وشورتات خفيفة. ${DELIVERY}`,
    filter: { season: 'صيف' },
  },
  '/less199': {
    title: `أقل من ${PRICE_BANDS.less199} جنيه`,
    description: `منتجات ${STORE_NAME} بسعر ${PRICE_BANDS.less199} جنيه أو أقل بعد الخصم. ${DELIVERY}`,
    filter: { priceAfterDiscount: { lte: PRICE_BANDS.less199 } },
  },
  '/less149': {
    title: `أقل من ${PRICE_BANDS.less149} جنيه`,
    description: `تخفيضات الصيف: منتجات ${STORE_NAME} بسعر ${PRICE_BANDS.less149} جنيه أو أقل بعد الخصم. ${DELIVERY}`,
    filter: { priceAfterDiscount: { lte: PRICE_BANDS.less149 } },
  },
  '/new-arrived': {
    title: 'وصل حديثاً',
    description: `أحدث ما وصل إلى ${STORE_NAME} من ملابس الرجال والأطفال، الأحدث أولاً. ${DELIVERY}`,
    filter: { sort: ['-createdAt'] },
  },
  '/offers': {
    title: 'العروض',
    description: `عروض ${STORE_NAME}: ملابس رجالي وأطفالي بسعر ${PRICE_BANDS.offers} جنيه أو أقل بعد الخصم. ${DELIVERY}`,
    filter: { priceAfterDiscount: { lte: PRICE_BANDS.offers } },
  },
};

async function describe(url: URL, params: { id?: string }, context: Route.LoaderArgs['context']) {
  const path = url.pathname.replace(/\/+$/, '');
  if (params.id !== undefined) {
    const category = await loadOr404(params.id, (id) => getCategory(context.catalogueDb, id));
    return {
      kind: 'category' as const,
      title: `منتجات ${category.name}`,
      heading: category.name,
      description: `تسوق ${category.name} للرجال والأطفال من ${STORE_NAME} بأفضل الأسعار. ${DELIVERY}`,
      filter: { category: [category.id] } satisfies Filter,
      keyword: '',
    };
  }
  if (path === '/search') {
    const keyword = readKeyword(url);
    return {
      kind: 'search' as const,
      title: keyword ? `نتائج البحث عن ${keyword}` : 'البحث',
      heading: 'البحث',
      description: keyword
        ? `نتائج البحث عن "${keyword}" في ${STORE_NAME}.`
        : `ابحث في منتجات ${STORE_NAME}: تيشيرتات وقمصان وبناطيل وهوديز للرجال والأطفال.`,
      filter: { keyword } satisfies Filter,
      keyword,
    };
  }
  const fixed = (FIXED_LISTINGS as Record<string, FixedListing | undefined>)[path];
  if (!fixed) notFound();
  return { kind: 'fixed' as const, ...fixed, heading: fixed.title, keyword: '' };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = readPage(url);
  const listing = await describe(url, params, context);
  const searchWithoutKeyword = listing.kind === 'search' && !listing.keyword;
  const filtersByColor = listing.kind === 'category' || (listing.kind === 'search' && !searchWithoutKeyword);
  const colorName = filtersByColor ? readColorName(url) : undefined;
  const filter: Filter = { ...listing.filter, colorName };
  const [result, colors] = await Promise.all([
    searchWithoutKeyword
      ? { data: [], paginationResult: { numberOfPages: 0 } }
      : listing.keyword
        ? context.guardSearch(() => listProducts(context.catalogueDb, { ...filter, page, limit: PAGE_SIZE }))
        : listProducts(context.catalogueDb, { ...filter, page, limit: PAGE_SIZE }),
    filtersByColor ? listColorsInUse(context.catalogueDb) : [],
  ]);

  const canonical = new URL(url.pathname, context.storeUrl);
  if (listing.keyword) canonical.searchParams.set('keyword', listing.keyword);
  if (page > 1) canonical.searchParams.set('page', String(page));
  const cover = result.data[0]?.imageCover;

  return {
    kind: listing.kind,
    title: listing.title,
    heading: listing.heading,
    description: listing.description,
    keyword: listing.keyword,
    canonical: canonical.href,
    image: cover ? new URL(productImage(cover, context.imagesUrl).src, context.storeUrl).href : undefined,
    products: result.data.map(toCardProduct),
    colors: colors.map(({ name, hex }) => ({ name, hex })),
    colorName: colorName ?? null,
    filtersByColor,
    page,
    numberOfPages: result.paginationResult.numberOfPages,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return notFoundMeta;
  const { title, description, canonical, image, kind } = loaderData;
  return socialMeta({ title, description, canonical, image, noindex: kind === 'search' });
}

function SearchForm({ keyword }: { keyword: string }) {
  return (
    <Form method="get" action="/search" role="search" className="mb-6 flex gap-2">
      <label htmlFor="listing-keyword" className="sr-only">
        ابحث عن منتج
      </label>
      <input
        id="listing-keyword"
        type="search"
        name="keyword"
        defaultValue={keyword}
        key={keyword}
        maxLength={KEYWORD_MAX}
        placeholder="ابحث عن تيشيرت، قميص، بنطلون…"
        className="min-h-11 min-w-0 flex-1 rounded-lg border border-line px-3 focus:border-brand-500"
      />
      <button
        type="submit"
        className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-600 px-4 font-bold text-white hover:bg-brand-700"
      >
        <Icon name="search" className="size-5" />
        بحث
      </button>
    </Form>
  );
}

export default function Listing({ loaderData }: Route.ComponentProps) {
  const { kind, heading, keyword, products, colors, colorName, filtersByColor, page, numberOfPages } = loaderData;
  return (
    <ListingLayout
      heading={
        kind === 'search' && keyword ? (
          <>
            نتائج البحث عن: <bdi>«{keyword}»</bdi>
          </>
        ) : (
          heading
        )
      }
    >
      {kind === 'search' && <SearchForm keyword={keyword} />}
      {kind === 'search' && !keyword ? (
        <p className="rounded-xl bg-surface p-8 text-center text-lg text-muted">اكتب ما تبحث عنه، مثلاً: تيشيرت أو بنطلون جينز.</p>
      ) : (
        <>
          {filtersByColor && <ColorFilter colors={colors} chosen={colorName} />}
          <ProductGrid products={products} empty={colorName ? 'لا توجد منتجات بهذا اللون' : undefined} />
          <Paginator currentPage={page} numberOfPages={numberOfPages} keep={['keyword', COLOR_FILTER]} />
        </>
      )}
    </ListingLayout>
  );
}
