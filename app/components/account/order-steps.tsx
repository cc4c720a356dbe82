/**
 * Where an order is in its life, as the shopper sees it on the profile: the four steps from
 * placed to delivered with the day each was reached, the current one marked for screen readers
 * with aria-current="step"; a cancelled or refused order shows that instead of the steps.
 */
import { Check, CircleX, Clock, Undo2 } from 'lucide-react';
import { isClosedStatus, ORDER_STATUS_LABELS, type OrderStatus } from '../../../contracts/constants.ts';
import { Ltr } from '../../lib/format.tsx';

/** The steps of an order that goes well, in order. */
const STEPS = ['pending', 'confirmed', 'shipped', 'delivered'] as const satisfies readonly OrderStatus[];

export interface OrderStatusEntry {
  status: OrderStatus;
  /** ISO date, for the <time> element. */
  at: string;
  /** The date as the shop prints it. */
  date: string;
}

/** The last time the order reached `status`, if it did. */
function reached(history: readonly OrderStatusEntry[], status: OrderStatus): OrderStatusEntry | undefined {
  return history.findLast((entry) => entry.status === status);
}

/** A closed or waiting order: one badge with the day it got there, instead of the steps. */
function StatusBadge({ status, entry }: { status: OrderStatus; entry?: OrderStatusEntry }) {
  const closed = isClosedStatus(status);
  const Icon = status === 'refused' ? Undo2 : closed ? CircleX : Clock;
  return (
    <p className="flex flex-wrap items-center gap-2">
      <span className="sr-only">حالة الطلب: </span>
      <span
        className={`inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm font-bold ${closed ? 'bg-sale text-white' : 'bg-amber-100 text-amber-900'}`}
      >
        <Icon aria-hidden="true" className="size-4" />
        {ORDER_STATUS_LABELS[status]}
      </span>
      {entry && (
        <span className="text-sm text-muted">
          بتاريخ <time dateTime={entry.at}>{entry.date}</time>
        </span>
      )}
    </p>
  );
}

export function OrderSteps({ status, history }: { status: OrderStatus; history: readonly OrderStatusEntry[] }) {
  const current = (STEPS as readonly OrderStatus[]).indexOf(status);
  if (current === -1) return <StatusBadge status={status} entry={reached(history, status)} />;
  return (
    <ol aria-label="مراحل الطلب" className="grid grid-cols-4 gap-1">
      {STEPS.map((step, i) => {
        // A step reached is ticked, the current one too, but for the review still going on.
        const done = i < current || (i === current && step !== 'pending');
        const isCurrent = i === current;
        const entry = i <= current ? reached(history, step) : undefined;
        return (
          <li key={step} aria-current={isCurrent ? 'step' : undefined} className="relative flex min-w-0 flex-col items-center gap-1 text-center">
            {i > 0 && (
              // The line from the step before, which sits on the start side (the right in Arabic).
              <span aria-hidden="true" className={`absolute -start-1/2 top-4 h-0.5 w-full ${i <= current ? 'bg-brand-600' : 'bg-line'}`} />
            )}
            <span
              aria-hidden="true"
              className={`relative z-10 flex size-8 items-center justify-center rounded-full border-2 text-sm font-bold ${
                done ? 'border-brand-600 bg-brand-600 text-white' : isCurrent ? 'border-brand-600 bg-white text-brand-700' : 'border-line bg-white text-muted'
              } ${isCurrent ? 'ring-4 ring-brand-100' : ''}`}
            >
              {done ? <Check className="size-4" /> : <Ltr>{i + 1}</Ltr>}
            </span>
            <span className={`text-xs leading-5 sm:text-sm ${isCurrent ? 'font-bold text-brand-900' : done ? 'font-semibold text-ink' : 'text-muted'}`}>
              {ORDER_STATUS_LABELS[step]}
            </span>
            {entry && (
              <time dateTime={entry.at} className="text-[0.7rem] leading-4 text-muted sm:text-xs">
                {entry.date}
              </time>
            )}
            {i < current && <span className="sr-only">(تمت)</span>}
          </li>
        );
      })}
    </ol>
  );
}
