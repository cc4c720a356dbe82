/**
 * How a shop is built through core's rules: a product with everyday defaults, an account, an
 * order placed through the cart as a shopper places it, an order walked through the admin's
 * steps. The demo seed, the tests' factories and the durability check all build from these, so
 * a rule core adds reaches every shop they make.
 */
import sharp from 'sharp';
import type { OrderStatus, ProductFields, ShippingAddress } from '../contracts/index.ts';
import { addToCart, getCart } from '../core/checkout/cart.ts';
import type { ImageStore } from '../core/catalogue/images.ts';
import { changeOrderStatus } from '../core/orders/order-lifecycle.ts';
import type { Order, Viewer } from '../core/orders/orders.ts';
import { placeOrder } from '../core/checkout/place-order.ts';
import { createProduct, type ProductUploads } from '../core/catalogue/product-edits.ts';
import { type Product } from '../core/catalogue/products.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';

/** A real PNG of one colour: what core's upload checks accept as a picture. */
export function plainPicture(colour = '#224488', width = 60, height = 80): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
}

/** A product's fields: a cotton T-shirt for men, 10 pieces over m and l, on sale; any field overridden. */
export function productFields(category: string, overrides: Partial<ProductFields> = {}): ProductFields {
  return {
    title: 'تيشيرت قطن',
    description: 'تيشيرت قطن مريح للاستخدام اليومي',
    price: 200,
    priceAfterDiscount: 180,
    quantity: 10,
    age: 'رجال',
    season: 'صيف',
    availableSizes: ['m', 'l'],
    barcode: '',
    sale: '',
    availability: true,
    returnable: true,
    ...overrides,
    category,
  };
}

/** Adds a product through core (createProduct): `productFields` with the overrides, a plain cover unless pictures are given. */
export async function addProduct(
  db: Db,
  store: ImageStore,
  category: string,
  overrides: Partial<ProductFields> = {},
  uploads?: ProductUploads,
): Promise<Product> {
  return createProduct(db, store, productFields(category, overrides), uploads ?? { imageCover: await plainPicture() });
}

export interface NewAccount {
  name: string;
  phone: string;
  passwordHash: string;
  role?: 'user' | 'admin';
  createdAt?: Date;
}

/** An account row, its password already hashed (core/accounts/auth.ts hashPassword). */
export async function addAccount(db: Db, account: NewAccount) {
  const [row] = await db
    .insert(users)
    .values({ name: account.name, phone: account.phone, passwordHash: account.passwordHash, role: account.role ?? 'user', ...(account.createdAt && { createdAt: account.createdAt }) })
    .returning();
  return row!;
}

/** A line of an order to place: `count` pieces (1 unless given) of one size, in `colorName` for a product with colours. */
export interface OrderLineRequest {
  productId: string;
  size: string;
  colorName?: string;
  count?: number;
}

/** A cash order placed the way a shopper places one: each piece added to the cart, then the cart ordered. */
export async function orderThroughCart(db: Db, userId: string, lines: OrderLineRequest[], shippingAddress: ShippingAddress): Promise<Order> {
  for (const line of lines) {
    for (let i = 0; i < (line.count ?? 1); i++) await addToCart(db, userId, { productId: line.productId, size: line.size, colorName: line.colorName });
  }
  const cart = await getCart(db, userId);
  const { order } = await placeOrder(db, { userId, cartId: cart.id!, shippingAddress });
  return order;
}

/** The admin's steps that bring a pending order to each status. */
export const STEPS_FROM_PENDING: Record<OrderStatus, OrderStatus[]> = {
  awaiting_payment: [],
  pending: [],
  confirmed: ['confirmed'],
  shipped: ['confirmed', 'shipped'],
  delivered: ['confirmed', 'shipped', 'delivered'],
  cancelled: ['cancelled'],
  refused: ['confirmed', 'shipped', 'refused'],
};

/** Walks a pending order to `status` through the admin's steps (core's changeOrderStatus); undefined when no step was needed. */
export async function walkOrderTo(db: Db, orderId: string, status: OrderStatus, admin: Viewer): Promise<Order | undefined> {
  let order: Order | undefined;
  for (const step of STEPS_FROM_PENDING[status]) order = await changeOrderStatus(db, orderId, step, admin);
  return order;
}
