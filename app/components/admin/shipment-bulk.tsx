/**
 * Handing several orders to the courier from the orders list, and printing their airway bills:
 * a checkbox on each order that can take part, and one form with two buttons. The checkboxes
 * live in the orders' cards, which hold forms of their own, so they join the form by its id.
 * A plain form, working the same without JavaScript: shipping posts the page, which answers
 * what became of each order; printing opens one PDF of every bill (routes/admin/airway-bills.ts).
 */
import { Printer, Truck } from 'lucide-react';
import { Ltr } from '../../lib/format.tsx';
import type { BulkShipmentReport } from '../../../core/couriers/shipments.ts';
import type { AdminOrderView } from './order-admin-card.tsx';


const BULK_FORM_ID = 'bulk-shipments';

/** Confirmed orders not yet sent can be shipped; orders with a tracking number can have their bill printed. */
export function selectableForShipment(order: Pick<AdminOrderView, 'status' | 'shipment'>): boolean {
  return order.shipment ? order.shipment.trackingNumber !== null : order.status === 'confirmed';
}

export function SelectForShipment({ orderId, orderNumber }: { orderId: string; orderNumber: number }) {
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-line px-3 text-sm font-semibold has-checked:border-brand-600 has-checked:bg-brand-50">
      <input type="checkbox" name="orderId" value={orderId} form={BULK_FORM_ID} className="size-5 accent-brand-600" />
      تحديد
      <span className="sr-only">
        {' '}
        الطلب رقم <Ltr>#{orderNumber}</Ltr>
      </span>
    </label>
  );
}

const BUTTON = 'inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg px-4 font-semibold sm:w-auto';

export function BulkShipmentForm() {
  return (
    <form id={BULK_FORM_ID} method="post" aria-label="الطلبات المحددة" className="mb-4 flex flex-col gap-3 rounded-xl border border-line bg-white p-3 sm:flex-row sm:flex-wrap sm:items-center sm:p-4">
      <p className="text-sm text-muted sm:me-auto">حدد الطلبات المؤكدة لشحنها معاً، أو المشحونة لطباعة بوالصها.</p>
      <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-semibold">
        <input type="checkbox" name="allowOpenPackage" value="true" className="size-5 accent-brand-600" />
        السماح بفتح الشحنة
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <button type="submit" name="intent" value="ship-many" className={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700`}>
          <Truck aria-hidden="true" className="size-5" />
          شحن المحدد مع بوسطة
        </button>
        <button
          type="submit"
          formAction="/admin/airway-bills"
          formMethod="get"
          formTarget="_blank"
          className={`${BUTTON} border border-brand-600 bg-white text-brand-700 hover:bg-brand-50`}
        >
          <Printer aria-hidden="true" className="size-5" />
          طباعة بوالص المحدد
        </button>
      </div>
    </form>
  );
}

/** What became of the orders just handed to the courier: how many went, and each refused with why. */
export function BulkShipmentReportView({ report }: { report: BulkShipmentReport }) {
  const failed = report.failed.length > 0;
  return (
    <div role={failed ? 'alert' : 'status'} className={`mb-4 rounded-lg border px-4 py-3 font-semibold ${failed ? 'border-sale/40 bg-red-50 text-sale' : 'border-new/40 bg-green-50 text-green-800'}`}>
      <p>
        {report.shipped > 0 ? (
          <>
            تم شحن <Ltr>{report.shipped}</Ltr> من الطلبات المحددة مع بوسطة.
          </>
        ) : (
          'لم يُشحن أي من الطلبات المحددة.'
        )}
      </p>
      {failed && (
        <ul className="mt-2 flex list-disc flex-col gap-1 ps-5">
          {report.failed.map((f, i) => (
            <li key={i}>
              تعذر شحن {f.number === null ? 'طلب' : <>طلب رقم <Ltr>#{f.number}</Ltr></>}: {f.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
