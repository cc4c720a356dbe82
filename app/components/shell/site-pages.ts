import type { FixedListingPath } from '../../lib/catalogue-pages.ts';

/** The fixed pages of the shop, for the footer, the static page route and sitemap.xml. */
export const STATIC_PAGES = [
  { id: 'about', path: '/about-shortcut', label: 'من نحن' },
  { id: 'terms', path: '/terms-and-condition', label: 'الشروط والأحكام' },
  { id: 'privacy', path: '/team-privacy-policy', label: 'سياسة الخصوصية' },
  { id: 'delivery', path: '/delivery-and-returns', label: 'التوصيل والاسترجاع' },
] as const;

export type StaticPageId = (typeof STATIC_PAGES)[number]['id'];

/** The product listings that are not a category or a search (SPEC.md §2). */
export const LISTING_PATHS = ['/new-arrived', '/offers', '/summer', '/winter', '/less199', '/less149'] as const satisfies readonly FixedListingPath[];
