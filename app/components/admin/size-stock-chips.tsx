/**
 * A product's pieces per size at a glance: "M 3", a size that ran out marked in red and struck
 * through. A product with colours has a row of them per colour, named with its swatch.
 */
import { LOW_STOCK_THRESHOLD, sizeName } from '../../../contracts/constants.ts';
import { ColorDot } from '../catalogue/color-swatches.tsx';

interface StockEntry {
  size: string;
  quantity: number;
  /** The colour's name, for a product with colours. */
  color?: string;
}

function Chips({ stock, label }: { stock: StockEntry[]; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1">
      {stock.map(({ size, quantity }) => {
        const tone =
          quantity === 0
            ? 'border-sale/40 bg-red-50 text-sale'
            : quantity <= LOW_STOCK_THRESHOLD
              ? 'border-amber-300 bg-amber-50 text-amber-900'
              : 'border-line bg-surface text-ink';
        return (
          <li key={size} className={`inline-flex items-center gap-1 rounded-md border px-1.5 py-0.5 text-xs font-semibold ${tone}`}>
            <span className="sr-only">مقاس </span>
            <bdi dir="ltr">
              <span className={quantity === 0 ? 'line-through' : undefined}>{sizeName(size)}</span>
              <span className="sr-only">:</span> {quantity}
            </bdi>
            {quantity === 0 && <span className="sr-only"> نفد</span>}
          </li>
        );
      })}
    </ul>
  );
}

/** `colors`: the product's colours in order, for their swatches; their stock entries name them. */
export function SizeStockChips({ stock, label, colors = [] }: { stock: StockEntry[]; label: string; colors?: { name: string; hex: string }[] }) {
  if (stock.length === 0) return null;
  if (colors.length === 0) return <Chips stock={stock} label={label} />;
  return (
    <ul aria-label={label} className="flex flex-col gap-1">
      {colors.map((colour) => (
        <li key={colour.name} className="flex flex-wrap items-center gap-1.5">
          <span className="inline-flex items-center gap-1 text-xs font-semibold">
            <ColorDot hex={colour.hex} className="size-3" />
            <bdi>{colour.name}</bdi>
          </span>
          <Chips stock={stock.filter((entry) => entry.color === colour.name)} label={`${label} · ${colour.name}`} />
        </li>
      ))}
    </ul>
  );
}
