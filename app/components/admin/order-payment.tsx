/**
 * An order's payment on its admin page: how it is paid and when, Paymob's ids, every callback
 * Paymob sent about it and every refund. A callback that did not fit the order (a wrong amount,
 * money for a closed order, a second payment) waits for the admin to refund or keep the money;
 * a refund that failed can be tried again. Each is a plain form post to the page's action
 * (order-actions.server.ts): with JavaScript the answer is a toast and the section reloads.
 */
import { CircleAlert, LoaderCircle, RotateCcw, Undo2, Wallet } from 'lucide-react';
import { useFetcher } from 'react-router';
import { PAYMENT_OUTCOME_LABELS, type PaymentOutcome } from '../../../contracts/constants.ts';
import type { PaymentCallbackRecord } from '../../../core/payments/payments.ts';
import { Ltr, Price } from '../../lib/format.tsx';
import { useActionToasts, type ActionResult } from '../../lib/toast.ts';
import { stamp } from './date-time.ts';
import type { AdminOrderView } from './order-admin-card.tsx';

/** A stored Paymob callback as the page prints it, dates formatted once on the server. */
export interface PaymentCallbackView {
  id: string;
  at: { iso: string; text: string };
  transactionId: string;
  /** Pounds, as every price on the page. */
  amount: number;
  source: string;
  outcome: PaymentOutcome;
  needsDecision: boolean;
  decidedAt: { iso: string; text: string } | null;
  decision: PaymentCallbackRecord['decision'];
}

export function toPaymentCallbackViews(callbacks: PaymentCallbackRecord[]): PaymentCallbackView[] {
  return callbacks.map((c) => ({
    id: c.id,
    at: stamp(c.createdAt),
    transactionId: c.transactionId,
    amount: c.amountCents / 100,
    source: c.source,
    outcome: c.outcome,
    needsDecision: c.needsDecision,
    decidedAt: stamp(c.decidedAt),
    decision: c.decision,
  }));
}

const OUTCOME_TONES: Partial<Record<PaymentOutcome, string>> = {
  paid: 'bg-green-100 text-green-800',
  declined: 'bg-zinc-200 text-zinc-800',
  refund: 'bg-brand-50 text-brand-900',
};

const BUTTON_TONES = {
  danger: 'bg-sale text-white hover:bg-red-700',
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  secondary: 'border border-brand-600 bg-white text-brand-700 hover:bg-brand-50',
} as const;

/** One button posting one change; its answer is a toast, and the page's data reloads after it. */
function PaymentButton({ fields, tone, children }: { fields: Record<string, string>; tone: keyof typeof BUTTON_TONES; children: React.ReactNode }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToasts(fetcher.data);
  const pending = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" className="contents">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        disabled={pending}
        aria-busy={pending || undefined}
        className={`inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg px-4 py-2 font-semibold disabled:cursor-not-allowed disabled:opacity-80 sm:w-auto ${BUTTON_TONES[tone]}`}
      >
        {pending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
        {children}
      </button>
    </fetcher.Form>
  );
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
      <dt className="text-muted">{term}</dt>
      <dd className="min-w-0 text-end font-semibold break-words">{children}</dd>
    </div>
  );
}

function CallbackItem({ orderId, callback }: { orderId: string; callback: PaymentCallbackView }) {
  return (
    <li className={`flex flex-col gap-2 rounded-lg border p-3 ${callback.needsDecision ? 'border-sale/40 bg-red-50' : 'border-line'}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className={`inline-flex w-fit items-center rounded-full px-3 py-1 text-sm font-semibold ${OUTCOME_TONES[callback.outcome] ?? 'bg-amber-100 text-amber-900'}`}>
          {PAYMENT_OUTCOME_LABELS[callback.outcome]}
        </span>
        <time dateTime={callback.at.iso} className="text-sm text-muted">
          {callback.at.text}
        </time>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div className="min-w-0">
          <dt className="text-muted">رقم المعاملة</dt>
          <dd className="font-semibold">
            <Ltr className="break-all">{callback.transactionId}</Ltr>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted">المبلغ</dt>
          <dd className="font-semibold">
            <Price value={callback.amount} />
          </dd>
        </div>
        {callback.source && (
          <div className="col-span-2 min-w-0">
            <dt className="text-muted">وسيلة الدفع</dt>
            <dd className="font-semibold">
              <Ltr className="break-all">{callback.source}</Ltr>
            </dd>
          </div>
        )}
      </dl>
      {callback.needsDecision ? (
        <div className="flex flex-col gap-2 border-t border-sale/30 pt-2">
          <p className="flex items-center gap-1.5 font-semibold text-sale">
            <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
            ينتظر قراراً: استرد المبلغ إلى العميل، أو احتفظ به وتواصل معه.
          </p>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <PaymentButton tone="danger" fields={{ intent: 'decision', orderId, callbackId: callback.id, action: 'refund' }}>
              <Undo2 aria-hidden="true" className="size-5" />
              استرداد المبلغ<span className="sr-only"> للمعاملة {callback.transactionId}</span>
            </PaymentButton>
            <PaymentButton tone="secondary" fields={{ intent: 'decision', orderId, callbackId: callback.id, action: 'keep' }}>
              <Wallet aria-hidden="true" className="size-5" />
              الاحتفاظ بالمبلغ<span className="sr-only"> للمعاملة {callback.transactionId}</span>
            </PaymentButton>
          </div>
        </div>
      ) : (
        callback.decidedAt && (
          <p className="text-sm text-muted">
            {callback.decision?.action === 'refund' ? 'تم القرار: استرداد المبلغ' : 'تم القرار: الاحتفاظ بالمبلغ'} ·{' '}
            <time dateTime={callback.decidedAt.iso}>{callback.decidedAt.text}</time>
            {callback.decision?.by && <> · بواسطة: {callback.decision.by}</>}
          </p>
        )
      )}
    </li>
  );
}

/** How each refund status reads on the order page: done, sent and awaiting Paymob's answer, or refused. */
const REFUND_BADGES = {
  succeeded: { label: 'تم الاسترداد', item: 'border-line', badge: 'bg-green-100 text-green-800' },
  pending: { label: 'بانتظار رد بوابة الدفع', item: 'border-line bg-amber-50', badge: 'bg-amber-100 text-amber-900' },
  failed: { label: 'تعذر الاسترداد', item: 'border-sale/40 bg-red-50', badge: 'bg-red-100 text-red-800' },
} as const;

function RefundItem({ refund }: { refund: AdminOrderView['refunds'][number] }) {
  const look = REFUND_BADGES[refund.status];
  return (
    <li className={`flex flex-col gap-1.5 rounded-lg border p-3 ${look.item}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className={`inline-flex w-fit items-center rounded-full px-3 py-1 text-sm font-semibold ${look.badge}`}>{look.label}</span>
        <Price value={refund.amount} className="font-bold" />
      </div>
      <p className="text-sm text-muted">
        <time dateTime={refund.at.iso}>{refund.at.text}</time> · بواسطة: {refund.by}
      </p>
      {/* What Paymob answered, as plain text: never markup from outside. */}
      {refund.detail && (
        <p className="text-sm break-words">
          سبب التعذر: <Ltr className="break-all">{refund.detail}</Ltr>
        </p>
      )}
    </li>
  );
}

export function OrderPayment({ order, callbacks }: { order: AdminOrderView; callbacks: PaymentCallbackView[] }) {
  const card = order.paymentMethodType === 'card';
  return (
    <div className="flex flex-col gap-4">
      <dl className="flex flex-col gap-2">
        <Row term="طريقة الدفع">{order.paymentMethod}</Row>
        <Row term="الدفع">
          {order.paidAt ? (
            <>
              تم الدفع · <time dateTime={order.paidAt.iso}>{order.paidAt.text}</time>
            </>
          ) : (
            'لم يتم الدفع'
          )}
        </Row>
        {order.status === 'awaiting_payment' && order.paymentDueAt && (
          <Row term="آخر موعد للدفع">
            <time dateTime={order.paymentDueAt.iso}>{order.paymentDueAt.text}</time>
          </Row>
        )}
        {card && (
          <>
            <Row term="رقم طلب Paymob">{order.orderPaymobId ? <Ltr className="break-all">{order.orderPaymobId}</Ltr> : '—'}</Row>
            <Row term="رقم المعاملة">{order.trnxId ? <Ltr className="break-all">{order.trnxId}</Ltr> : '—'}</Row>
          </>
        )}
      </dl>
      {card && (
        <section aria-labelledby="payment-callbacks" className="flex flex-col gap-2 border-t border-line pt-3">
          <h3 id="payment-callbacks" className="font-bold">
            إشعارات بوابة الدفع
          </h3>
          {callbacks.length === 0 ? (
            <p className="text-sm text-muted">لم يصل من بوابة الدفع شيء عن هذا الطلب بعد.</p>
          ) : (
            <ol aria-label="إشعارات بوابة الدفع" className="flex flex-col gap-2">
              {callbacks.map((callback) => (
                <CallbackItem key={callback.id} orderId={order.id} callback={callback} />
              ))}
            </ol>
          )}
        </section>
      )}
      {(order.refunds.length > 0 || order.refundOwed) && (
        <section aria-labelledby="payment-refunds" className="flex flex-col gap-2 border-t border-line pt-3">
          <h3 id="payment-refunds" className="font-bold">
            الاسترداد
          </h3>
          {order.refunds.length > 0 && (
            <ol aria-label="عمليات الاسترداد" className="flex flex-col gap-2">
              {order.refunds.map((refund, i) => (
                <RefundItem key={`${refund.at.iso}-${i}`} refund={refund} />
              ))}
            </ol>
          )}
          {order.refundOwed && (
            <div className="flex">
              <PaymentButton tone="primary" fields={{ intent: 'refund', orderId: order.id }}>
                <RotateCcw aria-hidden="true" className="size-5" />
                إعادة محاولة الاسترداد
              </PaymentButton>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
