import { ArrowRight, ImageIcon } from 'lucide-react';
import { flagChangeAllowed, isClosedStatus, MAX_PAGE_SIZE } from '../../../contracts/constants.ts';
import { listMessages } from '../../../core/messages/messages.ts';
import { getOrder } from '../../../core/orders/orders.ts';
import { listPaymentCallbacks } from '../../../core/payments/payments.ts';
import { whatsAppConnected } from '../../../core/messages/outbox.ts';
import { FormAlert } from '../../components/account/form-field.tsx';
import { AdminHeader } from '../../components/admin/admin-header.tsx';
import { ColorAndSize } from '../../components/admin/color-and-size.tsx';
import { changeOrder, type ShipmentActionResult } from '../../components/admin/order-actions.server.ts';
import { CardPaidState, DecisionBadge, Detail, toAdminOrderView } from '../../components/admin/order-admin-card.tsx';
import { OrderPayment, toPaymentCallbackViews } from '../../components/admin/order-payment.tsx';
import { OrderStatusBadge } from '../../components/admin/order-status-badge.tsx';
import { OrderStatusSelect } from '../../components/admin/order-status-select.tsx';
import { OrderMessages } from '../../components/admin/order-messages.tsx';
import { OrderNextSteps, StatusHistory, toStatusHistory } from '../../components/admin/order-steps.tsx';
import { ShipmentPanel } from '../../components/admin/shipment-panel.tsx';
import { DetailPanel } from '../../components/admin/detail-panel.tsx';
import { toMessageView } from '../../components/admin/whatsapp-message.tsx';
import { adminMeta } from '../../lib/admin-meta.ts';
import { loadOr404 } from '../../lib/loaders.server.ts';
import { lineTotal, orderTotal, roundingOf } from '../../../contracts/money.ts';
import { Discount, Ltr, Price } from '../../lib/format.tsx';
import { productImage } from '../../lib/images.ts';
import { useImagesUrl } from '../../lib/root-data.ts';
import { requireAdmin } from '../../lib/session.server.ts';
import { useActionToasts } from '../../lib/toast.ts';
import type { Route } from './+types/order-details';

export const meta = () => adminMeta('تفاصيل الطلب');

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const order = await loadOr404(params.id, (id) => getOrder(context.db, id));
  const callbacks = toPaymentCallbackViews(await listPaymentCallbacks(context.db, order.id));
  const messages = await listMessages(context.db, context.storeUrl, { page: 1, limit: MAX_PAGE_SIZE, orderId: order.id });
  return {
    order: toAdminOrderView(order, callbacks.some((c) => c.needsDecision)),
    callbacks,
    lines: order.lines,
    history: toStatusHistory(order.statusHistory),
    couriers: Boolean(context.couriers),
    messages: messages.data.map(toMessageView),
    whatsapp: whatsAppConnected(context.db),
  };
}

/** A step of the order's life, its paid flag, a decision on a Paymob callback, a refund tried again, or its shipment (order-actions.server.ts). */
export const action = ({ request, context }: Route.ActionArgs) => changeOrder(request, context);

function Row({ term, children, strong = false }: { term: string; children: React.ReactNode; strong?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-3 ${strong ? 'border-t border-line pt-2 text-lg font-bold' : ''}`}>
      <dt className={strong ? '' : 'text-muted'}>{term}</dt>
      <dd className="text-end">{children}</dd>
    </div>
  );
}

export default function OrderDetails({ loaderData, actionData }: Route.ComponentProps) {
  const imagesUrl = useImagesUrl();
  const { order, callbacks, lines, history, couriers, messages, whatsapp } = loaderData;
  const rounding = roundingOf(order.itemsTotal);
  const total = orderTotal(order.itemsTotal, order.shippingPrice, order.discount);
  const card = order.paymentMethodType === 'card';
  // A refused step shows beside the buttons, with or without JavaScript; a done one is a toast (a refund that failed included).
  useActionToasts(actionData?.ok ? actionData : undefined);
  const refused = !actionData?.ok && actionData?.toast?.type === 'error' ? actionData.toast.message : undefined;
  const aboutShipment = (actionData as ShipmentActionResult | undefined)?.about === 'shipment';
  const refusal = aboutShipment ? undefined : refused;

  return (
    <>
      <AdminHeader
        title="تفاصيل الطلب"
        subtitle={
          <>
            طلب رقم <Ltr>#{order.number}</Ltr> · <time dateTime={order.createdAt}>{order.placed}</time>
          </>
        }
        action={{ to: '/admin/manage-orders', label: 'كل الطلبات', icon: ArrowRight }}
      />
      {/* On a phone the status and its steps come first; on a desktop they head the side column. */}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:grid-rows-[auto_1fr] lg:items-start">
        <div className="flex min-w-0 flex-col gap-4 lg:col-start-2 lg:row-start-1">
          <DetailPanel id="order-status" title="الحالة">
            <div className="flex flex-col gap-4">
              <p className="flex flex-wrap items-center gap-2">
                <span className="text-muted">الحالة الآن:</span>
                <OrderStatusBadge status={order.status} />
                {order.needsDecision && (
                  <a href="#order-payment" className="rounded-full focus-visible:outline-2">
                    <DecisionBadge />
                  </a>
                )}
                {order.refundOwed && (
                  <a href="#order-payment" className="rounded-full focus-visible:outline-2">
                    <DecisionBadge label="تعذر الاسترداد" />
                  </a>
                )}
              </p>
              <FormAlert message={refusal} />
              <OrderNextSteps key={order.status} orderId={order.id} status={order.status} refund={card && order.isPaid ? total : undefined} />
              <div className="border-t border-line pt-3">
                {/* Paymob alone marks a card order paid; a cancelled or refused cash order is never paid, one marked paid can still be set back. */}
                {card ? (
                  <CardPaidState isPaid={order.isPaid} />
                ) : order.isPaid || !isClosedStatus(order.status) ? (
                  <OrderStatusSelect orderId={order.id} orderNumber={order.number} flag="paid" value={order.isPaid} changeAllowed={flagChangeAllowed('paid', order)} />
                ) : (
                  <p className="text-sm text-muted">حالة الدفع: لم يتم الدفع</p>
                )}
              </div>
            </div>
            <dl className="mt-4 flex flex-col gap-2 border-t border-line pt-3">
              <Row term="تاريخ الطلب">
                <time dateTime={order.createdAt}>{order.placed}</time>
              </Row>
              <Row term="تاريخ الدفع">{order.paidAt ? <time dateTime={order.paidAt.iso}>{order.paidAt.text}</time> : '—'}</Row>
              <Row term="تاريخ التوصيل">{order.deliveredAt ? <time dateTime={order.deliveredAt.iso}>{order.deliveredAt.text}</time> : '—'}</Row>
            </dl>
          </DetailPanel>
          <ShipmentPanel orderId={order.id} status={order.status} shipment={order.shipment} couriers={couriers} refusal={aboutShipment ? refused : undefined} />
        </div>
        <div className="flex min-w-0 flex-col gap-4 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <DetailPanel id="order-items" title="المنتجات">
            <ul className="divide-y divide-line">
              {lines.map((line) => {
                const image = productImage(line.imageCover, imagesUrl);
                return (
                  <li key={line.id} className="flex gap-3 py-3 first:pt-0 last:pb-0">
                    <a
                      href={image.zoom}
                      target="_blank"
                      rel="noreferrer"
                      aria-label={`صورة الغلاف: ${line.title}`}
                      className="group relative shrink-0 self-start"
                    >
                      <img src={image.thumb} width={64} height={85} alt="" loading="lazy" className="h-[5.3rem] w-16 rounded-md bg-surface object-cover" />
                      <ImageIcon aria-hidden="true" className="absolute bottom-1 end-1 size-5 rounded bg-white/90 p-0.5 text-brand-700" />
                    </a>
                    <div className="min-w-0 flex-1">
                      <h3 className="font-semibold leading-snug">{line.title}</h3>
                      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
                        <Detail term="كود المنتج">{line.barcode ? <Ltr>{line.barcode}</Ltr> : '—'}</Detail>
                        <Detail term={line.colorName ? 'اللون والمقاس' : 'المقاس'}>
                          <ColorAndSize colorName={line.colorName} size={line.size} />
                        </Detail>
                        <Detail term="الكمية">
                          <Ltr>{line.count}</Ltr>
                        </Detail>
                        <Detail term="سعر القطعة">
                          <Price value={line.price} />
                        </Detail>
                        <Detail term="الإجمالي">
                          <Price value={lineTotal(line)} className="text-brand-700" />
                        </Detail>
                      </dl>
                    </div>
                  </li>
                );
              })}
            </ul>
          </DetailPanel>
          <DetailPanel id="order-totals" title="الحساب">
            <dl className="flex flex-col gap-2">
              <Row term="إجمالي المنتجات">
                <Price value={order.itemsTotal} />
              </Row>
              {/* The total rounds the items up to the pound (SPEC.md §9): say so rather than leave a sum that does not add up. */}
              {rounding > 0 && (
                <Row term="تقريب لأقرب جنيه">
                  <Price value={rounding} />
                </Row>
              )}
              {order.couponCode && (
                <Row term={`خصم الكود ${order.couponCode}`}>
                  <Discount value={order.discount} />
                </Row>
              )}
              <Row term="الشحن">
                <Price value={order.shippingPrice} />
              </Row>
              <Row term="الإجمالي شامل الشحن" strong>
                <Price value={total} className="text-brand-700" />
              </Row>
            </dl>
          </DetailPanel>
          <DetailPanel id="order-payment" title="الدفع">
            <OrderPayment order={order} callbacks={callbacks} />
          </DetailPanel>
        </div>
        <div className="flex min-w-0 flex-col gap-4 lg:col-start-2 lg:row-start-2">
          <DetailPanel id="order-history" title="سجل الحالة">
            <StatusHistory entries={history} />
          </DetailPanel>
          {(whatsapp || messages.length > 0) && <OrderMessages orderId={order.id} messages={messages} connected={whatsapp} />}
          <DetailPanel id="order-customer" title="العميل">
            <dl className="grid grid-cols-1 gap-3">
              <Detail term="الاسم">{order.customer.name}</Detail>
              <Detail term="هاتف الحساب">
                <Ltr>{order.customer.phone}</Ltr>
              </Detail>
            </dl>
          </DetailPanel>
          <DetailPanel id="order-shipping" title="بيانات الشحن">
            <dl className="grid grid-cols-1 gap-3">
              <Detail term="المحافظة">{order.shipping.city}</Detail>
              {order.shipping.district && <Detail term="المنطقة">{order.shipping.district}</Detail>}
              <Detail term="هاتف الشحن">
                <Ltr>{order.shipping.phone}</Ltr>
              </Detail>
              <Detail term="العنوان">{order.shipping.details}</Detail>
              <Detail term="الرمز البريدي">
                <Ltr>{order.shipping.postalCode}</Ltr>
              </Detail>
              <Detail term="معرف الطلب">
                <Ltr className="break-all font-mono text-sm font-normal">{order.id}</Ltr>
              </Detail>
            </dl>
          </DetailPanel>
        </div>
      </div>
    </>
  );
}
