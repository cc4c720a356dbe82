import type { IconName } from './names.ts';

/**
 * An icon as one element: a span painted in the text's colour through the icon's shape, a CSS
 * mask built with the stylesheet (css-plugin.ts). An inline SVG costs the document three to six
 * elements an icon, and the header, menus, footer and bottom bar of every page carry about
 * thirty (docs/decisions/028). Decorative: the link or button it sits in carries the name.
 * `className` sets its size (size-4, size-6) and anything else a span takes.
 */
export function Icon({ name, className }: { name: IconName; className: string }) {
  return <span aria-hidden="true" className={`icon icon-${name} ${className}`} />;
}
