/**
 * The one door for the admin's changes to an order, posted from the orders list and from an
 * order's page: a flag (delivered, paid) set to the value chosen, a step of the order's life
 * (closing a paid card order refunds it through Paymob), a decision on a Paymob callback that
 * did not fit the order, or another try at a refund that failed. With JavaScript the answer is
 * a toast; a plain post goes back to the page it came from, where the payment section shows how
 * a refund went, or, refused, shows the page again with the Arabic message.
 */
import { redirect, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { ORDER_STATUSES, paymentToGiveBack, refundsOfPayment, type RefundStatus } from '../../../contracts/constants.ts';
import { MSG } from '../../../contracts/messages.ts';
import { IdSchema } from '../../../contracts/schemas.ts';
import { AppError } from '../../../core/errors.ts';
import { setOrderFlag } from '../../../core/order-lifecycle.ts';
import { changeOrderStatusWithCourier } from '../../../core/shipments.ts';
import { getOrder, type Order, type Viewer } from '../../../core/orders.ts';
import { decidePayment } from '../../../core/payments.ts';
import { refundPaidOrder } from '../../../core/refunds.ts';
import { fieldErrors, fromAppError, invalid, refererPath, readPageForm } from '../../lib/forms.server.ts';
import { requireAdmin } from '../../lib/session.server.ts';
import { isDocumentRequest } from '../../lib/shopper.server.ts';
import type { ActionResult } from '../../lib/toast.ts';

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

/** How the refund went that closing a paid card order just made (core/order-lifecycle.ts changeOrderStatus refunds it). */
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
  }
}

/** Applies the posted change as the signed-in admin; a refused step (409) answers with its message, naming the order. */
export async function changeOrder(request: Request, context: AppLoadContext) {
  const admin = await requireAdmin(request, context);
  const read = await readPageForm(request, context);
  if ('refusal' in read) return read.refusal;
  const parsed = OrderChangeSchema.safeParse(Object.fromEntries(read.form));
  if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
  const change = parsed.data;
  let toast: Toast;
  try {
    toast = await apply(change, context, admin);
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 409) return fromAppError(error);
    const number = await getOrder(context.db, change.orderId).then((order) => order.number, () => undefined);
    return fromAppError(number === undefined ? error : new AppError(409, `${MSG.orderNumberPrefix} #${number}: ${error.message}`));
  }
  if (isDocumentRequest(request)) return backTo(request);
  // A refund that failed is still a change made: the page reloads to show it, with the retry beside it.
  return { ok: true, toast } satisfies ActionResult;
}
