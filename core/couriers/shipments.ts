/**
 * Orders handed to a courier (API.md "couriers"): a confirmed order sent to the courier and moved
 * to shipped, its airway bill, the courier's webhook moving it to delivered or refused (and
 * recording the states of returns' pickups), and the cash the courier collected until it is paid
 * out to the shop. Every call to the courier happens outside a database transaction; the order is
 * locked only to record what the courier answered (docs/decisions/022-couriers-bosta.md).
 */
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { amountDueCents, MSG, ORDER_STATUS_LABELS, sizeName, toPounds, type OrderStatus } from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { courierEvents, orderItems, orders, returnShipments, shipments, users } from '../../db/schema.ts';
import { catalogueChanged } from '../catalogue/catalogue-changes.ts';
import { CourierError, isFinalShipmentState, type Courier, type CourierDelivery, type ShipmentState } from './courier.ts';
import { AppError } from '../shared/errors.ts';
import { changeOrderStatus, lockOrder, moveOrder, type Tx } from '../orders/order-lifecycle.ts';
import type { PaymobSettings } from '../payments/paymob.ts';
import { getOrder, type Order, type Viewer } from '../orders/orders.ts';
import { recordStatusMessage } from '../messages/outbox.ts';

/** The courier the shop ships with, and how its webhook proves itself (BOSTA_WEBHOOK_HEADER, BOSTA_WEBHOOK_SECRET). */
export interface CourierSettings {
  courier: Courier;
  /** The request header Bosta's webhook carries the secret in, lower-case. */
  webhookHeader: string;
  webhookSecret: string;
}

/** A claim older than this was left by a process that stopped while the courier was being asked; it can be taken again. */
export const SHIPMENT_CLAIM_STALE_MS = 2 * 60_000;

const REQUESTING = 'requesting';

/**
 * The courier's refusal or silence, in the shop's words (502: nothing changed): by default an
 * order's, which stays as it was; a return passes its own words.
 */
export function courierFailure(error: unknown, words: { refused: string; down: string } = { refused: MSG.courierRefused, down: MSG.courierDown }): AppError {
  if (error instanceof CourierError) {
    const message = error.kind === 'unreachable' ? words.down : words.refused;
    return new AppError(502, error.detail && error.kind !== 'unreachable' ? `${message} (${error.detail})` : message);
  }
  return new AppError(502, words.down);
}

/**
 * The package description Bosta prints on the airway bill stays this short at most: Bosta
 * documents no limit, and the bill gives it a small box. Lines beyond it are counted, not named.
 */
export const PACKAGE_DESCRIPTION_MAX = 400;

/**
 * What the package holds, for the courier's airway bill: the order number, then each line with
 * its pieces, its colour when it has one and its size: "طلب رقم #1234: تيشيرت قطن × 2 (لون كحلي،
 * مقاس M)، بنطلون جينز × 1 (مقاس 32)". The pieces follow the title, not the size: in a
 * right-to-left line a number straight after a size in Latin letters would join it, and the
 * bracket between them, in a left-to-right run. Lines past PACKAGE_DESCRIPTION_MAX are counted.
 */
export function packageDescription(orderNumber: number, lines: ParcelLine[]): string {
  return piecesDescription(`${MSG.orderNumberPrefix} #${orderNumber}`, lines);
}

/** One line of a parcel: a product's pieces of one colour (when it has colours) and size. */
export interface ParcelLine {
  title: string;
  colorName: string | null;
  size: string;
  count: number;
}

/** The pieces of a parcel under a heading ("مرتجع رقم #12"), worded and cut as packageDescription's. */
export function piecesDescription(heading: string, lines: ParcelLine[]): string {
  const more = (left: number) => `، وأصناف أخرى: ${left}`;
  let text = heading;
  for (const [i, line] of lines.entries()) {
    const colour = line.colorName ? `${MSG.colorLabel} ${line.colorName}، ` : '';
    const next = `${text}${i === 0 ? ': ' : '، '}${line.title} × ${line.count} (${colour}${MSG.sizeLabel} ${sizeName(line.size)})`;
    const left = lines.length - i - 1;
    if (i > 0 && next.length + (left > 0 ? more(left).length : 0) > PACKAGE_DESCRIPTION_MAX) return `${text}${more(left + 1)}`;
    text = next;
  }
  return text;
}

/**
 * Sends a confirmed order to the courier and moves it to shipped (POST /orders/{id}/shipments).
 * The order's shipment row is claimed first, so a second call, or a second admin at the same
 * moment, is a 409 and the courier is asked once; the courier is then asked outside any
 * transaction. Refused or unanswered: 502, the claim is removed and the order stays confirmed.
 * If the order was cancelled while the courier was being asked, the new delivery is cancelled
 * at the courier again.
 */
export async function createShipment(db: Db, settings: CourierSettings | undefined, orderId: string, admin: Viewer, options: { allowOpenPackage?: boolean } = {}): Promise<Order> {
  if (!settings) throw new AppError(409, MSG.couriersOff);
  const { courier } = settings;
  const allowOpenPackage = options.allowOpenPackage ?? false;
  const claimed = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const [existing] = await tx.select().from(shipments).where(eq(shipments.orderId, orderId));
    const stale = existing?.state === REQUESTING && !existing.trackingNumber && existing.updatedAt.getTime() < Date.now() - SHIPMENT_CLAIM_STALE_MS;
    if (existing && !stale) throw new AppError(409, MSG.shipmentExists);
    if (order.status !== 'confirmed') throw AppError.about(409, 'shipmentNeedsConfirmed', ORDER_STATUS_LABELS[order.status]);
    const codAmount = order.isPaid ? 0 : toPounds(amountDueCents(order));
    const claim = { courier: courier.name, state: REQUESTING, allowOpenPackage, codAmount, createdBy: admin.id, updatedAt: new Date() };
    if (existing) await tx.update(shipments).set(claim).where(eq(shipments.orderId, orderId));
    else await tx.insert(shipments).values({ orderId, ...claim });
    const [detail] = await tx
      .select({
        number: orders.number,
        name: users.name,
        phone: orders.shippingPhone,
        city: orders.shippingCity,
        district: orders.shippingDistrict,
        details: orders.shippingDetails,
        pieces: sql<number>`(select coalesce(sum(${orderItems.count}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, orderId));
    const lines = await tx
      .select({ title: orderItems.title, colorName: orderItems.colorName, size: orderItems.size, count: orderItems.count })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.title), asc(orderItems.colorName), asc(orderItems.size));
    return { ...detail!, codAmount, description: packageDescription(detail!.number, lines) };
  });

  let delivery: CourierDelivery;
  try {
    delivery = await courier.createDelivery({
      reference: String(claimed.number),
      receiver: { name: claimed.name, phone: claimed.phone },
      // An order placed before the district was asked goes with its governorate's name as the area.
      address: { city: claimed.city, district: claimed.district ?? claimed.city, details: claimed.details },
      cod: claimed.codAmount,
      allowOpenPackage,
      itemsCount: Number(claimed.pieces),
      description: claimed.description,
    });
  } catch (error) {
    await db.delete(shipments).where(and(eq(shipments.orderId, orderId), eq(shipments.state, REQUESTING), isNull(shipments.trackingNumber)));
    throw courierFailure(error);
  }

  const stillConfirmed = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    await tx
      .update(shipments)
      .set({ trackingNumber: delivery.trackingNumber, deliveryId: delivery.deliveryId, state: delivery.state, stateCode: String(delivery.stateCode), updatedAt: new Date() })
      .where(eq(shipments.orderId, orderId));
    if (order.status !== 'confirmed') return false;
    await moveOrder(tx, order, 'shipped', admin.id);
    await recordStatusMessage(db, tx, orderId, 'shipped');
    return true;
  });
  if (!stillConfirmed) await cancelAtCourier(db, settings, orderId);
  else catalogueChanged(db);
  return getOrder(db, orderId);
}

/**
 * After an order with a shipment closed in the shop (cancelled): the delivery is cancelled at
 * the courier while it has not been picked up. The courier refusing (picked up already) or not
 * answering leaves the shipment as it was for staff to see; it never undoes the cancellation.
 */
export async function cancelAtCourier(db: Db, settings: CourierSettings | undefined, orderId: string): Promise<void> {
  if (!settings) return;
  const [shipment] = await db.select().from(shipments).where(eq(shipments.orderId, orderId));
  if (!shipment?.trackingNumber || shipment.state !== 'created') return;
  try {
    await settings.courier.cancel(shipment.trackingNumber);
  } catch {
    return;
  }
  await db.update(shipments).set({ state: 'cancelled', updatedAt: new Date() }).where(eq(shipments.orderId, orderId));
}

/**
 * An admin's step in the order's life (core/orders/order-lifecycle.ts changeOrderStatus), and for a
 * cancellation, the courier's delivery cancelled too while it has not been picked up.
 */
export async function changeOrderStatusWithCourier(
  db: Db,
  id: string,
  to: OrderStatus,
  admin: Viewer,
  paymob: PaymobSettings | undefined,
  couriers: CourierSettings | undefined,
): Promise<Order> {
  const order = await changeOrderStatus(db, id, to, admin, paymob);
  if (to !== 'cancelled' || !order.shipment) return order;
  await cancelAtCourier(db, couriers, id);
  return getOrder(db, id);
}

/** What became of orders handed to the courier together: how many went, and each that did not, with why. */
export interface BulkShipmentReport {
  shipped: number;
  failed: { number: number | null; message: string }[];
}

/**
 * Orders handed to the courier one after another (the orders list's "ship the chosen"). A
 * refused order does not stop the others; once the courier is out of reach the rest are not
 * tried and say so. A failure that is not the shop's Arabic answer (a 500) is thrown.
 */
export async function createShipments(db: Db, settings: CourierSettings | undefined, orderIds: readonly string[], admin: Viewer, options: { allowOpenPackage?: boolean } = {}): Promise<BulkShipmentReport> {
  const report: BulkShipmentReport = { shipped: 0, failed: [] };
  let away: string | undefined;
  for (const orderId of orderIds) {
    let message = away;
    if (!message) {
      try {
        await createShipment(db, settings, orderId, admin, options);
        report.shipped++;
        continue;
      } catch (error) {
        if (!(error instanceof AppError) || error.status === 500) throw error;
        message = error.message;
        if (message === MSG.courierDown) away = message;
      }
    }
    const number = await getOrder(db, orderId).then((order) => order.number, () => null);
    report.failed.push({ number, message });
  }
  return report;
}

/** The airway bill of these orders' shipments, one PDF (GET /orders/{id}/shipments/label, and many from the orders list). */
export async function shipmentLabels(db: Db, settings: CourierSettings | undefined, orderIds: string[]): Promise<Buffer> {
  if (!settings) throw new AppError(409, MSG.couriersOff);
  const rows = orderIds.length === 0 ? [] : await db.select({ trackingNumber: shipments.trackingNumber }).from(shipments).where(inArray(shipments.orderId, orderIds));
  const numbers = rows.map((r) => r.trackingNumber).filter((n): n is string => n !== null);
  if (numbers.length === 0) throw new AppError(404, MSG.shipmentNotFound);
  try {
    return await settings.courier.label(numbers);
  } catch {
    throw new AppError(502, MSG.courierLabelFailed);
  }
}

/** What the shop did with a courier's event. */
export type CourierEventOutcome = 'applied' | 'repeated' | 'unknown' | 'ignored';

/** One event of the courier's webhook, as the courier client read it (core/couriers/bosta.ts parseBostaWebhook). */
export interface CourierEvent {
  trackingNumber: string;
  stateCode: number | string;
  state: ShipmentState;
  eventKey: string;
  codCollected: number | null;
}

/** Whether the shop's shipment may move from `from` to `to`: a final state is never left, and `requesting` is the shop's own. */
const movesOn = (from: string, to: ShipmentState) => from !== REQUESTING && !isFinalShipmentState(from as ShipmentState) && from !== to;

/**
 * Applies one webhook event (POST /couriers/bosta/webhook, its secret already checked). Each
 * event is stored once: a repeat of one already applied changes nothing. Before a final state
 * is applied the delivery is read back from the courier, outside any transaction, and what the
 * courier answers is what is applied; the courier unreachable then is a 503, so the courier
 * sends the event again. Delivered moves a shipped order to delivered and records the cash
 * collected for a cash order; returned moves it to refused, its pieces back exactly once (the
 * order's row lock, as every status change). A return's pickup (core/returns/return-shipments.ts)
 * only has its state recorded. An unknown tracking number is stored and applied to nothing.
 */
export async function applyCourierEvent(db: Db, settings: CourierSettings, event: CourierEvent, body: unknown): Promise<CourierEventOutcome> {
  const courierName = settings.courier.name;
  const inserted = await db
    .insert(courierEvents)
    .values({ courier: courierName, eventKey: event.eventKey, trackingNumber: event.trackingNumber, stateCode: String(event.stateCode), outcome: 'received', body: body as object })
    .onConflictDoNothing()
    .returning({ id: courierEvents.id });
  let eventId = inserted[0]?.id;
  if (!eventId) {
    // Stored before: a repeat, unless the first one could not be finished (the courier was away when it was read back).
    const [stored] = await db
      .select({ id: courierEvents.id, outcome: courierEvents.outcome })
      .from(courierEvents)
      .where(and(eq(courierEvents.courier, courierName), eq(courierEvents.eventKey, event.eventKey)));
    if (!stored || stored.outcome !== 'received') return 'repeated';
    eventId = stored.id;
  }
  const finish = async (outcome: CourierEventOutcome, orderId: string | null) => {
    // Only the first to finish records the outcome (the same event posted twice at once is handled twice, changing the order once).
    await db.update(courierEvents).set({ outcome, orderId }).where(and(eq(courierEvents.id, eventId), eq(courierEvents.outcome, 'received')));
    return outcome;
  };

  const [shipment] = await db
    .select({ orderId: shipments.orderId })
    .from(shipments)
    .where(and(eq(shipments.courier, courierName), eq(shipments.trackingNumber, event.trackingNumber)));
  const [pickup] = shipment
    ? []
    : await db
        .select({ returnId: returnShipments.returnId })
        .from(returnShipments)
        .where(and(eq(returnShipments.courier, courierName), eq(returnShipments.trackingNumber, event.trackingNumber)));
  if (!shipment && !pickup) return finish('unknown', null);

  let truth: { state: ShipmentState; stateCode: number | string; codCollected: number | null } = event;
  if (isFinalShipmentState(event.state)) {
    try {
      const read = await settings.courier.readDelivery(event.trackingNumber);
      truth = { state: read.state, stateCode: read.stateCode, codCollected: read.codCollected ?? event.codCollected };
    } catch {
      throw new AppError(503, MSG.courierDown);
    }
  }

  if (!shipment) return finish((await recordReturnShipmentState(db, pickup!.returnId, truth)) ? 'applied' : 'ignored', null);

  const changed = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, shipment.orderId);
    const [current] = await tx.select().from(shipments).where(eq(shipments.orderId, shipment.orderId)).for('update');
    if (!current || !movesOn(current.state, truth.state)) return false;
    const delivered = truth.state === 'delivered';
    await tx
      .update(shipments)
      .set({
        state: truth.state,
        stateCode: String(truth.stateCode),
        ...(delivered && order.paymentMethodType === 'cash' && !order.isPaid && { cashCollected: truth.codCollected ?? current.codAmount }),
        updatedAt: new Date(),
      })
      .where(eq(shipments.orderId, shipment.orderId));
    await moveOrderForShipment(db, tx, order, truth.state);
    return true;
  });
  if (changed) catalogueChanged(db);
  return finish(changed ? 'applied' : 'ignored', shipment.orderId);
}

/**
 * A return's pickup moving on at the courier: its state is recorded under its row lock, once,
 * and nothing else changes: the order keeps its status and no stock moves (staff record what
 * arrived with the return's receipt).
 */
async function recordReturnShipmentState(db: Db, returnId: string, truth: { state: ShipmentState; stateCode: number | string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(returnShipments).where(eq(returnShipments.returnId, returnId)).for('update');
    if (!current || !movesOn(current.state, truth.state)) return false;
    await tx
      .update(returnShipments)
      .set({ state: truth.state, stateCode: String(truth.stateCode), updatedAt: new Date() })
      .where(eq(returnShipments.returnId, returnId));
    return true;
  });
}

/** The order's own step for a shipment's final state: only from shipped, and never twice (the caller holds the row lock). */
async function moveOrderForShipment(db: Db, tx: Tx, order: Awaited<ReturnType<typeof lockOrder>>, state: ShipmentState): Promise<void> {
  if (order.status !== 'shipped') return;
  if (state === 'delivered') {
    await moveOrder(tx, order, 'delivered', null);
    await recordStatusMessage(db, tx, order.id, 'delivered');
  }
  else if (state === 'returned') await moveOrder(tx, order, 'refused', null);
}

/**
 * Staff record that the courier paid out the cash it collected for these orders: each is stamped
 * once and its order marked paid (the shop now has the money). Orders with nothing collected
 * are skipped; answers how many were recorded.
 */
export async function recordCashPaidOut(db: Db, orderIds: string[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  return db.transaction(async (tx) => {
    const now = new Date();
    const paid = await tx
      .update(shipments)
      .set({ paidOutAt: now, updatedAt: now })
      .where(and(inArray(shipments.orderId, orderIds), isNotNull(shipments.cashCollected), isNull(shipments.paidOutAt)))
      .returning({ orderId: shipments.orderId });
    if (paid.length > 0) {
      await tx
        .update(orders)
        .set({ isPaid: true, paidAt: now, updatedAt: now })
        .where(and(inArray(orders.id, paid.map((p) => p.orderId)), eq(orders.paymentMethodType, 'cash'), eq(orders.isPaid, false)));
    }
    return paid.length;
  });
}

/** The cash couriers collected and have not yet paid out to the shop: the total and how many orders. */
export async function cashHeldByCouriers(db: Db): Promise<{ amount: number; orders: number }> {
  const [row] = await db
    .select({ amount: sql<string>`coalesce(sum(${shipments.cashCollected}), 0)`, orders: sql<number>`count(*)::int` })
    .from(shipments)
    .where(and(isNotNull(shipments.cashCollected), isNull(shipments.paidOutAt)));
  return { amount: Number(row?.amount ?? 0), orders: Number(row?.orders ?? 0) };
}
