/**
 * The parts of a catalogue page that differ with the shopper (docs/decisions/011): the role on
 * `<body>`, the header's account menu and cart, the mobile menu's account part, the bottom bar's
 * cart and account items, and a product page's wishlist heart. Everything else on a catalogue
 * page is the same for every shopper, so the server keeps a guest's copy cut at these parts and
 * puts each shopper's own in (server/plugins/catalogue-cache/page-parts.ts); they are rendered by
 * app/lib/shopper-parts.server.tsx with the components the page itself renders.
 */

export const SHOPPER_PART_NAMES = ['role', 'header', 'menu', 'bar', 'wishlist'] as const;

export type ShopperPartName = (typeof SHOPPER_PART_NAMES)[number];

/** Each part's HTML as the page holds it; a product page's heart only on a product page. */
export type ShopperParts = Record<Exclude<ShopperPartName, 'wishlist'>, string> & { wishlist?: string };

/** The role `<body data-role>` names (app/root.tsx), which app/enhance reads. */
export function roleOf(user: { role: string } | null | undefined): string {
  return user?.role ?? 'guest';
}

/** The attribute as it stands in the page. */
export function roleAttribute(user: { role: string } | null | undefined): string {
  return `data-role="${roleOf(user)}"`;
}
