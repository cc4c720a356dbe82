/**
 * Builds the classes of <Icon> (icon.tsx) and of the payment badges into the stylesheet, loaded
 * by app.css's `@plugin`. Each icon becomes `.icon-<name>`, its place in the sprite
 * (public/icons.svg, `#<name>`) in a custom property that `.icon` uses as a mask over the text's
 * colour; the payment badges become `.payment-badges`, one background of them all. The SVGs come
 * from lucide's own drawings (the lucide-react package the rest of the app uses) and from the
 * files in this folder; each icon or picture costs the page one element.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import plugin from 'tailwindcss/plugin';
import { BRAND_ICONS, LUCIDE_ICONS, PAYMENT_BADGES } from './names.ts';

type IconNode = [tag: string, attributes: Record<string, string>][];

/** An SVG as a CSS url(): only the characters a data URL or the CSS string cannot hold are escaped. */
export function svgUrl(svg: string): string {
  const compact = svg.trim().replace(/\s+/g, ' ').replace(/"/g, "'");
  return `url("data:image/svg+xml,${compact.replace(/[%#<>\n]/g, (c) => encodeURIComponent(c))}")`;
}

/** A lucide icon drawn as lucide-react draws it: 24 by 24, a 2-unit round stroke, no fill. */
export function lucideSvg(node: IconNode, paint = "fill='none' stroke='#000' stroke-width='2'", viewBox = '0 0 24 24'): string {
  const children = node
    .map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .filter(([name]) => name !== 'key')
        .map(([name, value]) => `${name}='${value}'`)
        .join(' ');
      return `<${tag} ${attrs}/>`;
    })
    .join('');
  return `<svg xmlns='http://www.w3.org/2000/svg' viewBox='${viewBox}' ${paint} stroke-linecap='round' stroke-linejoin='round'>${children}</svg>`;
}

const lucide = await Promise.all(
  LUCIDE_ICONS.map(async (name) => {
    return [name, lucideSvg(await lucideNode(name))] as const;
  }),
);
/** lucide's node of one icon. */
async function lucideNode(name: string): Promise<IconNode> {
  return ((await import(`lucide-react/icons/${name}`)) as { __iconData: { node: IconNode } }).__iconData.node;
}

const heart = await lucideNode('heart');
const star = await lucideNode('star');
/** A star and half the gap to each neighbour: five side by side make the rating's row. */
const starTile = (fill: string, stroke: string) => lucideSvg(star, `fill='${fill}' stroke='${stroke}' stroke-width='2'`, '-1 0 26 24');
/** A star of the review form's rating (rating-input.tsx). */
const formStar = (fill: string) => lucideSvg(star, `fill='${fill}' stroke='#b45309' stroke-width='1.5'`);

const drawn = (name: string) => readFileSync(new URL(`./${name}.svg`, import.meta.url), 'utf8');

/** Each icon's place in the sprite: one above the other, a 24-unit box every 32 units so no stroke reaches a neighbour's box. */
const SPRITE_STEP = 32;

/**
 * Every icon in one SVG file, each with a <view> named after it that frames it: `icons.svg#menu`
 * is the menu icon alone. A page fetches and parses the file once for all its icons, where a data
 * URL per icon made the browser build one image per element while it worked out the styles
 * (three times the style work of the page with inline SVGs, measured in docs/decisions/028).
 */
export function iconSprite(icons: (readonly [name: string, svg: string])[]): string {
  const parts = icons.map(([name, svg], index) => {
    const y = index * SPRITE_STEP;
    const open = svg.match(/^<svg([^>]*)>/)![1]!;
    // The icon's paint (fill, stroke and their widths) moves from its <svg> to a group placed at its row.
    const paint = open.replace(/xmlns='[^']*'|xmlns="[^"]*"|viewBox=['"][^'"]*['"]|(?<![\w-])width=['"][^'"]*['"]|(?<![\w-])height=['"][^'"]*['"]/g, '').trim();
    const inner = svg.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
    return `<view id='${name}' viewBox='0 ${y} 24 24'/><g transform='translate(0 ${y})' ${paint}>${inner}</g>`;
  });
  return `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 ${icons.length * SPRITE_STEP}'>${parts.join('')}</svg>\n`;
}

const sprite = iconSprite([...lucide, ...BRAND_ICONS.map((name) => [name, drawn(name).trim()] as const)]);
/** The sprite's address, its content's hash in it so a changed sprite is fetched anew. */
const spriteUrl = `/icons.svg?v=${createHash('sha256').update(sprite).digest('hex').slice(0, 10)}`;
// Served from public/ (written here, so the build always serves the sprite its stylesheet names;
// tests/unit/icons.test.ts checks the committed file is current).
const spriteFile = new URL('../../../public/icons.svg', import.meta.url);
let current = '';
try {
  current = readFileSync(spriteFile, 'utf8');
} catch {
  // Not written yet.
}
if (current !== sprite) writeFileSync(spriteFile, sprite);

export default plugin(({ addBase }) => {
  addBase({
    '.icon': {
      display: 'inline-block',
      'flex-shrink': '0',
      'background-color': 'currentColor',
      'mask-image': 'var(--icon)',
      'mask-position': 'center',
      'mask-size': 'contain',
      'mask-repeat': 'no-repeat',
    },
    // Windows' contrast themes replace backgrounds: the icon keeps the text's colour.
    '@media (forced-colors: active)': { '.icon': { 'forced-color-adjust': 'none', 'background-color': 'CanvasText' } },
  });
  // The wishlist's heart, filled, for `[--icon:var(--icon-heart-filled)]` once it is pressed.
  // The review form's stars: empty, under the pointer, chosen.
  addBase({
    ':root': {
      // The search's cross, for `[--icon:var(--icon-x-image)]` once the search box is open.
      '--icon-x-image': `url("${spriteUrl}#x")`,
      '--icon-heart-filled': svgUrl(lucideSvg(heart, "fill='#000' stroke='#000' stroke-width='2'")),
      '--rating-star-empty': svgUrl(formStar('#e4e7ec')),
      '--rating-star-hover': svgUrl(formStar('#fbbf24')),
      '--rating-star-chosen': svgUrl(formStar('#f59e0b')),
      // The home banner's waves along a slide's bottom, and the summer sale's sun and wave (app/components/home).
      '--banner-waves': svgUrl(
        "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 400 100' preserveAspectRatio='none' fill='#fff' fill-opacity='0.1'><path d='M0 60 Q100 20 200 60 T400 60 V100 H0Z'/><path d='M0 80 Q100 50 200 80 T400 80 V100 H0Z'/></svg>",
      ),
      '--summer-sale-art': svgUrl(
        "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 200 100'><circle cx='30' cy='20' r='34' fill='#fef08a' fill-opacity='0.7'/><circle cx='30' cy='20' r='48' fill='#fef08a' fill-opacity='0.3'/><path d='M0 85 Q50 70 100 85 T200 85 V100 H0Z' fill='#fff' fill-opacity='0.25'/></svg>",
      ),
    },
  });
  // A rating's five stars, grey, and the gold ones over them as wide as the rating (rating-stars.tsx).
  const tiles = 'right / calc(var(--star) * 26 / 24) var(--star) repeat-x';
  addBase({
    '.rating-stars': { '--star': '1rem', width: 'calc(var(--star) * 26 / 24 * 5)', height: 'var(--star)', background: `${svgUrl(starTile('#e4e7ec', '#e4e7ec'))} ${tiles}` },
    '.rating-stars-fill': { background: `${svgUrl(starTile('#f59e0b', '#d97706'))} ${tiles}` },
  });
  for (const name of [...LUCIDE_ICONS, ...BRAND_ICONS]) addBase({ [`.icon-${name}`]: { '--icon': `url("${spriteUrl}#${name}")` } });
  // The payment badges as one picture: two rows of four from the right edge, 52 by 32 with 8 between.
  addBase({
    '.payment-badges': {
      width: `${4 * 52 + 3 * 8}px`,
      height: `${2 * 32 + 8}px`,
      'background-image': PAYMENT_BADGES.map(({ name }) => svgUrl(drawn(`payment-${name}`))).join(', '),
      'background-position': PAYMENT_BADGES.map((_, index) => `right ${(index % 4) * 60}px top ${Math.floor(index / 4) * 40}px`).join(', '),
      'background-size': '52px 32px',
      'background-repeat': 'no-repeat',
    },
  });
});
