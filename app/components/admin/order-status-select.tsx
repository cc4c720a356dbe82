/**
 * The delivered and paid dropdowns of SPEC.md §4 "Order flags": the current value and the
 * one change it allows. Choosing posts the intended value (not "flip"), so a double submit or
 * two admins making the same change cannot undo each other; the orders reload afterwards.
 * Delivered is a step of the order's life: only a confirmed or shipped order can be marked
 * delivered, and a closed one never paid (contracts flagChangeAllowed), so the dropdown offers the
 * other value only where the shop would take it; a change refused meanwhile comes back as a message. The page's own action takes the post (order-actions.server.ts).
 */
import { useFetcher } from 'react-router';
import { useActionToasts, type ActionResult } from '../../lib/toast.ts';
import { Spinner } from '../account/spinner-button.tsx';

export type OrderFlagName = 'delivered' | 'paid';

// "Shipped" is a status of its own (handed to the courier); this flag says the customer has the order.
export const FLAG_LABELS: Record<OrderFlagName, { title: string; on: string; off: string }> = {
  delivered: { title: 'حالة التوصيل', on: 'تم التوصيل', off: 'لم يتم التوصيل' },
  paid: { title: 'حالة الدفع', on: 'تم الدفع', off: 'لم يتم الدفع' },
};

const SELECT =
  'min-h-11 w-full min-w-0 rounded-lg border border-line bg-white px-3 py-2 text-base font-semibold text-ink focus:border-brand-500 aria-busy:opacity-70 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-muted';

export function OrderStatusSelect({
  orderId,
  orderNumber,
  flag,
  value,
  changeAllowed = true,
}: {
  orderId: string;
  orderNumber: number;
  flag: OrderFlagName;
  value: boolean;
  /** False when the order's status does not let this flag change: only its value is shown. */
  changeAllowed?: boolean;
}) {
  const fetcher = useFetcher<ActionResult>();
  useActionToasts(fetcher.data);
  const pending = fetcher.state !== 'idle';
  // While the change is saved and the list reloads, show what was chosen.
  const sent = fetcher.formData?.get('value');
  const shown = typeof sent === 'string' ? sent === 'true' : value;
  const labels = FLAG_LABELS[flag];
  const id = `${flag}-${orderId}`;
  const options = changeAllowed ? [value, !value] : [value];

  return (
    <fetcher.Form method="post" className="flex min-w-0 flex-col gap-1.5">
      <input type="hidden" name="intent" value="flag" />
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="flag" value={flag} />
      <label htmlFor={id} className="text-sm font-semibold text-muted">
        {labels.title}
        <span className="sr-only"> للطلب {orderNumber}</span>
      </label>
      <div className="flex items-center gap-2">
        <select
          id={id}
          name="value"
          value={String(shown)}
          aria-busy={pending || undefined}
          disabled={!changeAllowed}
          onChange={(event) => {
            // Kept focusable while saving (a disabled select drops keyboard focus); one change at a time.
            if (!pending) fetcher.submit(event.currentTarget.form);
          }}
          className={`${SELECT} ${shown ? 'bg-green-50' : ''}`}
        >
          {options.map((option) => (
            <option key={String(option)} value={String(option)}>
              {option ? labels.on : labels.off}
            </option>
          ))}
        </select>
        {pending && <Spinner label="جاري حفظ الحالة" />}
        {changeAllowed && (
          <noscript>
            <button type="submit" className="min-h-11 shrink-0 rounded-lg border border-brand-600 px-3 font-semibold text-brand-700">
              حفظ<span className="sr-only"> {labels.title}</span>
            </button>
          </noscript>
        )}
      </div>
    </fetcher.Form>
  );
}
