/**
 * The one door for the admin's changes to an order, posted from the orders list and from an
 * order's page: a flag (delivered, paid) set to the value chosen, or a step of the order's
 * life. With JavaScript the answer is a toast; a plain post goes back to the page it came from,
 * or, refused, shows the page again with the Arabic message.
 */
import { redirect, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { MSG, ORDER_STATUSES } from '../../../contracts/index.ts';
import { IdSchema } from '../../../contracts/schemas.ts';
import { AppError } from '../../../core/errors.ts';
import { changeOrderStatus, getOrder, setOrderFlag } from '../../../core/orders.ts';
import { fieldErrors, fromAppError, invalid, refererPath } from '../../lib/forms.server.ts';
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
  ],
  { error: MSG.invalidValue },
);

/** A plain form post goes back to the admin page it came from (the list's page, or an order's details). */
function backTo(request: Request) {
  const from = refererPath(request);
  return redirect(from?.startsWith('/admin/') ? from : '/admin/manage-orders');
}

/** Applies the posted change as the signed-in admin; a refused step (409) answers with its message, naming the order. */
export async function changeOrder(request: Request, context: AppLoadContext) {
  const admin = await requireAdmin(request, context);
  const parsed = OrderChangeSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
  const change = parsed.data;
  try {
    if (change.intent === 'flag') await setOrderFlag(context.db, change.orderId, change.flag, change.value, admin.id);
    else await changeOrderStatus(context.db, change.orderId, change.status, admin);
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 409) return fromAppError(error);
    const number = await getOrder(context.db, change.orderId).then((order) => order.number, () => undefined);
    return fromAppError(number === undefined ? error : new AppError(409, `${MSG.orderNumberPrefix} #${number}: ${error.message}`));
  }
  if (isDocumentRequest(request)) return backTo(request);
  const message = change.intent === 'flag' && change.flag === 'paid' ? MSG.markedPaid : MSG.orderStatusChanged;
  return { ok: true, toast: { type: 'success', message } } satisfies ActionResult;
}
