/**
 * A return collected by the courier (API.md "Additions: returns and exchanges", Courier): staff
 * ask Bosta to pick an approved return up from the order's address, as a plain pickup when no
 * line is an exchange, or as an exchange's visit (the new pieces delivered, the old collected, the
 * return shipping fee collected at the door) when any is. See docs/decisions/027-returns.md
 * "Pickups with Bosta".
 *
 * As an order's shipment (core/couriers/shipments.ts createShipment): the return's pickup row is
 * claimed under the return's row lock, so a second call is a 409 and the courier is asked once;
 * the courier is asked outside any transaction; its refusal or silence removes the claim (502,
 * nothing stored), its answer fills the claim in.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { MSG } from '../../contracts/index.ts';
import { toPiastres, toPounds } from '../../contracts/money.ts';
import { refundAmountOf, RETURN_STATUS_LABELS, type ReturnStatusChange } from '../../contracts/returns.ts';
import type { Db } from '../../db/client.ts';
import { orders, returnShipments, returns, users } from '../../db/schema.ts';
import type { CourierDelivery, NewReturnDelivery } from '../couriers/courier.ts';
import { courierFailure, piecesDescription, SHIPMENT_CLAIM_STALE_MS, type CourierSettings } from '../couriers/shipments.ts';
import { AppError } from '../shared/errors.ts';
import { changeReturnStatus } from './return-lifecycle.ts';
import { getReturn, isExchange, type Return, type Viewer } from './returns.ts';

const REQUESTING = 'requesting';

/** The reference Bosta keeps for a return: apart from order numbers, which orders' deliveries use as theirs. */
const returnReference = (returnNumber: number): string => `R-${returnNumber}`;

/**
 * What the courier collects on an exchange: the return shipping fee, less what the refund of the
 * return's plain lines already takes it from, so the customer never pays it twice.
 */
function feeAtTheDoor(found: Return): number {
  const itemsBack = refundAmountOf(
    found.lines.map((l) => ({ paidPrice: l.paidPrice, count: l.count, reason: l.reason, exchange: isExchange(l), received: null })),
    0,
  );
  return toPounds(Math.max(0, toPiastres(found.shippingFee) - toPiastres(itemsBack)));
}

/** What the courier is asked for this return: where, who, what it collects and, for an exchange, delivers. */
function returnDelivery(found: Return, address: { name: string; phone: string; city: string; district: string | null; details: string }): NewReturnDelivery {
  const exchanges = found.lines.filter(isExchange);
  const kind = exchanges.length > 0 ? 'exchange' : 'return';
  const pieces = (lines: Return['lines']) => lines.reduce((sum, l) => sum + l.count, 0);
  const collected = found.lines.map((l) => ({ title: l.product.title, colorName: l.colorName, size: l.size, count: l.count }));
  const delivered = exchanges.map((l) => ({ title: l.product.title, colorName: l.exchangeColorName, size: l.exchangeSize!, count: l.count }));
  return {
    kind,
    reference: returnReference(found.number),
    receiver: { name: address.name, phone: address.phone },
    // An order placed before the district was asked goes with its governorate's name as the area.
    address: { city: address.city, district: address.district ?? address.city, details: address.details },
    cod: kind === 'exchange' ? feeAtTheDoor(found) : 0,
    collect: { itemsCount: pieces(found.lines), description: piecesDescription(`${MSG.returnNumberPrefix} #${found.number}`, collected) },
    ...(kind === 'exchange' && {
      deliver: { itemsCount: pieces(exchanges), description: piecesDescription(`${MSG.exchangeNumberPrefix} #${found.number}`, delivered) },
    }),
  };
}

/**
 * Asks the courier to collect an approved return (POST /returns/{id}/shipments). Not approved,
 * asked already (or being asked by another admin), or couriers not set up: 409. The courier
 * refusing or not answering: 502 and nothing stored. If the return was cancelled while the
 * courier was being asked, the new pickup is cancelled at the courier again.
 */
export async function createReturnShipment(db: Db, settings: CourierSettings | undefined, returnId: string, admin: Viewer): Promise<Return> {
  if (!settings) throw new AppError(409, MSG.couriersOff);
  const { courier } = settings;
  const asked = await db.transaction(async (tx) => {
    const [row] = await tx.select({ status: returns.status }).from(returns).where(eq(returns.id, returnId)).for('update');
    if (!row) throw new AppError(404, MSG.returnNotFound);
    const [existing] = await tx.select().from(returnShipments).where(eq(returnShipments.returnId, returnId));
    const stale = existing?.state === REQUESTING && !existing.trackingNumber && existing.updatedAt.getTime() < Date.now() - SHIPMENT_CLAIM_STALE_MS;
    if (existing && !stale) throw new AppError(409, MSG.returnShipmentExists);
    if (row.status !== 'approved') throw AppError.about(409, 'returnShipmentNeedsApproved', RETURN_STATUS_LABELS[row.status]);
    const found = await getReturn(tx, returnId);
    const [address] = await tx
      .select({ name: users.name, phone: orders.shippingPhone, city: orders.shippingCity, district: orders.shippingDistrict, details: orders.shippingDetails })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, found.order.id));
    const input = returnDelivery(found, address!);
    const claim = { courier: courier.name, state: REQUESTING, trackingNumber: null, deliveryId: null, stateCode: null, codAmount: input.cod, createdBy: admin.id, updatedAt: new Date() };
    if (existing) await tx.update(returnShipments).set(claim).where(eq(returnShipments.returnId, returnId));
    else await tx.insert(returnShipments).values({ returnId, ...claim });
    return input;
  });

  let delivery: CourierDelivery;
  try {
    delivery = await courier.createReturnDelivery(asked);
  } catch (error) {
    await db.delete(returnShipments).where(and(eq(returnShipments.returnId, returnId), eq(returnShipments.state, REQUESTING), isNull(returnShipments.trackingNumber)));
    throw courierFailure(error, { refused: MSG.returnCourierRefused, down: MSG.returnCourierDown });
  }

  const stillOpen = await db.transaction(async (tx) => {
    const [row] = await tx.select({ status: returns.status }).from(returns).where(eq(returns.id, returnId)).for('update');
    await tx
      .update(returnShipments)
      .set({ trackingNumber: delivery.trackingNumber, deliveryId: delivery.deliveryId, state: delivery.state, stateCode: String(delivery.stateCode), updatedAt: new Date() })
      .where(eq(returnShipments.returnId, returnId));
    return row?.status !== 'cancelled';
  });
  if (!stillOpen) await cancelReturnShipmentAtCourier(db, settings, returnId);
  return getReturn(db, returnId);
}

/**
 * After a return with a pickup was cancelled in the shop: the pickup is cancelled at the courier
 * while the courier has not collected it. The courier refusing (collected already) or not
 * answering leaves the pickup as it was for staff to see; it never undoes the cancellation.
 */
async function cancelReturnShipmentAtCourier(db: Db, settings: CourierSettings | undefined, returnId: string): Promise<void> {
  if (!settings) return;
  const [pickup] = await db.select().from(returnShipments).where(eq(returnShipments.returnId, returnId));
  if (!pickup?.trackingNumber || pickup.state !== 'created') return;
  try {
    await settings.courier.cancel(pickup.trackingNumber);
  } catch {
    return;
  }
  await db.update(returnShipments).set({ state: 'cancelled', updatedAt: new Date() }).where(eq(returnShipments.returnId, returnId));
}

/**
 * Staff's step on a return (core/returns/return-lifecycle.ts changeReturnStatus), and for a
 * cancellation, the courier's pickup cancelled too while it has not been collected.
 */
export async function changeReturnStatusWithCourier(db: Db, id: string, change: ReturnStatusChange, admin: Viewer, couriers: CourierSettings | undefined): Promise<Return> {
  const changed = await changeReturnStatus(db, id, change, admin);
  if (change.status !== 'cancelled' || !changed.shipment) return changed;
  await cancelReturnShipmentAtCourier(db, couriers, id);
  return getReturn(db, id);
}
