/**
 * The card payment of one of the shopper's orders, on the profile: what the shopper came back to
 * the order with, the time left to pay with a "pay now" button while the order awaits its
 * payment, and the money sent back for a paid order that was cancelled. Plain HTML: the profile
 * does not hydrate (docs/decisions/010).
 */
import { CreditCard, LoaderCircle, Undo2 } from 'lucide-react';
import { Price } from '../../lib/format.tsx';
import { FormAlert } from './form-field.tsx';
import { MinutesPhrase } from './payment-method.tsx';

export interface PaymentNoticeData {
  tone: 'success' | 'error';
  message: string;
}

/**
 * What the shopper came back to this order with (Paymob's answer, a gateway that was down, the
 * order cancelled or a refusal to cancel or pay it). With JavaScript it is also a toast, and it is
 * brought into view: Paymob's return has no fragment to land on the order's card.
 */
export function PaymentNotice({ notice }: { notice: PaymentNoticeData }) {
  return (
    <div data-enhance="toast into-view" data-toast-type={notice.tone} className="scroll-mb-4 scroll-mt-20 pt-3">
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
 * An order awaiting its card payment: until when it can be paid (as the page was made; a reload
 * says it anew), and "pay now", a plain form to the profile that answers with Paymob's page. A
 * refusal (the time ran out, the order was paid or cancelled meanwhile) comes back to this card,
 * with the order as it is now. While the post runs, the button is busy (app/enhance/submit-once.ts).
 */
export function PayNow({ orderId, number, due, hold }: { orderId: string; number: number; due: PaymentDueData; hold: boolean }) {
  return (
    <div className="mt-3 flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3">
      <p>
        أكمل الدفع قبل الساعة <time dateTime={due.at}>{due.time}</time>{' '}
        <span className="whitespace-nowrap">
          (متبقٍ <MinutesPhrase minutes={due.minutesLeft} />)
        </span>
        ، وإلا يُلغى الطلب وتعود منتجاته إلى المخزون.
      </p>
      {!hold && (
        <form method="post" action="/profile" data-enhance="submit-once">
          <input type="hidden" name="intent" value="pay" />
          <input type="hidden" name="orderId" value={orderId} />
          <button
            type="submit"
            aria-describedby={`pay-${orderId}-hint`}
            className="group/submit inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-80 sm:w-auto"
          >
            <LoaderCircle aria-hidden="true" className="hidden size-5 group-aria-busy/submit:inline motion-safe:animate-spin" />
            <CreditCard aria-hidden="true" className="size-5 group-aria-busy/submit:hidden" />
            ادفع الآن
          </button>
          <span id={`pay-${orderId}-hint`} className="sr-only">
            دفع الطلب رقم #{number} في صفحة الدفع الآمنة
          </span>
        </form>
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
