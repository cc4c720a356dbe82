/**
 * The one door for the admin's changes to an order, posted from the orders list and from an
 * order's page: a flag (delivered, paid) set to the value chosen, a step of the order's life
 * (closing a paid card order refunds it through Paymob), a decision on a Paymob callback that
 * did not fit the order, another try at a refund that failed, the order handed to the courier,
 * or the courier's cash recorded as paid out. With JavaScript the answer is a toast; a plain
 * post goes back to the page it came from, where the payment section shows how a refund went,
 * or, refused, shows the page again with the Arabic message. Several orders handed to the
 * courier at once answer with the page and what became of each, with or without JavaScript.
 */
import { data, redirect, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { ORDER_STATUSES, PAGE_SIZE, paymentToGiveBack, refundsOfPayment, type RefundStatus } from '../../../contracts/constants.ts';
import { MSG } from '../../../contracts/messages.ts';
import { IdSchema } from '../../../contracts/schemas.ts';
import { AppError } from '../../../core/shared/errors.ts';
import { setOrderFlag } from '../../../core/orders/order-lifecycle.ts';
import { changeOrderStatusWithCourier, createShipment, createShipments, recordCashPaidOut, type BulkShipmentReport } from '../../../core/couriers/shipments.ts';
import { getOrder, type Order, type Viewer } from '../../../core/orders/orders.ts';
import { decidePayment } from '../../../core/payments/payments.ts';
import { refundPaidOrder } from '../../../core/payments/refunds.ts';
import { fieldErrors, fromAppError, invalid, refererPath, readPageForm } from '../../lib/forms.server.ts';
import { requireAdmin } from '../../lib/session.server.ts';
import { isDocumentRequest } from '../../lib/shopper.server.ts';
import type { ActionResult } from '../../lib/toast.ts';

/** A checkbox: sent as "true" when ticked, absent otherwise. */
const AllowOpenPackageSchema = z
  .literal('true', { error: MSG.invalidValue })
  .optional()
  .transform((v) => v === 'true');

/** Messages of the orders list's bulk form; none of the shop's others say this. */
const NO_ORDER_CHOSEN = 'اختر طلباً واحداً على الأقل';
const TOO_MANY_CHOSEN = `اختر ${PAGE_SIZE} طلباً على الأكثر في كل مرة`;

const OrderChangeSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({
      intent: z.literal('flag'),
      orderId: IdSchema,
      flag: z.enum(['delivered', 'paid'], { error: MSG.invalidValue }),
      value: z.enum(['true', 'false'], { error: MSG.invalidValue }).transform((v) => v === 'true'),
    }),
    z.object({
      intent: z.literal('status'),
      orderId: IdSchema,
      status: z.enum(ORDER_STATUSES, { error: MSG.statusInvalid }),
    }),
    z.object({
      intent: z.literal('decision'),
      orderId: IdSchema,
      callbackId: IdSchema,
      action: z.enum(['refund', 'keep'], { error: MSG.invalidValue }),
    }),
    z.object({ intent: z.literal('refund'), orderId: IdSchema }),
    z.object({ intent: z.literal('ship'), orderId: IdSchema, allowOpenPackage: AllowOpenPackageSchema }),
    z.object({ intent: z.literal('paid-out'), orderId: IdSchema }),
  ],
  { error: MSG.invalidValue },
);

/** A plain form post goes back to the admin page it came from (the list's page, or an order's details). */
function backTo(request: Request) {
  const from = refererPath(request);
  return redirect(from?.startsWith('/admin/') ? from : '/admin/manage-orders');
}

type Toast = NonNullable<ActionResult['toast']>;

/** How a refund went, as the admin is told: done, failed and where to try again, or still waiting for Paymob's answer. */
function refundToast(status: RefundStatus, prefix?: string): Toast {
  const message = status === 'succeeded' ? MSG.refundSucceeded : status === 'pending' ? MSG.refundInProgress : `${MSG.refundFailed} ${MSG.refundRetryHint}`;
  return { type: status === 'failed' ? 'error' : 'success', message: prefix ? `${prefix}. ${message}` : message };
}

/** How the refund went that closing a paid card order just made (core/orders/order-lifecycle.ts changeOrderStatus refunds it). */
function refundOfClosing(order: Order): RefundStatus | undefined {
  if (!paymentToGiveBack(order)) return undefined;
  return refundsOfPayment(order).at(-1)?.status;
}

/** Carries out the posted change; the toast it answers with, or throws core's AppError. */
async function apply(change: z.infer<typeof OrderChangeSchema>, context: AppLoadContext, admin: Viewer): Promise<Toast> {
  switch (change.intent) {
    case 'flag':
      await setOrderFlag(context.db, change.orderId, change.flag, change.value, admin.id);
      return { type: 'success', message: change.flag === 'paid' ? MSG.markedPaid : MSG.orderStatusChanged };
    case 'status': {
      const order = await changeOrderStatusWithCourier(context.db, change.orderId, change.status, admin, context.payments.paymob, context.couriers);
      const refund = refundOfClosing(order);
      return refund ? refundToast(refund, MSG.orderStatusChanged) : { type: 'success', message: MSG.orderStatusChanged };
    }
    case 'decision': {
      const outcome = await decidePayment(context.db, context.payments, change.orderId, change.callbackId, change.action, admin);
      return outcome === 'kept' ? { type: 'success', message: MSG.paymentDecisionRecorded } : refundToast(outcome);
    }
    case 'refund': {
      const outcome = await refundPaidOrder(context.db, context.payments.paymob, change.orderId, admin.id);
      if (!outcome) throw new AppError(409, MSG.refundNothingToRefund);
      // Another refund of this payment is waiting for Paymob's answer: nothing more was sent.
      if (outcome === 'pending') throw new AppError(409, MSG.refundInProgress);
      return refundToast(outcome);
    }
    case 'ship':
      await createShipment(context.db, context.couriers, change.orderId, admin, { allowOpenPackage: change.allowOpenPackage });
      return { type: 'success', message: MSG.shipmentCreated };
    case 'paid-out':
      if ((await recordCashPaidOut(context.db, [change.orderId])) === 0) throw new AppError(409, MSG.cashNotCollected);
      return { type: 'success', message: MSG.cashPaidOutRecorded };
  }
}

/** The answers of the shipping panel's forms say so, for the page to show the refusal there rather than by the status. */
export type ShipmentActionResult = ActionResult & { about?: 'shipment'; bulk?: BulkShipmentReport };

/**
 * A refused shipping form: the courier's own refusals and silences (502) carry Arabic messages
 * meant for staff, so they are shown as they are, unlike other server errors.
 */
function shipmentRefusal(error: unknown) {
  if (!(error instanceof AppError) || error.status === 500) return fromAppError(error);
  return data<ShipmentActionResult>({ ok: false, toast: { type: 'error', message: error.message }, about: 'shipment' }, { status: error.status });
}

/** Applies the posted change as the signed-in admin; a refused step (409) answers with its message, naming the order. */
export async function changeOrder(request: Request, context: AppLoadContext) {
  const admin = await requireAdmin(request, context);
  const read = await readPageForm(request, context);
  if ('refusal' in read) return read.refusal;
  if (read.form.get('intent') === 'ship-many') return shipMany(read.form, context, admin);
  const parsed = OrderChangeSchema.safeParse(Object.fromEntries(read.form));
  if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
  const change = parsed.data;
  let toast: Toast;
  try {
    toast = await apply(change, context, admin);
  } catch (error) {
    if (change.intent === 'ship' || change.intent === 'paid-out') return shipmentRefusal(error);
    if (!(error instanceof AppError) || error.status !== 409) return fromAppError(error);
    const number = await getOrder(context.db, change.orderId).then((order) => order.number, () => undefined);
    return fromAppError(number === undefined ? error : new AppError(409, `${MSG.orderNumberPrefix} #${number}: ${error.message}`));
  }
  if (isDocumentRequest(request)) return backTo(request);
  // A refund that failed is still a change made: the page reloads to show it, with the retry beside it.
  return { ok: true, toast } satisfies ActionResult;
}

/** The most orders handed to the courier in one post: a page of the orders list. */
const MAX_BULK_SHIPMENTS = PAGE_SIZE;

const ShipManySchema = z.object({
  orderIds: z.array(IdSchema).min(1, { error: NO_ORDER_CHOSEN }).max(MAX_BULK_SHIPMENTS, { error: TOO_MANY_CHOSEN }),
  allowOpenPackage: AllowOpenPackageSchema,
});

/** "طلب واحد", "طلبين", "3 طلبات", "11 طلباً": the count agreeing as Arabic counts orders. */
function ordersCount(count: number): string {
  if (count === 1) return 'طلب واحد';
  if (count === 2) return 'طلبين';
  return `${count} ${count <= 10 ? 'طلبات' : 'طلباً'}`;
}

/** The report in one sentence, for the toast: "تم شحن 3 طلبات، وتعذر شحن طلب #12: …". */
function bulkShipmentMessage(report: BulkShipmentReport): string {
  const failed = report.failed.map((f) => `${f.number === null ? 'طلب' : `${MSG.orderNumberPrefix} #${f.number}`}: ${f.message}`).join('؛ ');
  if (report.failed.length === 0) return `تم شحن ${ordersCount(report.shipped)} مع بوسطة`;
  if (report.shipped === 0) return `تعذر شحن ${failed}`;
  return `تم شحن ${ordersCount(report.shipped)}، وتعذر شحن ${failed}`;
}

/** The orders chosen on the list handed to the courier (core's createShipments); the page answers with the report (no redirect: a plain post would lose it). */
async function shipMany(form: FormData, context: AppLoadContext, admin: Viewer) {
  const parsed = ShipManySchema.safeParse({ orderIds: [...new Set(form.getAll('orderId'))], allowOpenPackage: form.get('allowOpenPackage') ?? undefined });
  if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
  const report = await createShipments(context.db, context.couriers, parsed.data.orderIds, admin, { allowOpenPackage: parsed.data.allowOpenPackage });
  const toast: Toast = { type: report.failed.length === 0 ? 'success' : 'error', message: bulkShipmentMessage(report) };
  return data<ShipmentActionResult>({ ok: report.shipped > 0, toast, bulk: report });
}
