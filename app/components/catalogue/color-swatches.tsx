/**
 * How the shop's pages show a product's colours (API.md "Additions: colours beside sizes"): a
 * round swatch of the colour's `hex` beside its name (a card's small dots are named to screen
 * readers and on hover), so no colour is told by its swatch alone. The product page's swatches
 * are links to `?color=<name>`, which work as
 * they are without JavaScript; with it app/enhance/swatches.ts swaps the gallery and the sizes
 * in place. Cards show a few dots and a count, and lines of carts and orders name the colour.
 */
import { Link } from 'react-router';

/** The most dots a product card shows before "+n". */
export const CARD_DOTS = 5;
/** A card's dot and the gap after it, in pixels. */
const DOT_STEP = 22;

/** A colour's round swatch. The ring keeps white and very light colours visible on white. */
export function ColorDot({ hex, className = 'size-4' }: { hex: string; className?: string }) {
  return <span aria-hidden className={`inline-block shrink-0 rounded-full ring-1 ring-black/20 ${className}`} style={{ backgroundColor: hex }} />;
}

/** `?color=` of a product's page: the address that opens it on a colour. */
export function colorHref(productId: string, colorName: string): string {
  return `/product/${productId}?color=${encodeURIComponent(colorName)}`;
}

/** "اللون: كحلي": a line of a cart or an order naming its colour, for the lines that have one. */
export function ColorOfLine({ name }: { name: string | null }) {
  if (!name) return null;
  return (
    <>
      اللون: <bdi className="font-semibold text-ink">{name}</bdi> ·{' '}
    </>
  );
}

export interface SwatchColor {
  name: string;
  hex: string;
  /** No pieces left in any size of this colour. */
  soldOut: boolean;
}

/**
 * The product page's colours: one link per colour, the chosen one current. A sold-out colour
 * still opens (its pictures and its sold-out sizes), dashed and named as unavailable. `swap`
 * names the ids of the page's parts that follow the colour (app/enhance/swatches.ts).
 */
export function ColorSwatches({ productId, colors, chosen, swap }: { productId: string; colors: SwatchColor[]; chosen: string | null; swap: string }) {
  return (
    <div role="group" aria-labelledby="product-colors-title" className="min-w-0">
      <p id="product-colors-title" className="mb-2 font-semibold">
        اللون
        {chosen && (
          <>
            : <bdi className="font-normal">{chosen}</bdi>
          </>
        )}
      </p>
      <ul data-enhance="swatches" data-swap={swap} className="flex flex-wrap gap-2">
        {colors.map((color) => (
          <li key={color.name}>
            <Link
              to={colorHref(productId, color.name)}
              aria-current={color.name === chosen ? 'true' : undefined}
              className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-3 text-sm font-semibold hover:border-brand-600 aria-[current=true]:border-brand-600 aria-[current=true]:bg-brand-50 aria-[current=true]:ring-1 aria-[current=true]:ring-brand-600 ${
                color.soldOut ? 'border-dashed border-muted/60 text-muted' : 'border-line text-ink'
              }`}
            >
              <ColorDot hex={color.hex} className="size-6" />
              <bdi>{color.name}</bdi>
              {color.soldOut && <span className="sr-only"> غير متوفر حالياً</span>}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A card's colours: up to CARD_DOTS dots, then "+n"; read as one picture named by all the colours.
 * Not links: the card's own link opens the product, where the colour is chosen.
 */
export function CardSwatches({ title, colors }: { title: string; colors: { name: string; hex: string }[] }) {
  if (colors.length === 0) return null;
  const shown = colors.slice(0, CARD_DOTS);
  const more = colors.length - shown.length;
  const names = colors.map((color) => color.name).join('، ');
  // One element, however many colours: each dot is a round gradient of the background, 16 px wide and 6 px from the
  // next, from the start edge; the ring keeps white and very light colours visible on white. The count of the others
  // follows as text. The names are the picture's name, read out and shown on hover.
  const style: React.CSSProperties = {
    backgroundImage: shown.map((color) => `radial-gradient(circle closest-side, ${color.hex} calc(100% - 1.5px), rgb(0 0 0 / 0.25) calc(100% - 1px) calc(100% - 0.5px), transparent 100%)`).join(','),
    backgroundPosition: shown.map((_, index) => `right ${index * DOT_STEP}px center`).join(','),
    backgroundSize: '16px 16px',
    backgroundRepeat: 'no-repeat',
    paddingRight: shown.length * DOT_STEP - (more > 0 ? 0 : 6),
  };
  return (
    <p role="img" aria-label={`ألوان ${title}: ${names}`} title={names} dir="ltr" className="h-4 w-fit self-start text-xs leading-4 font-semibold text-muted" style={style}>
      {more > 0 && `+${more}`}
    </p>
  );
}
