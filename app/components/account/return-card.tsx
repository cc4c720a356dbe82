/**
 * One of the customer's returns on /profile: its number and order, where it stands, each line
 * (refund or the pair wanted instead), the money coming back and, while staff have not looked at
 * it yet, a form to cancel it.
 */
import { LoaderCircle } from 'lucide-react';
import { sizeName } from '../../../contracts/constants.ts';
import { REFUND_METHOD_LABELS, RETURN_REASON_LABELS, RETURN_STATUS_LABELS, type RefundMethod, type ReturnReason, type ReturnStatus } from '../../../contracts/returns.ts';
import { Ltr, Price } from '../../lib/format.tsx';
import { ColorOfLine } from '../catalogue/color-swatches.tsx';
import { FormAlert } from './form-field.tsx';

export interface ReturnCardData {
  id: string;
  number: number;
  orderNumber: number;
  status: ReturnStatus;
  date: string;
  createdAt: string;
  lines: {
    id: string;
    title: string;
    colorName: string | null;
    size: string;
    count: number;
    reason: ReturnReason;
    exchangeSize: string | null;
    exchangeColorName: string | null;
    received: number | null;
  }[];
  declineReason: string | null;
  shippingFee: number;
  refundAmount: number;
  refund: { amount: number; method: RefundMethod; succeeded: boolean } | null;
  trackingNumber: string | null;
}

/** The id of a return's card on the profile. */
export const returnAnchor = (number: number) => `return-${number}`;

const TONE: Record<ReturnStatus, string> = {
  requested: 'bg-amber-100 text-amber-900',
  approved: 'bg-brand-50 text-brand-700',
  declined: 'bg-red-50 text-sale',
  cancelled: 'bg-surface text-muted',
  received: 'bg-brand-50 text-brand-700',
  completed: 'bg-green-50 text-green-800',
};

/** A return's status as a coloured label (its words, never colour alone). */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return <span className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ${TONE[status]}`}>{RETURN_STATUS_LABELS[status]}</span>;
}

/** What happens next, in the customer's words, for a return in each status. */
const NEXT: Partial<Record<ReturnStatus, string>> = {
  requested: 'نراجع طلبك ونرد عليك قريباً.',
  approved: 'وافقنا على طلبك: جهّز القطع في تغليفها، وسيتواصل معك المندوب لاستلامها.',
  received: 'استلمنا القطع ونراجعها، ونرد المبلغ خلال 7 أيام من الاستلام.',
};

export function ReturnCard({ item, notice }: { item: ReturnCardData; notice?: string }) {
  const headingId = `return-${item.id}-heading`;
  return (
    <article id={returnAnchor(item.number)} aria-labelledby={headingId} className={`scroll-mt-20 rounded-xl border bg-white p-4 ${notice ? 'border-brand-600 ring-2 ring-brand-500' : 'border-line'}`}>
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-line pb-3">
        <div>
          <h3 id={headingId} className="text-lg font-bold">
            طلب إرجاع رقم <Ltr>#{item.number}</Ltr>
          </h3>
          <p className="text-sm text-muted">
            <time dateTime={item.createdAt}>{item.date}</time> · من الطلب رقم <Ltr>#{item.orderNumber}</Ltr>
          </p>
        </div>
        <ReturnStatusBadge status={item.status} />
      </header>
      {notice && (
        <div className="mt-3">
          <FormAlert tone="success" message={notice} />
        </div>
      )}
      {NEXT[item.status] && <p className="mt-3 rounded-lg bg-surface px-3 py-2">{NEXT[item.status]}</p>}
      {item.status === 'declined' && item.declineReason && (
        <p className="mt-3 rounded-lg bg-red-50 px-3 py-2">
          <span className="font-semibold">سبب الرفض: </span>
          {item.declineReason}
        </p>
      )}
      {item.trackingNumber && (
        <p className="mt-3 text-sm">
          <span className="text-muted">رقم شحنة الاستلام: </span>
          <Ltr className="font-mono font-semibold">{item.trackingNumber}</Ltr>
        </p>
      )}
      <ul className="mt-2 divide-y divide-line">
        {item.lines.map((line) => (
          <li key={line.id} className="py-2">
            <p className="font-semibold">{line.title}</p>
            <p className="text-sm text-muted">
              <ColorOfLine name={line.colorName} />
              المقاس: <Ltr>{sizeName(line.size)}</Ltr> · الكمية: <Ltr>{line.count}</Ltr> · {RETURN_REASON_LABELS[line.reason]}
            </p>
            <p className="text-sm">
              {line.exchangeSize ? (
                <>
                  استبدال: {line.exchangeColorName ? `${line.exchangeColorName}، ` : ''}مقاس <Ltr>{sizeName(line.exchangeSize)}</Ltr>
                </>
              ) : (
                'استرداد المبلغ'
              )}
              {line.received !== null && (
                <>
                  {' '}
                  · استلمنا <Ltr>{line.received}</Ltr>
                </>
              )}
            </p>
          </li>
        ))}
      </ul>
      {(item.refundAmount > 0 || item.refund) && (
        <div className="mt-2 flex flex-col gap-1 border-t border-line pt-3">
          {item.shippingFee > 0 && (
            <p className="flex justify-between gap-2 text-sm text-muted">
              <span>رسوم شحن الإرجاع</span>
              <Price value={item.shippingFee} className="whitespace-nowrap" />
            </p>
          )}
          <p className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-muted">{item.refund?.succeeded ? `تم رد المبلغ (${REFUND_METHOD_LABELS[item.refund.method]})` : 'المبلغ المسترد'}</span>
            <Price value={item.refund?.amount ?? item.refundAmount} className="whitespace-nowrap text-lg font-bold text-brand-700" />
          </p>
        </div>
      )}
      {item.status === 'requested' && (
        <form method="post" action="/profile" data-enhance="submit-once" className="mt-3 border-t border-line pt-3">
          <input type="hidden" name="intent" value="cancel-return" />
          <input type="hidden" name="returnId" value={item.id} />
          <button
            type="submit"
            className="group/submit inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-sale/60 bg-white px-4 font-semibold text-sale hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-80"
          >
            <LoaderCircle aria-hidden="true" className="hidden size-5 group-aria-busy/submit:inline motion-safe:animate-spin" />
            إلغاء طلب الإرجاع
          </button>
        </form>
      )}
    </article>
  );
}
