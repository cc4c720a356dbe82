/**
 * An order's shipment with a courier on the admin pages: handing a confirmed order to Bosta,
 * then its tracking number, where the courier says it is, its airway bill, and the cash the
 * courier collected until staff record Bosta paying it out. Every change is a plain form post
 * to the page's action (order-actions.server.ts).
 */
import { Banknote, ExternalLink, Printer, Truck } from 'lucide-react';
import { Form, useNavigation } from 'react-router';
import type { OrderStatus } from '../../../contracts/constants.ts';
import type { Shipment } from '../../../core/orders/orders.ts';
import { Ltr, Price } from '../../lib/format.tsx';
import { FormAlert } from '../account/form-field.tsx';
import { SpinnerButton } from '../account/spinner-button.tsx';
import { stamp } from './date-time.ts';

/** The courier's state as staff read it; `requesting` is the shop's own while the courier is being asked. */
export const SHIPMENT_STATE_LABELS: Record<string, string> = {
  requesting: 'جاري التسليم لشركة الشحن',
  created: 'بانتظار الاستلام من المتجر',
  in_transit: 'في الطريق',
  delivered: 'تم التسليم',
  returned: 'مرتجع إلى المتجر',
  cancelled: 'ملغاة',
  exception: 'تحتاج متابعة',
};

const COURIER_NAMES: Record<string, string> = { bosta: 'بوسطة' };

export const courierName = (courier: string) => COURIER_NAMES[courier] ?? courier;

export interface ShipmentView {
  courier: string;
  trackingNumber: string | null;
  state: string;
  allowOpenPackage: boolean;
  codAmount: number;
  cashCollected: number | null;
  paidOutAt: { iso: string; text: string } | null;
  trackingUrl: string | null;
  createdAt: { iso: string; text: string };
}

/** What the admin pages show of an order's shipment, dates formatted once on the server. */
export function toShipmentView(shipment: Shipment | null): ShipmentView | null {
  if (!shipment) return null;
  const { courier, trackingNumber, state, allowOpenPackage, codAmount, cashCollected, trackingUrl } = shipment;
  return { courier, trackingNumber, state, allowOpenPackage, codAmount, cashCollected, paidOutAt: stamp(shipment.paidOutAt), trackingUrl, createdAt: stamp(shipment.createdAt) };
}

/** The airway bill of one order: the PDF, or a short Arabic page when the courier cannot give it (routes/admin/airway-bills.ts). */
export const airwayBillUrl = (orderId: string) => `/admin/airway-bills?orderId=${orderId}`;

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
      <dt className="text-muted">{term}</dt>
      <dd className="min-w-0 text-end font-semibold">{children}</dd>
    </div>
  );
}

const LINK_BUTTON = 'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-brand-600 bg-white px-4 font-semibold text-brand-700 hover:bg-brand-50';

function ShipForm({ orderId }: { orderId: string }) {
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'ship';
  return (
    <Form method="post" className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="ship" />
      <input type="hidden" name="orderId" value={orderId} />
      <label className="flex min-h-11 cursor-pointer items-center gap-2">
        <input type="checkbox" name="allowOpenPackage" value="true" className="size-5 accent-brand-600" />
        السماح بفتح الشحنة
      </label>
      <SpinnerButton pending={sending} disabled={navigation.state === 'submitting'} className="w-full sm:w-fit">
        {!sending && <Truck aria-hidden="true" className="size-5" />}
        شحن مع بوسطة
      </SpinnerButton>
    </Form>
  );
}

function PaidOutForm({ orderId }: { orderId: string }) {
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'paid-out';
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="paid-out" />
      <input type="hidden" name="orderId" value={orderId} />
      <SpinnerButton pending={sending} disabled={navigation.state === 'submitting'} variant="secondary" className="w-full sm:w-fit">
        {!sending && <Banknote aria-hidden="true" className="size-5" />}
        تم استلام المبلغ من بوسطة
      </SpinnerButton>
    </Form>
  );
}

/** What the courier has of the order: its number, its state, the bill to print and the cash. */
function ShipmentDetails({ orderId, shipment, couriers }: { orderId: string; shipment: ShipmentView; couriers: boolean }) {
  if (!shipment.trackingNumber) return <p className="text-muted">{SHIPMENT_STATE_LABELS.requesting}…</p>;
  const collected = shipment.cashCollected;
  return (
    <div className="flex flex-col gap-4">
      <dl className="flex flex-col gap-2">
        <Row term="شركة الشحن">{courierName(shipment.courier)}</Row>
        <Row term="رقم الشحنة">
          <Ltr className="break-all font-mono">{shipment.trackingNumber}</Ltr>
        </Row>
        <Row term="حالة الشحنة">{SHIPMENT_STATE_LABELS[shipment.state] ?? shipment.state}</Row>
        <Row term="تاريخ التسليم للشركة">
          <time dateTime={shipment.createdAt.iso}>{shipment.createdAt.text}</time>
        </Row>
        <Row term="فتح الشحنة">{shipment.allowOpenPackage ? 'مسموح' : 'غير مسموح'}</Row>
        <Row term="المبلغ المطلوب تحصيله">
          <Price value={shipment.codAmount} />
        </Row>
        <Row term="المبلغ المحصّل">{collected === null ? 'لم يُحصَّل بعد' : <Price value={collected} />}</Row>
        {collected !== null && (
          <Row term="تحويل بوسطة للمبلغ">
            {shipment.paidOutAt ? (
              <>
                تم الاستلام في <time dateTime={shipment.paidOutAt.iso}>{shipment.paidOutAt.text}</time>
              </>
            ) : (
              'لم يُستلم بعد'
            )}
          </Row>
        )}
      </dl>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {couriers && (
          <a href={airwayBillUrl(orderId)} target="_blank" rel="noopener" className={LINK_BUTTON}>
            <Printer aria-hidden="true" className="size-5" />
            طباعة البوليصة
          </a>
        )}
        {shipment.trackingUrl && (
          <a href={shipment.trackingUrl} target="_blank" rel="noopener" className={LINK_BUTTON}>
            <ExternalLink aria-hidden="true" className="size-5" />
            صفحة التتبع
          </a>
        )}
      </div>
      {collected !== null && !shipment.paidOutAt && <PaidOutForm orderId={orderId} />}
    </div>
  );
}

/**
 * The order page's shipping panel. `couriers`: a courier is set up (BOSTA_*); without one and
 * without a shipment the panel is not shown, and shipping is marked by hand in the status panel.
 */
export function ShipmentPanel({
  orderId,
  status,
  shipment,
  couriers,
  refusal,
}: {
  orderId: string;
  status: OrderStatus;
  shipment: ShipmentView | null;
  couriers: boolean;
  /** Why the last shipping form was refused (the courier's answer included). */
  refusal?: string;
}) {
  if (!shipment && !couriers) return null;
  return (
    <section aria-labelledby="order-shipment" className="rounded-xl border border-line bg-white p-4 sm:p-5">
      <h2 id="order-shipment" className="mb-3 text-lg font-bold">
        الشحن
      </h2>
      <div className="flex flex-col gap-3">
        <FormAlert message={refusal} />
        {shipment ? (
          <ShipmentDetails orderId={orderId} shipment={shipment} couriers={couriers} />
        ) : status === 'confirmed' ? (
          <ShipForm orderId={orderId} />
        ) : status === 'pending' ? (
          <p className="text-muted">يُشحن الطلب مع بوسطة بعد تأكيده.</p>
        ) : (
          <p className="text-muted">لم يُسلَّم هذا الطلب لشركة شحن.</p>
        )}
      </div>
    </section>
  );
}
