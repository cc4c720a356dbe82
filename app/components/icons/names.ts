/**
 * The icons the shop's pages draw with <Icon> (icon.tsx): lucide's, by lucide's own names, and
 * the brands' glyphs drawn here (lucide has no brand icons), each an SVG file in this folder.
 * css-plugin.ts turns every one into a CSS class when the stylesheet is built.
 */
export const LUCIDE_ICONS = [
  'badge-check',
  'chevron-down',
  'chevron-left',
  'chevron-right',
  'external-link',
  'headset',
  'heart',
  'house',
  'layout-dashboard',
  'loader-circle',
  'log-in',
  'log-out',
  'menu',
  'pen-line',
  'percent',
  'refresh-ccw',
  'search',
  'shield-check',
  'shopping-cart',
  'truck',
  'user',
  'user-plus',
  'x',
  'zoom-in',
] as const;

export const BRAND_ICONS = ['facebook', 'instagram', 'tiktok', 'whatsapp'] as const;

export type IconName = (typeof LUCIDE_ICONS)[number] | (typeof BRAND_ICONS)[number];

/**
 * The payment methods' badges (payment-<name>.svg), in colour, in the footer's order, each with
 * the name a screen reader gives it (payment-badges.tsx).
 */
export const PAYMENT_BADGES = [
  { name: 'cash', label: 'الدفع نقداً عند الاستلام' },
  { name: 'valu', label: 'valU' },
  { name: 'sympl', label: 'Sympl' },
  { name: 'aman', label: 'Aman' },
  { name: 'visa', label: 'Visa' },
  { name: 'mastercard', label: 'Mastercard' },
  { name: 'wallet', label: 'محفظة الهاتف' },
] as const;
