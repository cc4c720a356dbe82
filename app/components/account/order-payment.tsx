/**
 * The card payment of one of the shopper's orders, on the profile: what came back from Paymob,
 * the time left to pay with a "pay now" button while the order awaits its payment, and the
 * money sent back for a paid order that was cancelled.
 */
import { CreditCard, LoaderCircle, Undo2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { Price } from '../../lib/format.tsx';
import { useActionToasts, type ActionResult } from '../../lib/toast.ts';
import { FormAlert } from './form-field.tsx';
import { MinutesPhrase } from './payment-method.tsx';

export interface PaymentNoticeData {
  tone: 'success' | 'error';
  message: string;
}

/** What the shopper came back to this order with (Paymob's answer, a gateway that was down), brought into view. */
export function PaymentNotice({ notice }: { notice: PaymentNoticeData }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <div ref={ref} className="scroll-mb-4 scroll-mt-4 pt-3">
      <FormAlert tone={notice.tone} message={notice.message} />
    </div>
  );
}

export interface PaymentDueData {
  /** ISO time, for the <time> element. */
  at: string;
  /** The time of day as the shop prints it. */
  time: string;
  /** Whole minutes left when the page was made. */
  minutesLeft: number;
}

/**
 * An order awaiting its card payment: until when it can be paid, and "pay now", a form to the
 * profile that answers with Paymob's page. A refusal (the time ran out, the order was paid or
 * cancelled meanwhile) is shown here and as a toast, and the profile reloads the order.
 */
export function PayNow({ orderId, number, due, hold }: { orderId: string; number: number; due: PaymentDueData; hold: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToasts(fetcher.data);
  const pending = fetcher.state !== 'idle';
  const failure = fetcher.data?.toast?.type === 'error' ? fetcher.data.toast.message : undefined;
  return (
    <div className="mt-3 flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3">
      <p>
        أكمل الدفع قبل الساعة <time dateTime={due.at}>{due.time}</time>{' '}
        <span className="whitespace-nowrap">
          (متبقٍ <MinutesPhrase minutes={due.minutesLeft} />)
        </span>
        ، وإلا يُلغى الطلب وتعود منتجاته إلى المخزون.
      </p>
      <FormAlert message={failure} />
      {!hold && (
        <fetcher.Form method="post" action="/profile">
          <input type="hidden" name="intent" value="pay" />
          <input type="hidden" name="orderId" value={orderId} />
          <button
            type="submit"
            disabled={pending}
            aria-busy={pending || undefined}
            aria-describedby={`pay-${orderId}-hint`}
            className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-80 sm:w-auto"
          >
            {pending ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : <CreditCard aria-hidden="true" className="size-5" />}
            ادفع الآن
          </button>
          <span id={`pay-${orderId}-hint`} className="sr-only">
            دفع الطلب رقم #{number} في صفحة الدفع الآمنة
          </span>
        </fetcher.Form>
      )}
    </div>
  );
}

export interface RefundData {
  amount: number;
  /** ISO time, for the <time> element. */
  at: string;
  date: string;
}

/** Money of a paid order that was cancelled: what went back and when, or that it is on its way back. */
export function RefundNote({ refunds, pending }: { refunds: RefundData[]; pending: boolean }) {
  if (refunds.length === 0 && !pending) return null;
  return (
    <div className="mt-3 flex items-start gap-2 rounded-lg border border-line bg-surface p-3">
      <Undo2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <ul className="flex flex-col gap-1">
        {refunds.map((refund) => (
          <li key={refund.at}>
            تم رد <Price value={refund.amount} className="font-semibold" /> إلى وسيلة الدفع بتاريخ <time dateTime={refund.at}>{refund.date}</time>.
          </li>
        ))}
        {pending && <li>المبلغ المدفوع في طريقه إليك: نعيده إلى وسيلة الدفع التي دفعت بها.</li>}
      </ul>
    </div>
  );
}
