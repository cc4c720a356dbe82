/**
 * An order's status on its admin page: where it is, the steps it may take next (only those of
 * ORDER_NEXT_STATUSES), and every status it had. A step is a plain form post to the page's
 * action; cancelling and refusal put the pieces back in stock (and send a card payment back)
 * and cannot be undone, so they ask once more in a disclosure, which opens without JavaScript.
 */
import { Ban, Check, LoaderCircle, PackageCheck, Truck, Undo2 } from 'lucide-react';
import { Form, useNavigation } from 'react-router';
import { ORDER_NEXT_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from '../../../contracts/constants.ts';
import type { Order } from '../../../core/orders/orders.ts';
import { Price } from '../../lib/format.tsx';
import { SpinnerButton } from '../account/spinner-button.tsx';
import { stamp } from './date-time.ts';

type IconType = React.ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;

/** What the button of each step says, and, for the steps that cannot be undone, what the admin confirms. */
const STEPS: Partial<Record<OrderStatus, { label: string; icon: IconType; confirm?: { text: string; button: string } }>> = {
  confirmed: { label: 'تأكيد الطلب', icon: Check },
  shipped: { label: 'تم الشحن', icon: Truck },
  delivered: { label: 'تم التوصيل', icon: PackageCheck },
  refused: {
    label: 'رفض الاستلام',
    icon: Undo2,
    confirm: { text: 'سيُسجَّل أن العميل رفض استلام الطلب، وتعود قطعه إلى المخزون. لا يمكن التراجع عن ذلك.', button: 'تأكيد رفض الاستلام' },
  },
  cancelled: {
    label: 'إلغاء الطلب',
    icon: Ban,
    confirm: { text: 'سيُلغى الطلب وتعود قطعه إلى المخزون. لا يمكن التراجع عن ذلك.', button: 'تأكيد الإلغاء' },
  },
};

export interface StatusHistoryEntry {
  status: OrderStatus;
  at: { iso: string; text: string };
  /** Who made the change: an admin, the customer, or the shop itself. */
  by: string;
}

/** The history as the page prints it, dates formatted once on the server. */
export function toStatusHistory(history: Order['statusHistory']): StatusHistoryEntry[] {
  return history.map((entry) => ({ status: entry.status, at: stamp(entry.at), by: entry.by?.name ?? 'المتجر' }));
}

function StepForm({ orderId, to, children }: { orderId: string; to: OrderStatus; children: React.ReactNode }) {
  return (
    <Form method="post" className="contents">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="status" value={to} />
      {children}
    </Form>
  );
}

/** `refund`: the amount a paid card order sends back to the customer when it is cancelled or refused. */
export function OrderNextSteps({ orderId, status, refund }: { orderId: string; status: OrderStatus; refund?: number }) {
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'status' ? navigation.formData.get('status') : null;
  const next = ORDER_NEXT_STATUSES[status];
  if (next.length === 0) return <p className="text-sm text-muted">اكتمل مسار هذا الطلب، فلا خطوات بعد «{ORDER_STATUS_LABELS[status]}».</p>;
  const forward = next.filter((to) => !STEPS[to]?.confirm);
  const closing = next.filter((to) => STEPS[to]?.confirm);
  return (
    <div className="flex flex-col gap-3">
      {forward.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {forward.map((to) => {
            const step = STEPS[to]!;
            return (
              <StepForm key={to} orderId={orderId} to={to}>
                <SpinnerButton pending={sending === to} disabled={sending !== null} className="flex-1 sm:flex-none">
                  {sending !== to && <step.icon aria-hidden className="size-5" />}
                  {step.label}
                </SpinnerButton>
              </StepForm>
            );
          })}
        </div>
      )}
      {closing.map((to) => {
        const step = STEPS[to]!;
        return (
          <details key={to} className="group rounded-lg border border-line open:border-sale/40 open:bg-red-50">
            <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg px-4 font-semibold text-sale hover:bg-red-50 [&::-webkit-details-marker]:hidden">
              <step.icon aria-hidden className="size-5" />
              <span className="group-open:hidden">{step.label}</span>
              <span className="hidden group-open:inline">
                تراجع<span className="sr-only"> عن {step.label}</span>
              </span>
            </summary>
            <div className="flex flex-col gap-3 px-4 pb-4">
              <p className="text-sm font-semibold text-sale">{step.confirm!.text}</p>
              {refund !== undefined && (
                <p className="text-sm font-semibold text-sale">
                  وسيُسترد المبلغ المدفوع (<Price value={refund} />) إلى بطاقة العميل أو محفظته عبر بوابة الدفع.
                </p>
              )}
              <StepForm orderId={orderId} to={to}>
                <button
                  type="submit"
                  disabled={sending !== null}
                  aria-busy={sending === to || undefined}
                  className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-sale px-5 font-semibold text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-80 sm:w-fit"
                >
                  {sending === to && <LoaderCircle aria-hidden className="size-5 animate-spin" />}
                  {step.confirm!.button}
                </button>
              </StepForm>
            </div>
          </details>
        );
      })}
    </div>
  );
}

export function StatusHistory({ entries }: { entries: StatusHistoryEntry[] }) {
  return (
    <ol aria-label="سجل الحالة" className="flex flex-col">
      {entries.map((entry, i) => (
        <li key={`${entry.status}-${entry.at.iso}-${i}`} className="relative flex gap-3 pb-4 last:pb-0">
          {/* The line joining one status to the next. */}
          {i < entries.length - 1 && <span aria-hidden className="absolute start-[0.4375rem] top-4 bottom-0 w-px bg-line" />}
          <span aria-hidden className={`mt-1.5 size-3.5 shrink-0 rounded-full border-2 ${i === entries.length - 1 ? 'border-brand-600 bg-brand-600' : 'border-brand-500 bg-white'}`} />
          <div className="flex min-w-0 flex-col gap-0.5">
            <span className="font-semibold">{ORDER_STATUS_LABELS[entry.status]}</span>
            <time dateTime={entry.at.iso} className="text-sm">
              {entry.at.text}
            </time>
            <span className="text-sm text-muted">بواسطة: {entry.by}</span>
          </div>
        </li>
      ))}
    </ol>
  );
}
