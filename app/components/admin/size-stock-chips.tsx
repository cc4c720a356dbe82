/** A product's pieces per size at a glance: "M 3", a size that ran out marked in red and struck through. */
import { LOW_STOCK_THRESHOLD, sizeName } from '../../../contracts/constants.ts';

export function SizeStockChips({ stock, label }: { stock: { size: string; quantity: number }[]; label: string }) {
  if (stock.length === 0) return null;
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
