/** The shop's state once the server has stopped: every acknowledged order stored once, the stock adding up. */
import { eq, sql } from 'drizzle-orm';
import { lockDataDir } from '../../db/embedded.ts';
import { idempotencyKeys, orderItems, orders, products, productStock, stockMovements } from '../../db/schema.ts';
import type { Customers } from './customers.ts';
import type { ServerProcess } from './server-process.ts';
import { sizeKey, type Shop } from './shop.ts';
import { openShop, type Workspace } from './workspace.ts';
import type { WhatsAppStandIn } from '../whatsapp-standin.ts';
import { checkMessages } from './messages.ts';

export interface Check {
  name: string;
  failures: string[];
}

/** What checkShop found: its checks, and figures for the summary. */
export interface ShopFindings {
  checks: Check[];
  ordersFound: number;
  /** The outbox: messages recorded, sent by the stand-in, and unknown (a kill mid-send). */
  messages: { recorded: number; sent: number; unknown: number };
  soldOut: number;
  sizes: number;
}

export async function checkShop(
  shop: Shop,
  customers: Customers,
  server: ServerProcess,
  workspace: Workspace,
  whatsapp: WhatsAppStandIn,
): Promise<ShopFindings> {
  const release = workspace.database ? () => {} : lockDataDir(workspace.dataDir);
  const database = await openShop(workspace);
  try {
    const { db } = database;
    const storedOrders = await db.select({ id: orders.id }).from(orders);
    const keys = await db.select({ userId: idempotencyKeys.userId, key: idempotencyKeys.key, orderId: idempotencyKeys.orderId }).from(idempotencyKeys);
    const ordered = await db
      .select({ productId: orderItems.productId, size: orderItems.size, pieces: sql<number>`sum(${orderItems.count})::int` })
      .from(orderItems)
      .groupBy(orderItems.productId, orderItems.size);
    const totals = await db.select({ id: products.id, title: products.title, quantity: products.quantity }).from(products);
    const stock = await db
      .select({ productId: productStock.productId, size: productStock.size, quantity: productStock.quantity, title: products.title })
      .from(productStock)
      .innerJoin(products, eq(products.id, productStock.productId));
    const ledger = await db
      .select({ productId: stockMovements.productId, size: stockMovements.size, change: sql<number>`sum(${stockMovements.quantityAfter} - ${stockMovements.quantityBefore})::int` })
      .from(stockMovements)
      .groupBy(stockMovements.productId, stockMovements.size);

    const orderIds = new Set(storedOrders.map((o) => o.id));
    const keyOrder = new Map(keys.map((k) => [`${k.userId}/${k.key}`, k.orderId]));

    const stored: Check = { name: 'every acknowledged order is stored, once, under its key', failures: [] };
    for (const ack of customers.acknowledged) {
      const holds = keyOrder.get(`${ack.userId}/${ack.key}`);
      if (!orderIds.has(ack.orderId)) stored.failures.push(`order ${ack.orderId} acknowledged but missing`);
      else if (holds !== ack.orderId) stored.failures.push(`key ${ack.key} holds order ${holds}, acknowledged ${ack.orderId}`);
    }

    // Every customer request carries a key, so an order that no key points to was placed a
    // second time for a key whose first order was kept.
    const perKey: Check = { name: 'no Idempotency-Key placed two orders', failures: [] };
    const pointedTo = new Map<string, number>();
    for (const k of keys) if (k.orderId) pointedTo.set(k.orderId, (pointedTo.get(k.orderId) ?? 0) + 1);
    for (const id of orderIds) {
      const n = pointedTo.get(id) ?? 0;
      if (n !== 1) perKey.failures.push(`order ${id} is the order of ${n} keys`);
    }

    const conserved: Check = { name: 'stock taken equals the pieces in stored orders, per product and size', failures: [] };
    const belowZero: Check = { name: 'no size below zero', failures: [] };
    const summed: Check = { name: "each product's quantity is the sum of its sizes", failures: [] };
    const recorded: Check = { name: "the stock ledger adds up to each size's stock", failures: [] };
    const piecesOf = new Map(ordered.map((o) => [sizeKey(o.productId, o.size), o.pieces]));
    const changeOf = new Map(ledger.map((l) => [sizeKey(l.productId, l.size), l.change]));
    const stockOf = new Map(stock.map((s) => [sizeKey(s.productId, s.size), s]));
    for (const [key, initial] of shop.initialStock) {
      const size = stockOf.get(key);
      if (!size) {
        conserved.failures.push(`${key}: the size has no stock row`);
        continue;
      }
      const label = `${size.title} (${size.size})`;
      const taken = initial - size.quantity;
      const pieces = piecesOf.get(key) ?? 0;
      if (taken !== pieces) conserved.failures.push(`${label}: ${taken} taken, ${pieces} ordered`);
      if (size.quantity < 0) belowZero.failures.push(`${label}: ${size.quantity}`);
      const change = changeOf.get(key) ?? 0;
      if (change !== size.quantity) recorded.failures.push(`${label}: the ledger adds up to ${change}, the stock is ${size.quantity}`);
    }
    for (const key of piecesOf.keys()) if (!shop.initialStock.has(key)) conserved.failures.push(`${key}: ordered in a size the product does not have`);
    for (const product of totals) {
      const sum = stock.filter((s) => s.productId === product.id).reduce((total, s) => total + s.quantity, 0);
      if (product.quantity !== sum) summed.failures.push(`${product.title}: quantity ${product.quantity}, sizes ${sum}`);
    }

    const alive: Check = { name: 'the server exited only when killed, and stopped on SIGTERM', failures: [...server.crashes] };
    if (!server.stoppedCleanly && server.crashes.length === 0) alive.failures.push('SIGTERM did not end it with status 0');
    const answers: Check = { name: 'every answer was one the API promises (no 5xx, no 401)', failures: customers.unexpected };

    const messages = await checkMessages(db, whatsapp);
    return {
      checks: [stored, perKey, conserved, belowZero, summed, recorded, ...messages.checks, alive, answers],
      ordersFound: storedOrders.length,
      messages: { recorded: messages.recorded, sent: messages.sent, unknown: messages.unknown },
      soldOut: stock.filter((s) => s.quantity === 0).length,
      sizes: stock.length,
    };
  } finally {
    await database.close();
    release();
  }
}
