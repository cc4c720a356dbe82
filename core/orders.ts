/**
 * Orders: placing one from the cart (prices recomputed, stock taken for every line or none),
 * reading them, and the staff's delivered and paid flags.
 */
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { DEFAULT_POSTAL_CODE, MSG, SHIPPING_FEE, type ShippingAddress } from '../contracts/index.ts';
import type { Db } from '../db/client.ts';
import { cartItems, carts, idempotencyKeys, orderItems, orders, products, users } from '../db/schema.ts';
import { AppError } from './errors.ts';
import { sumLines } from './money.ts';
import { offsetOf, toPage, type Page } from './pagination.ts';

export interface OrderLine {
  productId: string;
  title: string;
  imageCover: string;
  barcode: string;
  size: string;
  count: number;
  price: number;
}

export interface Order {
  id: string;
  number: number;
  user: { id: string; name: string; phone: string };
  lines: OrderLine[];
  shippingAddress: { details: string; phone: string; city: string; postalCode: string };
  shippingPrice: number;
  /** The items, without shipping. */
  totalOrderPrice: number;
  paymentMethodType: string;
  trnxId: string | null;
  orderPaymobId: string | null;
  isPaid: boolean;
  paidAt: Date | null;
  isDelivered: boolean;
  deliveredAt: Date | null;
  createdAt: Date;
}

export interface PlaceOrderInput {
  userId: string;
  cartId: string;
  shippingAddress: ShippingAddress;
  /** The client's Idempotency-Key: the same key gets the first order back. */
  idempotencyKey?: string;
}

export interface PlacedOrder {
  order: Order;
  /** True when the key had already placed this order. */
  replayed: boolean;
}

/**
 * Turns the user's cart into an order in one transaction. Each line's stock is taken with a
 * conditional decrement, so concurrent orders can never push it below zero; if any line
 * cannot be served, nothing is taken and the cart stays as it was.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlacedOrder> {
  const outcome = await db.transaction(async (tx) => {
    if (input.idempotencyKey) {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ userId: input.userId, key: input.idempotencyKey })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) {
        const [previous] = await tx
          .select({ orderId: idempotencyKeys.orderId })
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, input.userId), eq(idempotencyKeys.key, input.idempotencyKey)));
        if (previous?.orderId) return { orderId: previous.orderId, replayed: true };
      }
    }
    const [cart] = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.id, input.cartId), eq(carts.userId, input.userId)))
      .for('update');
    if (!cart) throw new AppError(404, MSG.cartNotFound);
    const lines = await tx
      .select({
        productId: cartItems.productId,
        size: cartItems.size,
        count: cartItems.count,
        title: products.title,
        imageCover: products.imageCover,
        barcode: products.barcode,
        price: products.priceAfterDiscount,
        available: products.available,
        sizes: products.availableSizes,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(eq(cartItems.cartId, cart.id))
      // A fixed order of row locks, so two orders sharing products cannot deadlock.
      .orderBy(asc(cartItems.productId), asc(cartItems.size));
    if (lines.length === 0) throw new AppError(400, MSG.cartEmpty);

    const perProduct = new Map<string, number>();
    for (const line of lines) {
      if (!line.available || !line.sizes.includes(line.size)) throw new AppError(409, `${MSG.productUnavailable}: ${line.title}`);
      perProduct.set(line.productId, (perProduct.get(line.productId) ?? 0) + line.count);
    }
    for (const [productId, pieces] of perProduct) {
      const taken = await tx
        .update(products)
        .set({ quantity: sql`${products.quantity} - ${pieces}` })
        .where(and(eq(products.id, productId), sql`${products.quantity} >= ${pieces}`))
        .returning({ id: products.id });
      if (taken.length === 0) {
        const title = lines.find((l) => l.productId === productId)!.title;
        throw new AppError(409, `${MSG.notEnoughStock}: ${title}`);
      }
    }

    const [order] = await tx
      .insert(orders)
      .values({
        userId: input.userId,
        shippingDetails: input.shippingAddress.details,
        shippingPhone: input.shippingAddress.phone,
        shippingCity: input.shippingAddress.shippingCity,
        postalCode: input.shippingAddress.postalCode ?? DEFAULT_POSTAL_CODE,
        shippingPrice: SHIPPING_FEE,
        totalOrderPrice: sumLines(lines),
        paymentMethodType: 'cash',
      })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values(
      lines.map((line) => ({
        orderId: order!.id,
        productId: line.productId,
        title: line.title,
        imageCover: line.imageCover,
        barcode: line.barcode,
        size: line.size,
        count: line.count,
        price: line.price,
      })),
    );
    await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
    if (input.idempotencyKey) {
      await tx
        .update(idempotencyKeys)
        .set({ orderId: order!.id })
        .where(and(eq(idempotencyKeys.userId, input.userId), eq(idempotencyKeys.key, input.idempotencyKey)));
    }
    return { orderId: order!.id, replayed: false };
  });
  return { order: await getOrder(db, outcome.orderId), replayed: outcome.replayed };
}

const orderColumns = {
  id: orders.id,
  number: orders.number,
  userId: users.id,
  userName: users.name,
  userPhone: users.phone,
  shippingDetails: orders.shippingDetails,
  shippingPhone: orders.shippingPhone,
  shippingCity: orders.shippingCity,
  postalCode: orders.postalCode,
  shippingPrice: orders.shippingPrice,
  totalOrderPrice: orders.totalOrderPrice,
  paymentMethodType: orders.paymentMethodType,
  trnxId: orders.trnxId,
  orderPaymobId: orders.orderPaymobId,
  isPaid: orders.isPaid,
  paidAt: orders.paidAt,
  isDelivered: orders.isDelivered,
  deliveredAt: orders.deliveredAt,
  createdAt: orders.createdAt,
};

async function withLines(db: Db, rows: Awaited<ReturnType<typeof selectOrders>>): Promise<Order[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, rows.map((r) => r.id)))
    .orderBy(asc(orderItems.title), asc(orderItems.size));
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    user: { id: r.userId, name: r.userName, phone: r.userPhone },
    lines: lines
      .filter((l) => l.orderId === r.id)
      .map((l) => ({ productId: l.productId, title: l.title, imageCover: l.imageCover, barcode: l.barcode, size: l.size, count: l.count, price: l.price })),
    shippingAddress: { details: r.shippingDetails, phone: r.shippingPhone, city: r.shippingCity, postalCode: r.postalCode },
    shippingPrice: r.shippingPrice,
    totalOrderPrice: r.totalOrderPrice,
    paymentMethodType: r.paymentMethodType,
    trnxId: r.trnxId,
    orderPaymobId: r.orderPaymobId,
    isPaid: r.isPaid,
    paidAt: r.paidAt,
    isDelivered: r.isDelivered,
    deliveredAt: r.deliveredAt,
    createdAt: r.createdAt,
  }));
}

function selectOrders(db: Db) {
  return db.select(orderColumns).from(orders).innerJoin(users, eq(users.id, orders.userId));
}

export interface Viewer {
  id: string;
  role: 'user' | 'admin';
}

/** A customer's own orders, or every order for an admin; newest first. */
export async function listOrders(db: Db, viewer: Viewer, query: { page: number; limit: number }): Promise<Page<Order>> {
  const where = viewer.role === 'admin' ? undefined : eq(orders.userId, viewer.id);
  const [rows, [total]] = await Promise.all([
    selectOrders(db)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return toPage(await withLines(db, rows), total?.n ?? 0, query.page, query.limit);
}

/** One order; a customer asking for someone else's gets "not found". */
export async function getOrder(db: Db, id: string, viewer?: Viewer): Promise<Order> {
  const [row] = await selectOrders(db).where(eq(orders.id, id)).limit(1);
  if (!row || (viewer && viewer.role !== 'admin' && row.userId !== viewer.id)) throw new AppError(404, MSG.orderNotFound);
  const [order] = await withLines(db, [row]);
  return order!;
}

/** The two flags staff set on an order, each with the date it last became true. */
export type OrderFlag = 'delivered' | 'paid';

const FLAG_COLUMN = { delivered: orders.isDelivered, paid: orders.isPaid } as const;

/** Writes the flag and its date unless it already holds `value`; false when no row changed. */
async function writeFlag(db: Db, id: string, flag: OrderFlag, value: boolean): Promise<boolean> {
  const stamp = value ? new Date() : null;
  const changes = flag === 'delivered' ? { isDelivered: value, deliveredAt: stamp } : { isPaid: value, paidAt: stamp };
  const changed = await db
    .update(orders)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(orders.id, id), ne(FLAG_COLUMN[flag], value)))
    .returning({ id: orders.id });
  return changed.length > 0;
}

/**
 * Sets a flag to `value`, stamping its date when it becomes true and clearing it when it
 * becomes false. Setting the value it already has changes nothing, not even the date, so a
 * repeated submit or two admins making the same change agree instead of undoing each other.
 * An unknown order is a 404.
 */
export async function setOrderFlag(db: Db, id: string, flag: OrderFlag, value: boolean): Promise<Order> {
  await writeFlag(db, id, flag, value);
  return getOrder(db, id);
}

/** Marks an order delivered (true) or not yet delivered (false); idempotent. */
export function setOrderDelivered(db: Db, id: string, value: boolean): Promise<Order> {
  return setOrderFlag(db, id, 'delivered', value);
}

/** Marks an order paid (true) or unpaid (false); idempotent. */
export function setOrderPaid(db: Db, id: string, value: boolean): Promise<Order> {
  return setOrderFlag(db, id, 'paid', value);
}

/**
 * Flips a flag (the API's PUT /orders/{id}/deliver and /pay) through the same write as
 * setOrderFlag. The row is locked while its value is read, so two flips at once make two
 * changes, never one lost.
 */
async function toggleOrderFlag(db: Db, id: string, flag: OrderFlag): Promise<Order> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ value: FLAG_COLUMN[flag] }).from(orders).where(eq(orders.id, id)).for('update');
    if (!current) throw new AppError(404, MSG.orderNotFound);
    await writeFlag(tx, id, flag, !current.value);
  });
  return getOrder(db, id);
}

/** Flips the delivered flag, stamping or clearing its date. */
export function toggleDelivered(db: Db, id: string): Promise<Order> {
  return toggleOrderFlag(db, id, 'delivered');
}

/** Flips the paid flag, stamping or clearing its date. */
export function togglePaid(db: Db, id: string): Promise<Order> {
  return toggleOrderFlag(db, id, 'paid');
}
