/**
 * A product's recent stock ledger on its edit page: when, which size (and colour, named as it was
 * then, "كحلي · M"), why, the pieces before and after, the order that caused it and who acted
 * (the shop itself where no one did).
 */
import { Link } from 'react-router';
import { STOCK_REASON_LABELS } from '../../../contracts/constants.ts';
import type { StockMovement } from '../../../core/catalogue/stock.ts';
import { Ltr } from '../../lib/format.tsx';
import { ColorAndSize } from './color-and-size.tsx';
import { stamp } from './date-time.ts';

export interface StockMovementView {
  id: string;
  /** Null for a product without colours. */
  colorName: string | null;
  size: string;
  reason: string;
  before: number;
  after: number;
  order: { id: string; number: number } | null;
  by: string;
  at: { iso: string; text: string };
}

/** What the page needs of a ledger row, with the date printed once on the server. */
export function toStockMovementView(movement: StockMovement): StockMovementView {
  return {
    id: movement.id,
    colorName: movement.colorName,
    size: movement.size,
    reason: STOCK_REASON_LABELS[movement.reason],
    before: movement.quantityBefore,
    after: movement.quantityAfter,
    order: movement.order,
    by: movement.by?.name ?? 'المتجر',
    at: stamp(movement.createdAt),
  };
}

const HEAD = 'px-3 py-2 text-start text-sm font-semibold text-muted';
const CELL = 'px-3 py-2 align-top';

/** `more`: older changes exist beyond the ones shown. */
export function StockHistory({ movements, more }: { movements: StockMovementView[]; more: boolean }) {
  const colours = movements.some((m) => m.colorName);
  return (
    <section aria-labelledby="stock-history-title" className="mt-4 rounded-xl border border-line bg-white p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id="stock-history-title" className="text-lg font-bold">
          سجل المخزون
        </h2>
        {more && (
          <p className="text-sm text-muted">
            آخر <Ltr>{movements.length}</Ltr> تغييراً
          </p>
        )}
      </div>
      {movements.length === 0 ? (
        <p className="rounded-lg bg-surface px-4 py-6 text-center text-muted">لم يتغير مخزون هذا المنتج بعد.</p>
      ) : (
        // A phone scrolls the table sideways within its frame rather than the whole page; the keyboard can scroll it too.
        <div tabIndex={0} className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <table className="w-full min-w-[36rem] border-collapse text-sm">
            <thead className="border-b border-line">
              <tr>
                <th scope="col" className={HEAD}>
                  التاريخ
                </th>
                <th scope="col" className={HEAD}>
                  {colours ? 'اللون والمقاس' : 'المقاس'}
                </th>
                <th scope="col" className={HEAD}>
                  الكمية
                </th>
                <th scope="col" className={HEAD}>
                  السبب
                </th>
                <th scope="col" className={HEAD}>
                  الطلب
                </th>
                <th scope="col" className={HEAD}>
                  بواسطة
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {movements.map((m) => {
                const change = m.after - m.before;
                return (
                  <tr key={m.id}>
                    <td className={CELL}>
                      <time dateTime={m.at.iso}>{m.at.text}</time>
                    </td>
                    <td className={`${CELL} font-semibold`}>
                      <ColorAndSize colorName={m.colorName} size={m.size} />
                    </td>
                    <td className={`${CELL} whitespace-nowrap`}>
                      {/* One left-to-right run: "2 → 3 (+1)". */}
                      <Ltr>
                        <span className="font-semibold">
                          {m.before} → {m.after}
                        </span>{' '}
                        <span className={change < 0 ? 'text-sale' : 'text-green-700'}>({change > 0 ? `+${change}` : change})</span>
                      </Ltr>
                    </td>
                    <td className={CELL}>{m.reason}</td>
                    <td className={CELL}>
                      {m.order ? (
                        <Link
                          to={`/admin/order-details/${m.order.id}`}
                          aria-label={`طلب رقم #${m.order.number}`}
                          className="inline-block whitespace-nowrap font-semibold text-brand-700 underline"
                        >
                          <Ltr>#{m.order.number}</Ltr>
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className={CELL}>{m.by}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
