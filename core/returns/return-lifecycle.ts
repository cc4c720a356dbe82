/**
 * A return's life (API.md "Additions: returns and exchanges"): the customer asks, staff approve
 * (the exchange pieces leave stock) or decline, the customer or staff cancel (the pieces go back
 * once), staff record what arrived (restocked pieces back to their own pair once), and the money
 * goes back: recorded by hand for cash, through Paymob for a paid card order. Approval, decline
 * and the money back each record the customer's WhatsApp message in their own transaction.
 *
 * Locks: a request takes its order's row lock, so racing requests for one line are counted one
 * after the other; every later step takes the return's row lock, so each step happens once
 * (receipt and refund take the order's first, as every refund of its payment does).
 */
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { foldColorName, MSG, ORDER_STATUS_LABELS, STORE_TIME_ZONE } from '../../contracts/index.ts';
import {
  RETURN_NEXT_STATUSES,
  RETURN_RELEASED,
  RETURN_STATUS_LABELS,
  returnShippingFeeOf,
  type ReceiveReturn,
  type RequestReturn,
  type ReturnRefund,
  type ReturnStatus,
  type ReturnStatusChange,
} from '../../contracts/returns.ts';
import { toPiastres, toPounds } from '../../contracts/money.ts';
import type { Db } from '../../db/client.ts';
import { orderItems, orderRefunds, orders, paymentCallbacks, productColors, products, returnLines, returns, returnStatusHistory } from '../../db/schema.ts';
import { catalogueChanged } from '../catalogue/catalogue-changes.ts';
import { lineLabel, pairQuantity, returnStock, takeStock } from '../catalogue/stock.ts';
import { recordReturnMessage } from '../messages/outbox.ts';
import { lockOrder, type Tx } from '../orders/order-lifecycle.ts';
import type { PaymobSettings } from '../payments/paymob.ts';
import { claimRefund, sendRefund, type RefundStart } from '../payments/refunds.ts';
import { AppError, fieldError } from '../shared/errors.ts';
import { readReturnSettings } from './return-settings.ts';
import { getReturn, isExchange, type Return, type ReturnLine, type Viewer } from './returns.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A day as Cairo's calendar has it, 2026-11-28. */
export const cairoDate = (instant: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: STORE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

/** Pieces of each order line that returns still hold (every return not declined or cancelled). */
async function heldCounts(tx: Tx, orderItemIds: string[]): Promise<Map<string, number>> {
  if (orderItemIds.length === 0) return new Map();
  const rows = await tx
    .select({ orderItemId: returnLines.orderItemId, held: sql<string>`sum(${returnLines.count})` })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(and(inArray(returnLines.orderItemId, orderItemIds), notInArray(returns.status, [...RETURN_RELEASED])))
    .groupBy(returnLines.orderItemId);
  return new Map(rows.map((r) => [r.orderItemId, Number(r.held)]));
}

/**
 * A customer asking to return or exchange pieces of their delivered order (POST /orders/{id}/returns),
 * within the window the shop set. Someone else's order is "not found"; nothing is stored unless
 * every line passes.
 */
export async function requestReturn(db: Db, orderId: string, customer: Viewer, body: RequestReturn, now: Date = new Date()): Promise<Return> {
  const id = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.userId !== customer.id) throw new AppError(404, MSG.orderNotFound);
    if (order.status !== 'delivered') throw AppError.about(409, 'returnNeedsDelivered', ORDER_STATUS_LABELS[order.status]);
    const [{ deliveredAt } = { deliveredAt: null }] = await tx.select({ deliveredAt: orders.deliveredAt }).from(orders).where(eq(orders.id, orderId));
    const settings = await readReturnSettings(tx);
    const lastMoment = new Date((deliveredAt ?? now).getTime() + settings.windowDays * DAY_MS);
    if (now > lastMoment) throw AppError.about(409, 'returnWindowClosed', cairoDate(lastMoment));

    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const itemOf = new Map(items.map((i) => [i.id, i]));
    const asked = body.lines.map((line) => {
      const item = itemOf.get(line.lineId.toLowerCase());
      if (!item) throw fieldError('lines', MSG.returnLineNotFound);
      return { line, item };
    });
    const productIds = [...new Set(asked.map((a) => a.item.productId))];
    // One after the other: a transaction is one connection, which runs one query at a time.
    const productRows = await tx
      .select({ id: products.id, title: products.title, returnable: products.returnable, sizes: products.availableSizes })
      .from(products)
      .where(inArray(products.id, productIds));
    const colourRows = await tx
      .select({ id: productColors.id, productId: productColors.productId, name: productColors.name })
      .from(productColors)
      .where(inArray(productColors.productId, productIds));
    const productOf = new Map(productRows.map((p) => [p.id, p]));
    for (const { item } of asked) {
      const product = productOf.get(item.productId);
      if (product && !product.returnable) throw fieldError('lines', `${MSG.notReturnable}: ${product.title}`);
    }
    const held = await heldCounts(
      tx,
      asked.map((a) => a.item.id),
    );
    for (const { line, item } of asked) {
      const left = item.count - (held.get(item.id) ?? 0);
      if (line.count > left) throw AppError.about(409, 'returnCountTooMany', `${lineLabel(item)} (${left})`);
    }

    const rows = [];
    for (const { line, item } of asked) {
      const wantsExchange = line.exchangeSize !== undefined || line.exchangeColorName !== undefined;
      if (!wantsExchange) {
        rows.push({ orderItemId: item.id, count: line.count, reason: line.reason, exchangeSize: null, exchangeColorId: null, exchangeColorName: null });
        continue;
      }
      const product = productOf.get(item.productId);
      if (!product) throw fieldError('lines', MSG.exchangeSizeUnknown);
      const size = line.exchangeSize ?? item.size;
      if (!product.sizes.includes(size)) throw fieldError('lines', MSG.exchangeSizeUnknown);
      const colours = colourRows.filter((c) => c.productId === product.id);
      let colour: { id: string; name: string } | null = null;
      if (line.exchangeColorName !== undefined) {
        colour = colours.find((c) => foldColorName(c.name) === foldColorName(line.exchangeColorName!)) ?? null;
        if (!colour) throw fieldError('lines', MSG.exchangeColorUnknown);
      } else if (colours.length > 0) {
        colour = colours.find((c) => c.id === item.colorId) ?? null;
        if (!colour) throw fieldError('lines', MSG.exchangeColorUnknown);
      }
      if ((await pairQuantity(tx, product.id, colour?.id ?? null, size)) < line.count) {
        throw AppError.about(409, 'exchangeOutOfStock', lineLabel({ title: product.title, colorName: colour?.name ?? null, size }));
      }
      rows.push({ orderItemId: item.id, count: line.count, reason: line.reason, exchangeSize: size, exchangeColorId: colour?.id ?? null, exchangeColorName: colour?.name ?? null });
    }

    const [created] = await tx
      .insert(returns)
      .values({
        orderId,
        userId: customer.id,
        note: body.note && body.note.length > 0 ? body.note : null,
        shippingFee: returnShippingFeeOf(rows, settings.returnShippingFee),
      })
      .returning({ id: returns.id });
    await tx.insert(returnLines).values(rows.map((r) => ({ ...r, returnId: created!.id })));
    await tx.insert(returnStatusHistory).values({ returnId: created!.id, status: 'requested', userId: customer.id });
    return created!.id;
  });
  return getReturn(db, id);
}

/** Reads and locks a return's row: every step of a return is decided and made by one caller at a time. */
async function lockReturn(tx: Tx, id: string) {
  const [row] = await tx.select().from(returns).where(eq(returns.id, id)).for('update');
  if (!row) throw new AppError(404, MSG.returnNotFound);
  return row;
}

type LockedReturn = Awaited<ReturnType<typeof lockReturn>>;

/**
 * Locks the return's order, then the return: the steps that may refund take the order's lock that
 * every refund of its payment takes (core/payments/refunds.ts), in the order Paymob's answer is
 * recorded in (order, then return), so two returns of one order never claim at once and never deadlock.
 */
async function lockOrderAndReturn(tx: Tx, id: string): Promise<LockedReturn> {
  const [ref] = await tx.select({ orderId: returns.orderId }).from(returns).where(eq(returns.id, id));
  if (!ref) throw new AppError(404, MSG.returnNotFound);
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, ref.orderId)).for('update');
  return lockReturn(tx, id);
}

async function moveReturn(tx: Tx, id: string, to: ReturnStatus, actorId: string | null, set: Partial<typeof returns.$inferInsert> = {}): Promise<void> {
  await tx
    .update(returns)
    .set({ ...set, status: to, updatedAt: new Date() })
    .where(eq(returns.id, id));
  await tx.insert(returnStatusHistory).values({ returnId: id, status: to, userId: actorId });
}

/** The exchange pieces of a return: the pairs wanted, as the stock module names them. */
function exchangePieces(found: Return) {
  return found.lines.filter(isExchange).map((l) => ({
    productId: l.product.id,
    colorId: l.exchangeColorId,
    colorName: l.exchangeColorName,
    size: l.exchangeSize!,
    count: l.count,
    title: l.product.title,
  }));
}

/** Nothing more to wait for: the money is back (or none is owed) and no exchange piece is left to send. */
const settled = (found: Return, refunded: boolean): boolean => !found.lines.some(isExchange) && (refunded || found.refundAmount === 0);

/**
 * Staff's step on a return (PUT /returns/{id}/status): approve (the exchange pieces leave stock,
 * or 409 with nothing changed when a pair ran out), decline (with the reason the customer reads),
 * cancel an approved one (its exchange pieces back once), or complete a received exchange once its
 * money, if any, is back. Any other step is a 409 naming the current status.
 */
export async function changeReturnStatus(db: Db, id: string, change: ReturnStatusChange, admin: Viewer): Promise<Return> {
  await db.transaction(async (tx) => {
    const row = await lockReturn(tx, id);
    if (!RETURN_NEXT_STATUSES[row.status].includes(change.status)) throw AppError.about(409, 'returnStepNotAllowed', RETURN_STATUS_LABELS[row.status]);
    const found = await getReturn(tx, id);
    const cause = { reason: 'exchange' as const, orderId: row.orderId, returnId: id, userId: admin.id };
    if (change.status === 'approved') await takeStock(tx, exchangePieces(found), cause);
    if (change.status === 'cancelled') await returnStock(tx, exchangePieces(found), cause);
    if (change.status === 'completed' && found.refundAmount > 0 && row.refundStatus !== 'succeeded') throw new AppError(409, MSG.returnNeedsExchangeSent);
    await moveReturn(tx, id, change.status, admin.id, change.status === 'declined' ? { declineReason: change.declineReason ?? null } : {});
    if (change.status === 'approved') await recordReturnMessage(db, tx, id, 'return_approved');
    if (change.status === 'declined') await recordReturnMessage(db, tx, id, 'return_declined');
  });
  catalogueChanged(db);
  return getReturn(db, id);
}

/** The owner cancelling their own return while it waits for review (PUT /returns/{id}/cancel); someone else's is "not found". */
export async function cancelOwnReturn(db: Db, id: string, customer: Viewer): Promise<Return> {
  await db.transaction(async (tx) => {
    const row = await lockReturn(tx, id);
    if (row.userId !== customer.id) throw new AppError(404, MSG.returnNotFound);
    if (row.status !== 'requested') throw AppError.about(409, 'returnNotCancellable', RETURN_STATUS_LABELS[row.status]);
    await moveReturn(tx, id, 'cancelled', customer.id);
  });
  return getReturn(db, id);
}

/** What paid a card order, in piastres, when Paymob reported it paid; null for cash or an unpaid order. */
async function cardPaymentOf(tx: Tx, orderId: string): Promise<{ transactionId: string; paidCents: number } | null> {
  const [order] = await tx.select({ isPaid: orders.isPaid, method: orders.paymentMethodType, trnxId: orders.trnxId }).from(orders).where(eq(orders.id, orderId));
  if (!order || !order.isPaid || order.method !== 'card' || !order.trnxId) return null;
  const [paid] = await tx
    .select({ amountCents: paymentCallbacks.amountCents })
    .from(paymentCallbacks)
    .where(and(eq(paymentCallbacks.orderId, orderId), eq(paymentCallbacks.transactionId, order.trnxId), eq(paymentCallbacks.outcome, 'paid')))
    .limit(1);
  return paid ? { transactionId: order.trnxId, paidCents: paid.amountCents } : null;
}

/**
 * Claims a card refund of the return's amount under its lock: a pending refund of the order's
 * payment naming the return, to send once the transaction commits. Paymob itself never refunds
 * more than was paid; the order's earlier refunds are taken off what may still go back.
 */
async function claimCardRefund(tx: Tx, paymob: PaymobSettings | undefined, row: LockedReturn, found: Return, actorId: string): Promise<RefundStart | null> {
  const payment = await cardPaymentOf(tx, row.orderId);
  if (!payment || found.refundAmount === 0) return null;
  const cents = toPiastres(found.refundAmount);
  const start = await claimRefund(tx, paymob, row.orderId, payment.transactionId, payment.paidCents, actorId, { cents, returnId: row.id });
  // This return's refund already waits for Paymob's answer: nothing more is sent.
  if ('status' in start && start.status === 'pending') return start;
  const status = 'send' in start ? 'pending' : (start.status ?? 'failed');
  await tx
    .update(returns)
    .set({ refundMethod: 'card', refundAmount: toPounds(cents), refundStatus: status, refundedBy: actorId, refundedAt: null, updatedAt: new Date() })
    .where(eq(returns.id, row.id));
  return start;
}

/** Sends a claimed card refund and records its answer on the return; a return with nothing else to wait for completes. */
async function sendCardRefund(db: Db, paymob: PaymobSettings | undefined, start: RefundStart | null, actorId: string): Promise<void> {
  if (!start || !('send' in start) || !paymob) return;
  const claim = start.send;
  await sendRefund(db, paymob, claim, async (tx, status) => {
    const [link] = await tx.select({ returnId: orderRefunds.returnId }).from(orderRefunds).where(eq(orderRefunds.id, claim.refundId));
    if (!link?.returnId) return;
    const row = await lockReturn(tx, link.returnId);
    await tx
      .update(returns)
      .set({ refundStatus: status, refundReference: status === 'succeeded' ? claim.refundId : null, refundedAt: status === 'succeeded' ? new Date() : null, updatedAt: new Date() })
      .where(eq(returns.id, row.id));
    if (status !== 'succeeded') return;
    await recordReturnMessage(db, tx, row.id, 'return_refunded');
    if (row.status === 'received' && settled(await getReturn(tx, row.id), true)) await moveReturn(tx, row.id, 'completed', actorId);
  });
}

/**
 * Staff recording what arrived of an approved return (POST /returns/{id}/receive): pieces
 * received and, of those, put back in stock to their own pair (ledger reason `return`, naming the
 * return) exactly once; a second call is 409. A return of a paid card order is then refunded
 * through Paymob; one with nothing to refund and no exchange completes at once.
 */
export async function receiveReturn(db: Db, id: string, body: ReceiveReturn, admin: Viewer, paymob?: PaymobSettings): Promise<Return> {
  const start = await db.transaction(async (tx) => {
    const row = await lockOrderAndReturn(tx, id);
    if (row.status !== 'approved') throw AppError.about(409, 'returnNotReceivable', RETURN_STATUS_LABELS[row.status]);
    const found = await getReturn(tx, id);
    // Lines are named by their order line, as the return shows them (one return line per order line).
    const lineOf = new Map(found.lines.map((l) => [l.orderItemId, l]));
    const given = new Map<string, { received: number; restock: number }>();
    for (const entry of body.lines) {
      const line = lineOf.get(entry.lineId.toLowerCase());
      if (!line) throw fieldError('lines', MSG.returnLineNotFound);
      if (entry.received > line.count) throw fieldError('lines', MSG.receivedAboveCount);
      if (entry.restock > entry.received) throw fieldError('lines', MSG.restockAboveReceived);
      given.set(line.id, { received: entry.received, restock: entry.restock });
    }
    const back: (Omit<ReturnLine, 'received'> & { restock: number })[] = [];
    for (const line of found.lines) {
      const { received, restock } = given.get(line.id) ?? { received: 0, restock: 0 };
      await tx.update(returnLines).set({ received, restocked: restock }).where(eq(returnLines.id, line.id));
      if (restock > 0) back.push({ ...line, restock });
    }
    await returnStock(
      tx,
      back.map((l) => ({ productId: l.product.id, colorId: l.colorId, colorName: l.colorName, size: l.size, count: l.restock })),
      { reason: 'return', orderId: row.orderId, returnId: id, userId: admin.id },
    );
    await moveReturn(tx, id, 'received', admin.id);
    const after = await getReturn(tx, id);
    if (settled(after, false)) {
      await moveReturn(tx, id, 'completed', admin.id);
      return null;
    }
    return claimCardRefund(tx, paymob, row, after, admin.id);
  });
  catalogueChanged(db);
  await sendCardRefund(db, paymob, start, admin.id);
  return getReturn(db, id);
}

/**
 * The money of a received return goes back (POST /returns/{id}/refund): for a cash order, staff
 * record how they paid it (`method`, `reference`); for a paid card order, Paymob is asked again
 * after a failed refund (an empty body). A refund that succeeded or was recorded is never made
 * again (409).
 */
export async function refundReturn(db: Db, id: string, body: ReturnRefund, admin: Viewer, paymob?: PaymobSettings): Promise<Return> {
  const start = await db.transaction(async (tx) => {
    const row = await lockOrderAndReturn(tx, id);
    if (row.refundStatus === 'succeeded') throw new AppError(409, MSG.returnAlreadyRefunded);
    if (row.status !== 'received') throw AppError.about(409, 'returnRefundNotDue', RETURN_STATUS_LABELS[row.status]);
    const found = await getReturn(tx, id);
    if (found.refundAmount === 0) throw new AppError(409, MSG.returnNothingToRefund);
    if (found.order.paymentMethodType === 'card' && found.order.isPaid) {
      const start = await claimCardRefund(tx, paymob, row, found, admin.id);
      if (start && 'status' in start && start.status === 'pending') throw new AppError(409, MSG.refundInProgress);
      return start;
    }
    if (!body?.method) throw fieldError('method', MSG.refundMethodRequired);
    const now = new Date();
    await tx
      .update(returns)
      .set({
        refundMethod: body.method,
        refundAmount: found.refundAmount,
        refundStatus: 'succeeded',
        refundReference: body.reference && body.reference.length > 0 ? body.reference : null,
        refundedAt: now,
        refundedBy: admin.id,
        updatedAt: now,
      })
      .where(eq(returns.id, id));
    await recordReturnMessage(db, tx, id, 'return_refunded');
    if (settled(found, true)) await moveReturn(tx, id, 'completed', admin.id);
    return null;
  });
  await sendCardRefund(db, paymob, start, admin.id);
  return getReturn(db, id);
}
