/**
 * One return on the dashboard (API.md "Additions: returns and exchanges"): what the customer
 * asked, and the staff's steps in order: approve or decline (with the reason the customer
 * reads), collect, record what arrived per line (restocked or kept out as damaged), refund (a
 * card through Paymob, else recorded by hand) and complete an exchange. Every step goes through
 * the same core functions as the API, which refuse a step out of turn with nothing changed.
 */
import { ArrowRight, ImageIcon } from 'lucide-react';
import { Form, Link, useNavigation } from 'react-router';
import { MSG } from '../../../contracts/messages.ts';
import { IdSchema } from '../../../contracts/schemas.ts';
import {
  MANUAL_REFUND_METHODS,
  REFUND_METHOD_LABELS,
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  ReceiveReturnSchema,
  ReturnRefundSchema,
  ReturnStatusChangeSchema,
} from '../../../contracts/returns.ts';
import { receiveReturn, refundReturn } from '../../../core/returns/return-lifecycle.ts';
import { changeReturnStatusWithCourier, createReturnShipment } from '../../../core/returns/return-shipments.ts';
import { getReturn } from '../../../core/returns/returns.ts';
import { AppError, parseOrThrow } from '../../../core/shared/errors.ts';
import { ReturnStatusBadge } from '../../components/account/return-card.tsx';
import { FormAlert } from '../../components/account/form-field.tsx';
import { SpinnerButton } from '../../components/account/spinner-button.tsx';
import { AdminHeader } from '../../components/admin/admin-header.tsx';
import { ColorAndSize } from '../../components/admin/color-and-size.tsx';
import { stamp } from '../../components/admin/date-time.ts';
import { DetailPanel } from '../../components/admin/detail-panel.tsx';
import { adminMeta } from '../../lib/admin-meta.ts';
import { Ltr, Price } from '../../lib/format.tsx';
import { fromAppError, readPageForm } from '../../lib/forms.server.ts';
import { productImage } from '../../lib/images.ts';
import { loadOr404 } from '../../lib/loaders.server.ts';
import { useImagesUrl } from '../../lib/root-data.ts';
import { requireAdmin } from '../../lib/session.server.ts';
import { useActionToasts, type ActionResult } from '../../lib/toast.ts';
import type { Route } from './+types/return-details';

export const meta = () => adminMeta('تفاصيل المرتجع');

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const found = await loadOr404(params.id, (id) => getReturn(context.db, id));
  return {
    item: {
      ...found,
      created: stamp(found.createdAt),
      refund: found.refund && { ...found.refund, at: stamp(found.refund.at) },
      statusHistory: found.statusHistory.map((h) => ({ status: h.status, by: h.by?.name ?? null, at: stamp(h.at) })),
      shipment: found.shipment && { ...found.shipment, createdAt: stamp(found.shipment.createdAt) },
      createdAt: undefined,
    },
    couriers: Boolean(context.couriers),
  };
}

const SAVED: Record<string, string> = {
  approved: 'تمت الموافقة على طلب الإرجاع',
  declined: 'تم رفض طلب الإرجاع',
  cancelled: 'تم إلغاء طلب الإرجاع',
  completed: 'اكتمل طلب الإرجاع',
};

/** One step of the return, by the form's intent: a status, the receipt, or the refund. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const read = await readPageForm(request, context);
  if ('refusal' in read) return read.refusal;
  const form = read.form;
  const values = Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const id = IdSchema.safeParse(params.id);
  if (!id.success) return fromAppError(new AppError(404, MSG.returnNotFound));
  const paymob = context.payments.paymob;
  try {
    const intent = values.intent;
    if (intent === 'status') {
      const change = parseOrThrow(ReturnStatusChangeSchema, { status: values.status, ...(values.status === 'declined' && { declineReason: values.declineReason ?? '' }) });
      await changeReturnStatusWithCourier(context.db, id.data, change, admin, context.couriers);
      return { ok: true, toast: { type: 'success', message: SAVED[change.status] ?? MSG.returnSettingsSaved } } satisfies ActionResult;
    }
    if (intent === 'ship') {
      await createReturnShipment(context.db, context.couriers, id.data, admin);
      return { ok: true, toast: { type: 'success', message: 'تم طلب استلام المرتجع من بوسطة' } } satisfies ActionResult;
    }
    if (intent === 'receive') {
      const lines = form.getAll('lineId').map((lineId) => ({
        lineId: String(lineId),
        received: Number(values[`received-${String(lineId)}`] ?? ''),
        restock: Number(values[`restock-${String(lineId)}`] ?? ''),
      }));
      await receiveReturn(context.db, id.data, parseOrThrow(ReceiveReturnSchema, { lines }), admin, paymob);
      return { ok: true, toast: { type: 'success', message: 'تم تسجيل استلام المرتجع' } } satisfies ActionResult;
    }
    if (intent === 'refund') {
      const body = values.method ? { method: values.method, ...(values.reference?.trim() && { reference: values.reference.trim() }) } : undefined;
      const returned = await refundReturn(context.db, id.data, parseOrThrow(ReturnRefundSchema, body), admin, paymob);
      const failed = returned.refund?.status === 'failed';
      return { ok: !failed, toast: { type: failed ? 'error' : 'success', message: failed ? 'تعذر رد المبلغ إلى البطاقة، حاول مرة أخرى' : 'تم تسجيل رد المبلغ' } } satisfies ActionResult;
    }
    return fromAppError(new AppError(400, MSG.invalidValue));
  } catch (error) {
    return fromAppError(error, values);
  }
}

type Item = Route.ComponentProps['loaderData']['item'];

function useBusy(intent: string, status?: string) {
  const navigation = useNavigation();
  const data = navigation.state === 'submitting' ? navigation.formData : undefined;
  return data?.get('intent') === intent && (status === undefined || data.get('status') === status);
}

function StatusButton({ status, label, variant = 'primary' }: { status: string; label: string; variant?: 'primary' | 'secondary' }) {
  const busy = useBusy('status', status);
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="status" value={status} />
      <SpinnerButton pending={busy} variant={variant} className="max-sm:w-full">
        {label}
      </SpinnerButton>
    </Form>
  );
}

function Decline() {
  const busy = useBusy('status', 'declined');
  return (
    <details className="group">
      <summary className="inline-flex min-h-11 cursor-pointer list-none items-center rounded-lg border border-sale/60 bg-white px-4 font-semibold text-sale hover:bg-red-50 [&::-webkit-details-marker]:hidden">
        رفض الطلب
      </summary>
      <Form method="post" className="mt-2 flex flex-col gap-2 rounded-lg border border-sale/40 bg-red-50 p-3">
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="status" value="declined" />
        <label className="flex flex-col gap-1">
          <span className="font-semibold">سبب الرفض (يراه العميل)</span>
          <textarea name="declineReason" rows={2} maxLength={300} required className="rounded-lg border border-line bg-white px-3 py-2 text-base" />
        </label>
        <SpinnerButton pending={busy} className="self-start bg-sale hover:bg-red-700">
          تأكيد الرفض
        </SpinnerButton>
      </Form>
    </details>
  );
}

/** What staff may do now, by the return's status. */
function NextSteps({ item }: { item: Item }) {
  const exchange = item.lines.some((l) => l.exchangeSize !== null);
  if (item.status === 'requested') {
    return (
      <div className="flex flex-wrap items-start gap-2">
        <StatusButton status="approved" label={exchange ? 'الموافقة (تُحجز قطع الاستبدال)' : 'الموافقة'} />
        <Decline />
      </div>
    );
  }
  if (item.status === 'approved') return <StatusButton status="cancelled" label="إلغاء المرتجع" variant="secondary" />;
  if (item.status === 'received' && exchange && (item.refundAmount === 0 || item.refund?.status === 'succeeded')) {
    return <StatusButton status="completed" label="تم إرسال قطع الاستبدال: إكمال" />;
  }
  return null;
}

const SHIPMENT_STATES: Record<string, string> = {
  requesting: 'جاري الطلب من شركة الشحن',
  created: 'بانتظار المندوب',
  in_transit: 'مع المندوب',
  delivered: 'وصل إلى المتجر',
  returned: 'عاد إلى العميل',
  cancelled: 'ملغي',
  exception: 'تعذر الاستلام',
};

/** The courier's pickup: its tracking number and state, or, for an approved return without one, the button that asks Bosta. */
function PickupPanel({ item, couriers }: { item: Item; couriers: boolean }) {
  const busy = useBusy('ship');
  const exchange = item.lines.some((l) => l.exchangeSize !== null);
  if (item.shipment) {
    return (
      <dl className="flex flex-col gap-1">
        <div className="flex flex-wrap justify-between gap-2">
          <dt className="text-muted">رقم الشحنة</dt>
          <dd>
            {item.shipment.trackingUrl ? (
              <a href={item.shipment.trackingUrl} target="_blank" rel="noopener" className="font-mono font-semibold text-brand-700 underline">
                <Ltr>{item.shipment.trackingNumber ?? '—'}</Ltr>
              </a>
            ) : (
              <Ltr className="font-mono font-semibold">{item.shipment.trackingNumber ?? '—'}</Ltr>
            )}
          </dd>
        </div>
        <div className="flex flex-wrap justify-between gap-2">
          <dt className="text-muted">الحالة</dt>
          <dd>{SHIPMENT_STATES[item.shipment.state] ?? item.shipment.state}</dd>
        </div>
        {item.shipment.codAmount > 0 && (
          <div className="flex flex-wrap justify-between gap-2">
            <dt className="text-muted">يحصّل المندوب</dt>
            <dd>
              <Price value={item.shipment.codAmount} className="whitespace-nowrap" />
            </dd>
          </div>
        )}
      </dl>
    );
  }
  if (item.status !== 'approved') return <p className="text-sm text-muted">لم يُطلب استلام المرتجع من شركة شحن.</p>;
  if (!couriers) return <p className="text-sm text-muted">الشحن يدوي: استلم القطع من العميل ثم سجّل الاستلام.</p>;
  return (
    <Form method="post" className="flex flex-col gap-2">
      <input type="hidden" name="intent" value="ship" />
      <p className="text-sm text-muted">
        {exchange ? 'استبدال: يسلّم المندوب القطع الجديدة ويستلم القديمة في زيارة واحدة.' : 'يستلم المندوب القطع من عنوان الطلب.'}
      </p>
      <SpinnerButton pending={busy} className="self-start max-sm:w-full">
        إرسال مع بوسطة
      </SpinnerButton>
    </Form>
  );
}

/** A choice of 0 to `count` pieces, all of them to start with. */
function PieceCount({ name, label, count }: { name: string; label: string; count: number }) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      {label}
      <select name={name} defaultValue={String(count)} className="min-h-11 rounded-lg border border-line bg-white px-3 text-base">
        {Array.from({ length: count + 1 }, (_, n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

function ReceiveForm({ item }: { item: Item }) {
  const busy = useBusy('receive');
  return (
    <Form method="post" className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="receive" />
      <p className="text-sm text-muted">سجّل ما وصل من كل منتج، وكم قطعة تعود إلى المخزون (الباقي تالف ولا يعود).</p>
      <ul className="flex flex-col gap-3">
        {item.lines.map((line) => (
          <li key={line.id} className="grid grid-cols-1 gap-2 rounded-lg bg-surface p-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
            <input type="hidden" name="lineId" value={line.orderItemId} />
            <span className="font-semibold">
              {line.product.title} · <ColorAndSize colorName={line.colorName} size={line.size} /> · الكمية: <Ltr>{line.count}</Ltr>
            </span>
            <PieceCount name={`received-${line.orderItemId}`} label="وصل" count={line.count} />
            <PieceCount name={`restock-${line.orderItemId}`} label="يعود للمخزون" count={line.count} />
          </li>
        ))}
      </ul>
      <SpinnerButton pending={busy} className="self-start max-sm:w-full">
        تسجيل الاستلام
      </SpinnerButton>
    </Form>
  );
}

function RefundPanel({ item }: { item: Item }) {
  const busy = useBusy('refund');
  const card = item.order.paymentMethodType === 'card' && item.order.isPaid;
  const refund = item.refund;
  return (
    <div className="flex flex-col gap-3">
      <dl className="flex flex-col gap-1">
        <div className="flex justify-between gap-2">
          <dt className="text-muted">رسوم شحن الإرجاع</dt>
          <dd>
            <Price value={item.shippingFee} className="whitespace-nowrap" />
          </dd>
        </div>
        <div className="flex justify-between gap-2 font-bold">
          <dt>المبلغ المسترد</dt>
          <dd>
            <Price value={item.refundAmount} className="whitespace-nowrap" />
          </dd>
        </div>
      </dl>
      {refund && (
        <p className={`rounded-lg px-3 py-2 ${refund.status === 'succeeded' ? 'bg-green-50 text-green-800' : refund.status === 'failed' ? 'bg-red-50 text-sale' : 'bg-surface'}`}>
          {refund.status === 'succeeded' ? 'تم رد' : refund.status === 'failed' ? 'تعذر رد' : 'جاري رد'} <Price value={refund.amount} className="whitespace-nowrap" /> · {REFUND_METHOD_LABELS[refund.method]}
          {refund.reference && (
            <>
              {' '}
              · مرجع <Ltr>{refund.reference}</Ltr>
            </>
          )}{' '}
          · <time dateTime={refund.at.iso}>{refund.at.text}</time>
        </p>
      )}
      {item.status === 'received' && item.refundAmount > 0 && refund?.status !== 'succeeded' && refund?.status !== 'pending' && (
        card ? (
          <Form method="post">
            <input type="hidden" name="intent" value="refund" />
            <SpinnerButton pending={busy}>رد المبلغ إلى البطاقة عبر Paymob</SpinnerButton>
          </Form>
        ) : (
          <Form method="post" className="grid grid-cols-1 gap-2 sm:grid-cols-[auto_1fr_auto] sm:items-end">
            <input type="hidden" name="intent" value="refund" />
            <label className="flex flex-col gap-1 text-sm">
              طريقة الرد
              <select name="method" required defaultValue="" className="min-h-11 rounded-lg border border-line bg-white px-3 text-base">
                <option value="" disabled>
                  اختر
                </option>
                {MANUAL_REFUND_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {REFUND_METHOD_LABELS[m]}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm">
              المرجع (اختياري: رقم التحويل)
              <input name="reference" maxLength={100} dir="ltr" className="min-h-11 rounded-lg border border-line bg-white px-3 text-base" />
            </label>
            <SpinnerButton pending={busy}>تسجيل رد المبلغ</SpinnerButton>
          </Form>
        )
      )}
    </div>
  );
}

export default function ReturnDetails({ loaderData, actionData }: Route.ComponentProps) {
  const imagesUrl = useImagesUrl();
  const { item, couriers } = loaderData;
  const result = actionData as ActionResult | undefined;
  useActionToasts(result);
  const refusal = result?.ok === false ? (result.toast?.message ?? Object.values(result.errors ?? {})[0]) : undefined;
  return (
    <>
      <AdminHeader
        title="تفاصيل المرتجع"
        subtitle={
          <>
            مرتجع رقم <Ltr>#{item.number}</Ltr> · <time dateTime={item.created.iso}>{item.created.text}</time>
          </>
        }
        action={{ to: '/admin/returns', label: 'كل المرتجعات', icon: ArrowRight }}
      />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="flex min-w-0 flex-col gap-4 lg:col-start-2 lg:row-start-1">
          <DetailPanel id="return-status" title="الحالة">
            <div className="flex flex-col gap-3">
              <p className="flex flex-wrap items-center gap-2">
                <span className="text-muted">الحالة الآن:</span>
                <ReturnStatusBadge status={item.status} />
              </p>
              <FormAlert message={refusal} />
              <NextSteps item={item} />
              {item.declineReason && (
                <p className="rounded-lg bg-red-50 px-3 py-2">
                  <span className="font-semibold">سبب الرفض: </span>
                  {item.declineReason}
                </p>
              )}
            </div>
            <ol className="mt-4 flex flex-col gap-1 border-t border-line pt-3 text-sm">
              {item.statusHistory.map((h, i) => (
                <li key={i} className="flex flex-wrap justify-between gap-2">
                  <span>
                    {RETURN_STATUS_LABELS[h.status]}
                    {h.by && <span className="text-muted"> · {h.by}</span>}
                  </span>
                  <time dateTime={h.at.iso} className="text-muted">
                    {h.at.text}
                  </time>
                </li>
              ))}
            </ol>
          </DetailPanel>
          <DetailPanel id="return-customer" title="العميل والطلب">
            <p>
              {item.user.name} · <Ltr>{item.user.phone}</Ltr>
            </p>
            <p className="mt-1">
              <Link to={`/admin/order-details/${item.order.id}`} className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline">
                الطلب رقم <Ltr>#{item.order.number}</Ltr>
              </Link>{' '}
              <span className="text-sm text-muted">· {item.order.paymentMethodType === 'card' ? 'بطاقة' : 'دفع عند الاستلام'}</span>
            </p>
            {item.note && (
              <p className="mt-2 rounded-lg bg-surface px-3 py-2">
                <span className="font-semibold">ملاحظة العميل: </span>
                {item.note}
              </p>
            )}
          </DetailPanel>
        </div>
        <div className="flex min-w-0 flex-col gap-4 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <DetailPanel id="return-lines" title="القطع">
            <ul className="divide-y divide-line">
              {item.lines.map((line) => (
                <li key={line.id} className="flex items-start gap-3 py-3">
                  {line.product.imageCover ? (
                    <img src={productImage(line.product.imageCover, imagesUrl).thumb} width={48} height={64} alt="" loading="lazy" className="h-16 w-12 shrink-0 rounded-md bg-surface object-cover" />
                  ) : (
                    <ImageIcon aria-hidden="true" className="size-12 shrink-0 text-muted" />
                  )}
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">{line.product.title}</p>
                    <p className="text-sm text-muted">
                      <ColorAndSize colorName={line.colorName} size={line.size} /> · الكمية: <Ltr>{line.count}</Ltr> · {RETURN_REASON_LABELS[line.reason]}
                    </p>
                    <p className="text-sm">
                      {line.exchangeSize ? (
                        <>
                          استبدال: <ColorAndSize colorName={line.exchangeColorName} size={line.exchangeSize} />
                        </>
                      ) : (
                        <>
                          استرداد · سعر القطعة المدفوع <Price value={line.paidPrice} className="whitespace-nowrap" />
                        </>
                      )}
                    </p>
                    {line.received !== null && (
                      <p className="text-sm">
                        وصل <Ltr>{line.received}</Ltr> · عاد للمخزون <Ltr>{line.restocked ?? 0}</Ltr>
                      </p>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          </DetailPanel>
          {(item.status === 'approved' || item.shipment) && (
            <DetailPanel id="return-pickup" title="شركة الشحن">
              <PickupPanel item={item} couriers={couriers} />
            </DetailPanel>
          )}
          {item.status === 'approved' && (
            <DetailPanel id="return-receive" title="استلام المرتجع">
              <ReceiveForm item={item} />
            </DetailPanel>
          )}
          <DetailPanel id="return-refund" title="المبلغ">
            <RefundPanel item={item} />
          </DetailPanel>
        </div>
      </div>
    </>
  );
}
