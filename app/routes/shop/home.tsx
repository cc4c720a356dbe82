/**
 * The home page (SPEC.md §1, §2 "Home"): banner, the three category tiles, product sections,
 * the summer-sale banner, the delivery strip and the service promises. Everything is loaded
 * before the page renders, so it works the same with JavaScript off.
 */
import { AGES, HOME_CATEGORY_NAMES, MAX_HOME_TILES, PRICE_BANDS, RETURN_DAYS, STORE_NAME } from '../../../contracts/constants.ts';
import { normalizeArabic } from '../../../contracts/normalize-arabic.ts';
import { listCategories } from '../../../core/catalogue/categories.ts';
import { listProductsUncounted } from '../../../core/catalogue/products.ts';
import { readShippingRules } from '../../../core/checkout/shipping.ts';
import { socialMeta } from '../../components/catalogue/social-meta.ts';
import { BannerCarousel, type BannerSlide } from '../../components/home/banner-carousel.tsx';
import { CategoryTiles } from '../../components/home/category-tiles.tsx';
import { DeliveryStrip } from '../../components/home/delivery-strip.tsx';
import { ProductSection } from '../../components/home/product-section.tsx';
import { ServicePromises } from '../../components/home/service-promises.tsx';
import { SummerSaleBanner } from '../../components/home/summer-sale-banner.tsx';
import { toCardProduct } from '../../components/product-card.tsx';
import type { Route } from './+types/home';
import { loadAsDocument, SERVER_RENDERED } from '../../lib/server-rendered.ts';

export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

/** A home section's products: one row on a desktop, three rows of two on a phone (docs/decisions/028). */
const SECTION_SIZE = 6;
const KIDS = AGES[1];
/** The banner's fixed category (SPEC.md §2), found by its name. */
const BANNER_CATEGORY = HOME_CATEGORY_NAMES[0];

export async function loader({ context }: Route.LoaderArgs) {
  const section = { page: 1, limit: SECTION_SIZE, availability: true };
  const [categories, newest, offers, kids, shipping] = await Promise.all([
    listCategories(context.catalogueDb, { page: 1, limit: 100 }),
    listProductsUncounted(context.catalogueDb, { ...section, sort: ['-createdAt'] }),
    listProductsUncounted(context.catalogueDb, { ...section, priceAfterDiscount: { lte: PRICE_BANDS.offers } }),
    listProductsUncounted(context.catalogueDb, { ...section, age: KIDS }),
    // Kept with the page in the catalogue cache, which a change of the rules empties (core/checkout/shipping.ts).
    readShippingRules(context.catalogueDb),
  ]);

  const byName = new Map(categories.data.map((category) => [normalizeArabic(category.name), category]));
  const tiles = HOME_CATEGORY_NAMES.flatMap((name) => byName.get(normalizeArabic(name)) ?? [])
    .slice(0, MAX_HOME_TILES)
    .map(({ id, name, image }) => ({ id, name, image }));
  const bannerCategory = byName.get(normalizeArabic(BANNER_CATEGORY));

  const slides: BannerSlide[] = [
    {
      theme: 'summer',
      eyebrow: 'تشكيلة صيف جديدة',
      title: 'خفيف ومريح لأيام الصيف',
      text: 'قطن يتنفس وألوان صيفية للرجال والأطفال، وصلت حديثاً.',
      cta: 'تسوق الجديد',
      to: '/new-arrived',
    },
    {
      theme: 'tshirt',
      eyebrow: 'الأكثر طلباً',
      title: 'تيشيرتات لكل يوم',
      text: 'موديلات وألوان كثيرة بخامات تتحمل الغسيل.',
      cta: 'تسوق التيشيرتات',
      to: bannerCategory ? `/category/${bannerCategory.id}` : '/new-arrived',
    },
    {
      theme: 'offers',
      eyebrow: 'عروض لفترة محدودة',
      title: 'خصومات على منتجات مختارة',
      text: 'أسعار مخفضة على التيشيرتات والقمصان والبولو.',
      cta: 'تسوق العروض',
      to: '/offers',
    },
  ];

  return {
    canonical: new URL('/', context.storeUrl).href,
    slides,
    tiles,
    newest: newest.map(toCardProduct),
    offers: offers.map(toCardProduct),
    kids: kids.map(toCardProduct),
    shipping,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return socialMeta({
    title: `${STORE_NAME} | الصفحة الرئيسية`,
    description: `${STORE_NAME}: ملابس كاجوال للرجال والأطفال، تيشيرتات وقمصان وبولو بأسعار مناسبة. الدفع عند الاستلام والاستبدال خلال ${RETURN_DAYS} يوماً.`,
    canonical: loaderData.canonical,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { slides, tiles, newest, offers, kids, shipping } = loaderData;
  return (
    <>
      <h1 className="sr-only">{STORE_NAME}: ملابس كاجوال للرجال والأطفال</h1>
      <BannerCarousel slides={slides} />
      <CategoryTiles categories={tiles} />
      {/* On a phone the first two cards share the first screen with the tiles, and the first one is its largest paint. */}
      <ProductSection id="new" title="وصل حديثاً" to="/new-arrived" products={newest} firstScreen={2} />
      <SummerSaleBanner />
      <ProductSection id="offers" title="العروض" to="/offers" products={offers} />
      <ProductSection id="kids" title="أطفال" to={`/search?keyword=${encodeURIComponent(KIDS)}`} products={kids} />
      <DeliveryStrip rules={shipping} />
      <ServicePromises />
    </>
  );
}
