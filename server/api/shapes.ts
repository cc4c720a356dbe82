/**
 * The JSON shapes of API.md, as zod schemas (they document the responses in OpenAPI and
 * guarantee nothing else leaves the server) and the functions that map core's objects onto
 * them: `_id` for ids, `color` for a line's size.
 */
import { z } from 'zod';
import { COUPON_TYPES } from '../../contracts/coupons.ts';
import { ORDER_STATUSES, PAYMENT_METHODS, REFUND_STATUSES, STOCK_REASONS } from '../../contracts/index.ts';
import { RETURN_STATUSES } from '../../contracts/returns.ts';
import type { User } from '../../core/accounts/auth.ts';
import type { Cart } from '../../core/checkout/cart.ts';
import type { Category } from '../../core/catalogue/categories.ts';
import type { ColorInUse } from '../../core/catalogue/colors.ts';
import type { Coupon } from '../../core/checkout/coupons.ts';
import type { Order } from '../../core/orders/orders.ts';
import type { Page } from '../../core/shared/pagination.ts';
import type { Product } from '../../core/catalogue/products.ts';
import type { Review } from '../../core/catalogue/reviews.ts';
import type { StockMovement } from '../../core/catalogue/stock.ts';
import type { UserDetails } from '../../core/accounts/users.ts';

const date = z.iso.datetime().describe('ISO 8601 date');
const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

export const UserShape = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
  role: z.enum(['user', 'admin']),
  createdAt: date,
});
export const presentUser = (u: User): z.infer<typeof UserShape> => ({ _id: u.id, name: u.name, phone: u.phone, role: u.role, createdAt: iso(u.createdAt) });

export const UserDetailsShape = UserShape.extend({ ordersCount: z.number(), totalSpent: z.number() });
export const presentUserDetails = (u: UserDetails): z.infer<typeof UserDetailsShape> => ({
  ...presentUser(u),
  ordersCount: u.ordersCount,
  totalSpent: u.totalSpent,
});

export const CategoryShape = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string().describe('URL of the image: /categories/<name>, or its address at the images\' own host (IMAGES_PUBLIC_URL)'),
  productsCount: z.number(),
});
/** Presents categories with their images at `imagesUrl` ('' for the shop's own address). */
export const presentCategory =
  (imagesUrl: string) =>
  (c: Category): z.infer<typeof CategoryShape> => ({
    _id: c.id,
    name: c.name,
    image: `${imagesUrl}/categories/${c.image}`,
    productsCount: c.productsCount,
  });

export const ProductShape = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  imageCover: z.string().describe('file name served at /products/<name>'),
  images: z.array(z.string()),
  category: z.object({ _id: z.string(), name: z.string() }),
  price: z.number(),
  priceAfterDiscount: z.number(),
  quantity: z.number().describe('Pieces left over all sizes (and colours): the sum of `stock` (read only)'),
  stock: z
    .array(
      z.object({
        size: z.string(),
        quantity: z.number(),
        color: z.string().optional().describe("The colour's name: only for a product with colours"),
      }),
    )
    .describe('Pieces left per size, one entry per size of availableSizes, in that order; with colours one entry per colour × size, colour then size'),
  colors: z
    .array(
      z.object({
        name: z.string(),
        hex: z.string().describe('The swatch, #rrggbb'),
        images: z.array(z.string()).describe("The product's images (file names among `images`) that show this colour"),
      }),
    )
    .describe("The colours in the admin's order; empty for a product sold in one colour"),
  age: z.string(),
  season: z.string(),
  availableSizes: z.array(z.string()),
  availability: z.boolean(),
  barcode: z.string(),
  sale: z.string(),
  returnable: z.boolean().describe('False: the shop does not take it back, and a return of it is refused'),
  ratingsAverage: z.number(),
  ratingsQuantity: z.number(),
  createdAt: date,
  updatedAt: date,
});
export const presentProduct = (p: Product): z.infer<typeof ProductShape> => ({
  _id: p.id,
  title: p.title,
  slug: p.slug,
  description: p.description,
  imageCover: p.imageCover,
  images: p.images,
  category: { _id: p.category.id, name: p.category.name },
  price: p.price,
  priceAfterDiscount: p.priceAfterDiscount,
  quantity: p.quantity,
  stock: p.stock.map((s) => ({ size: s.size, quantity: s.quantity, ...(s.color !== undefined && { color: s.color }) })),
  colors: p.colors.map((c) => ({ name: c.name, hex: c.hex, images: c.images })),
  age: p.age,
  season: p.season,
  availableSizes: p.availableSizes,
  availability: p.availability,
  barcode: p.barcode,
  sale: p.sale,
  returnable: p.returnable,
  ratingsAverage: p.ratingsAverage,
  ratingsQuantity: p.ratingsQuantity,
  createdAt: iso(p.createdAt),
  updatedAt: iso(p.updatedAt),
});

export const CartShape = z.object({
  _id: z.string().nullable(),
  products: z.array(
    z.object({
      _id: z.string(),
      product: z.object({ _id: z.string(), title: z.string(), imageCover: z.string(), priceAfterDiscount: z.number(), availability: z.boolean() }),
      color: z.string().describe('the chosen size'),
      colorName: z.string().nullable().describe("The chosen colour's name; null for a product without colours"),
      count: z.number(),
      price: z.number(),
    }),
  ),
  totalCartPrice: z.number(),
  coupon: z
    .object({
      code: z.string(),
      type: z.enum(COUPON_TYPES),
      discount: z.number().describe('Pounds off the items rounded up; 0 for freeShipping (the order then ships free)'),
    })
    .optional()
    .describe('The discount code on the cart (POST /cart/coupon), while it still applies; absent without one'),
  totalAfterDiscount: z.number().optional().describe('With a code: the items rounded up to the pound, less its discount (shipping is added at checkout)'),
});
export const presentCart = (c: Cart): z.infer<typeof CartShape> => ({
  _id: c.id,
  products: c.lines.map((l) => ({
    _id: l.id,
    product: {
      _id: l.product.id,
      title: l.product.title,
      imageCover: l.product.imageCover,
      priceAfterDiscount: l.product.priceAfterDiscount,
      availability: l.product.availability,
    },
    color: l.size,
    colorName: l.colorName,
    count: l.count,
    price: l.price,
  })),
  totalCartPrice: c.totalCartPrice,
  ...(c.coupon && { coupon: c.coupon, totalAfterDiscount: c.totalAfterDiscount }),
});

export const OrderShape = z.object({
  _id: z.string(),
  id: z.number().describe('sequential order number'),
  user: z.object({ _id: z.string(), name: z.string(), phone: z.string() }),
  cartItems: z.array(
    z.object({
      _id: z.string().describe("The line's id, named by a return's lineId"),
      product: z.object({ _id: z.string(), title: z.string(), imageCover: z.string(), barcode: z.string() }),
      color: z.string().describe('the size bought'),
      colorName: z.string().nullable().describe('The colour bought, named as it was when the order was placed; null for a product without colours'),
      count: z.number(),
      price: z.number(),
      paidPrice: z.number().describe("The unit price paid: the price less the line's share of the order's discount, to the piastre (the shares never add up to more than the discount)"),
    }),
  ),
  shippingAddress: z.object({
    details: z.string(),
    phone: z.string(),
    city: z.string(),
    district: z.string().nullable().describe('The area within the governorate; null on orders placed before it was asked'),
    postalCode: z.string(),
  }),
  shippingPrice: z.number().describe("What the order was charged for shipping when placed: its governorate's fee (0 when free) plus codFee"),
  codFee: z.number().describe('The cash-on-delivery fee within shippingPrice (0 for a card order)'),
  totalOrderPrice: z.number().describe('the items, without shipping'),
  couponCode: z.string().nullable().describe('The discount code the order was placed with, or null'),
  discount: z.number().describe('Pounds off the items rounded up (0 without a code, and with a freeShipping code, whose order ships for 0)'),
  paymentMethodType: z.enum(PAYMENT_METHODS).describe("'cash' on delivery, or 'card' (card, wallet or instalments through Paymob)"),
  paymentDueAt: date.nullable().describe('A card order still awaiting payment then is cancelled by the shop; null for cash'),
  trnxId: z.string().nullable().describe('The Paymob transaction that paid the order'),
  orderPaymobId: z.string().nullable().describe("Paymob's order id of the paid intention"),
  refunds: z
    .array(z.object({ amount: z.number(), status: z.enum(REFUND_STATUSES), at: date, by: z.object({ _id: z.string(), name: z.string() }).nullable() }))
    .describe('Money sent back through Paymob, oldest first, and whether each refund went through'),
  shipment: z
    .object({
      courier: z.string(),
      trackingNumber: z.string(),
      deliveryId: z.string().nullable(),
      state: z.string().describe("The courier's state as the shop reads it: created, in_transit, delivered, returned, cancelled or exception"),
      trackingUrl: z.string().nullable().describe("The courier's public tracking page"),
      createdAt: date,
      codAmount: z.number().optional().describe('Admins only: the cash the courier is to collect (0 for a paid order)'),
      cashCollected: z.number().nullable().optional().describe('Admins only: the cash the courier reported collecting; null before delivery'),
      paidOutAt: date.nullable().optional().describe("Admins only: when staff recorded the courier's payout of that cash; null before"),
    })
    .nullable()
    .describe('The order handed to a courier (POST /orders/{id}/shipments), or null'),
  isPaid: z.boolean(),
  paidAt: date.nullable(),
  isDelivered: z.boolean(),
  deliveredAt: date.nullable(),
  status: z.enum(ORDER_STATUSES),
  statusHistory: z
    .array(z.object({ status: z.enum(ORDER_STATUSES), at: date, by: z.object({ _id: z.string(), name: z.string() }).nullable() }))
    .describe('Every status the order had, oldest first; `by` is null where the shop itself acted'),
  returns: z
    .array(z.object({ _id: z.string(), id: z.number().describe('sequential return number'), status: z.enum(RETURN_STATUSES) }))
    .describe('The returns and exchanges asked for this order, oldest first'),
  createdAt: date,
});
/** An order as the API shows it; `forStaff` adds the courier's cash, which only admins see. */
export const presentOrder = (o: Order, forStaff = false): z.infer<typeof OrderShape> => ({
  _id: o.id,
  id: o.number,
  user: { _id: o.user.id, name: o.user.name, phone: o.user.phone },
  cartItems: o.lines.map((l) => ({
    _id: l.id,
    product: { _id: l.productId, title: l.title, imageCover: l.imageCover, barcode: l.barcode },
    color: l.size,
    colorName: l.colorName,
    count: l.count,
    price: l.price,
    paidPrice: l.paidPrice,
  })),
  shippingAddress: o.shippingAddress,
  shippingPrice: o.shippingPrice,
  codFee: o.codFee,
  totalOrderPrice: o.totalOrderPrice,
  couponCode: o.couponCode,
  discount: o.discount,
  paymentMethodType: o.paymentMethodType,
  paymentDueAt: isoOrNull(o.paymentDueAt),
  trnxId: o.trnxId,
  orderPaymobId: o.orderPaymobId,
  refunds: o.refunds.map((f) => ({ amount: f.amount, status: f.status, at: iso(f.at), by: f.by && { _id: f.by.id, name: f.by.name } })),
  shipment:
    o.shipment?.trackingNumber != null
      ? {
          courier: o.shipment.courier,
          trackingNumber: o.shipment.trackingNumber,
          deliveryId: o.shipment.deliveryId,
          state: o.shipment.state,
          trackingUrl: o.shipment.trackingUrl,
          createdAt: iso(o.shipment.createdAt),
          ...(forStaff && { codAmount: o.shipment.codAmount, cashCollected: o.shipment.cashCollected, paidOutAt: isoOrNull(o.shipment.paidOutAt) }),
        }
      : null,
  isPaid: o.isPaid,
  paidAt: isoOrNull(o.paidAt),
  isDelivered: o.isDelivered,
  deliveredAt: isoOrNull(o.deliveredAt),
  status: o.status,
  statusHistory: o.statusHistory.map((h) => ({ status: h.status, at: iso(h.at), by: h.by && { _id: h.by.id, name: h.by.name } })),
  returns: o.returns.map((r) => ({ _id: r.id, id: r.number, status: r.status })),
  createdAt: iso(o.createdAt),
});

export const StockMovementShape = z.object({
  _id: z.string(),
  colorName: z.string().nullable().describe("The colour's name when the entry was made (a later rename leaves it); null for a product without colours"),
  size: z.string(),
  reason: z.enum(STOCK_REASONS),
  quantityBefore: z.number(),
  quantityAfter: z.number(),
  order: z.object({ _id: z.string(), id: z.number().describe('sequential order number') }).nullable().describe('The order the change belongs to'),
  return: z
    .object({ _id: z.string(), id: z.number().describe('sequential return number') })
    .nullable()
    .describe('The return the change belongs to: its exchange pieces leaving (reason exchange) or its pieces back in stock (reason return)'),
  by: z.object({ _id: z.string(), name: z.string() }).nullable().describe('Who made the change; null where the shop itself did'),
  createdAt: date,
});
export const presentStockMovement = (m: StockMovement): z.infer<typeof StockMovementShape> => ({
  _id: m.id,
  colorName: m.colorName,
  size: m.size,
  reason: m.reason,
  quantityBefore: m.quantityBefore,
  quantityAfter: m.quantityAfter,
  order: m.order && { _id: m.order.id, id: m.order.number },
  return: m.return && { _id: m.return.id, id: m.return.number },
  by: m.by && { _id: m.by.id, name: m.by.name },
  createdAt: iso(m.createdAt),
});

export const ColorInUseShape = z.object({
  name: z.string().describe('The name most products give the colour (one entry per name, ignoring case and Arabic spelling variants)'),
  hex: z.string().describe('The swatch most products give it, #rrggbb'),
  products: z.number().describe('Available products with pieces in this colour'),
});
export const presentColorInUse = (c: ColorInUse): z.infer<typeof ColorInUseShape> => ({ name: c.name, hex: c.hex, products: c.products });

export const ReviewShape = z.object({
  _id: z.string(),
  user: z.object({ _id: z.string(), name: z.string() }),
  product: z.string(),
  rating: z.number(),
  review: z.string(),
  verifiedPurchase: z.boolean().describe('The author has a delivered order holding this product; computed by the server'),
  createdAt: date,
});
export const presentReview = (r: Review): z.infer<typeof ReviewShape> => ({
  _id: r.id,
  user: { _id: r.user.id, name: r.user.name },
  product: r.productId,
  rating: r.rating,
  review: r.review,
  verifiedPurchase: r.verifiedPurchase,
  createdAt: iso(r.createdAt),
});

/** `{data}` around one object. */
export const one = <S extends z.ZodType>(shape: S) => z.object({ data: shape });

/** The paginated list envelope. */
export const listOf = <S extends z.ZodType>(shape: S) =>
  z.object({
    results: z.number(),
    paginationResult: z.object({
      currentPage: z.number(),
      limit: z.number(),
      numberOfPages: z.number(),
      next: z.number().optional(),
      prev: z.number().optional(),
    }),
    data: z.array(shape),
  });

export function presentPage<T, R>(page: Page<T>, present: (item: T) => R) {
  return { ...page, data: page.data.map(present) };
}

/** A 204: no body, and so no content type. */
export const NoContent = z.undefined().describe('No content');

export const FailShape = z.object({ status: z.literal('fail'), message: z.string() });
export const ValidationShape = z.object({
  errors: z.array(z.object({ msg: z.string(), path: z.string(), location: z.enum(['body', 'query', 'params', 'headers']) })),
});
const TooManyShape = FailShape.describe('Too many attempts; the Retry-After header says in how many seconds to try again');
const ServerErrorShape = z
  .object({ status: z.literal('error'), message: z.string() })
  .describe('The server failed (500), or the database is out of reach (503, with a Retry-After header); the message is generic');

/**
 * The error responses a route can give, for its OpenAPI entry: the statuses listed, and the
 * 5xx that any route gives when the server or its database fails.
 */
export function failures(...statuses: number[]) {
  return {
    ...Object.fromEntries(statuses.map((s) => [s, s === 400 ? ValidationShape : s === 429 ? TooManyShape : FailShape])),
    '5xx': ServerErrorShape,
  };
}

export const CouponShape = z.object({
  _id: z.string(),
  code: z.string().describe('Upper-case'),
  type: z.enum(COUPON_TYPES),
  value: z.number().nullable().describe('percent: 1 to 90; fixed: pounds; null for freeShipping'),
  minItemsTotal: z.number(),
  startsAt: date.nullable(),
  endsAt: date.nullable(),
  maxUses: z.number().nullable().describe('null: no limit'),
  maxUsesPerCustomer: z.number(),
  uses: z.number().describe('Orders holding a use now (a cancelled, refused or expired order gave its use back)'),
  active: z.boolean(),
  createdAt: date,
  updatedAt: date,
});
export const presentCoupon = (c: Coupon): z.infer<typeof CouponShape> => ({
  _id: c.id,
  code: c.code,
  type: c.type,
  value: c.value,
  minItemsTotal: c.minItemsTotal,
  startsAt: isoOrNull(c.startsAt),
  endsAt: isoOrNull(c.endsAt),
  maxUses: c.maxUses,
  maxUsesPerCustomer: c.maxUsesPerCustomer,
  uses: c.uses,
  active: c.active,
  createdAt: iso(c.createdAt),
  updatedAt: iso(c.updatedAt),
});
