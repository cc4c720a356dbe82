/** The store's tables. Money is numeric(12,2): exact in the database, read as pounds. */
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_OUTCOMES, REFUND_STATUSES, STOCK_REASONS } from '../contracts/constants.ts';
import { COUPON_TYPES } from '../contracts/coupons.ts';
import { REFUND_METHODS, RETURN_REASONS, RETURN_STATUSES } from '../contracts/returns.ts';
import { MESSAGE_KINDS, MESSAGE_STATUSES } from '../contracts/whatsapp.ts';

const id = () => uuid('id').primaryKey().defaultRandom();
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The full-text lexemes of normalised words: each word as it is, and the parts of hyphenated
 * words ("ts-4521" also gives "ts" and "4521"). No parser or dictionary: the words are already
 * normalised (contracts/normalize-arabic.ts).
 */
export const lexemesOf = (words: SQL) => sql`array_to_tsvector(array_remove(string_to_array(${words}, ' ') || regexp_split_to_array(${words}, '[ -]+'), ''))`;

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin'] }).notNull().default('user'),
    /** Raised when the role or password changes, so tokens issued before stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Whether the customer wants WhatsApp messages about their orders (the reset code is always sent). */
    orderMessages: boolean('order_messages').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_phone_key').on(t.phone),
    index('users_created_at_idx').on(t.createdAt),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: id(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    /** How many products the category holds, kept by a trigger on products (migration 0004). */
    productsCount: integer('products_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('categories_name_key').on(t.name)],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    imageCover: text('image_cover').notNull(),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    price: money('price').notNull(),
    priceAfterDiscount: money('price_after_discount').notNull(),
    /** The sum of the product's stock per size (product_stock), kept in the same transaction. */
    quantity: integer('quantity').notNull().default(0),
    age: text('age').notNull(),
    season: text('season').notNull(),
    availableSizes: text('available_sizes').array().notNull(),
    /** The admin's switch; the product is offered only when this is on and stock is left. */
    available: boolean('available').notNull().default(true),
    barcode: text('barcode').notNull().default(''),
    sale: text('sale').notNull().default(''),
    /** False for what the shop may refuse to take back once opened (underwear); returns of it are refused. */
    returnable: boolean('returnable').notNull().default(true),
    ratingsAverage: numeric('ratings_average', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
    ratingsQuantity: integer('ratings_quantity').notNull().default(0),
    /** Normalised title, category and description (contracts/normalize-arabic.ts). */
    searchText: text('search_text').notNull().default(''),
    /** Normalised title alone, so title matches rank first. */
    searchTitle: text('search_title').notNull().default(''),
    /** The lexemes of `search_text`, searched through its GIN index (core/catalogue/search.ts). */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(lexemesOf(sql.raw('search_text'))),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_quantity_check', sql`${t.quantity} >= 0`),
    check('products_price_check', sql`${t.price} > 0 and ${t.priceAfterDiscount} > 0`),
    index('products_category_created_idx').on(t.categoryId, t.createdAt),
    index('products_season_created_idx').on(t.season, t.createdAt),
    index('products_age_created_idx').on(t.age, t.createdAt),
    index('products_created_idx').on(t.createdAt),
    index('products_price_after_discount_idx').on(t.priceAfterDiscount, t.createdAt),
    index('products_price_idx').on(t.price),
    index('products_title_idx').on(t.title),
    index('products_ratings_idx').on(t.ratingsAverage),
    index('products_quantity_idx').on(t.quantity),
    index('products_search_vector_idx').using('gin', t.searchVector),
  ],
);

/**
 * Every word without digits of the catalogue's search vectors, kept by a trigger on products
 * (migration 0004): the vocabulary a keyword's words are spelt out from (the words they begin,
 * `like 'word%'`, which its trigram index can serve) and corrected against (read by
 * primary key, core/catalogue/search.ts). Words of products since changed or deleted stay; a keyword
 * spelt out to them finds nothing, as before.
 */
export const searchTerms = pgTable('search_terms', { term: text('term').primaryKey() }, (t) => [
  index('search_terms_trgm_idx').using('gin', t.term.op('gin_trgm_ops')),
]);

/**
 * A product's colours, in the admin's order (`position` from 0): each with its swatch and the
 * product's pictures that show it (a subset of `products.images`). A rename keeps the row, so the
 * colour's stock, cart lines and ledger stay with it (docs/decisions/026).
 */
export const productColors = pgTable(
  'product_colors',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    /** `#rrggbb`, lower-case. */
    hex: text('hex').notNull(),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    unique('product_colors_position_key').on(t.productId, t.position),
    unique('product_colors_product_id_key').on(t.productId, t.id),
    uniqueIndex('product_colors_name_key').on(t.productId, sql`lower(${t.name})`),
    check('product_colors_hex_check', sql`${t.hex} ~ '^#[0-9a-f]{6}$'`),
  ],
);

/**
 * Pieces left per colour × size: one row per size of the product's `available_sizes`, for each
 * of its colours (`color_id` null for a product without colours). Every change goes through
 * core/catalogue/stock.ts, which locks the product row first and writes the ledger beside it.
 */
export const productStock = pgTable(
  'product_stock',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colorId: uuid('color_id'),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [
    unique('product_stock_pair_key').on(t.productId, t.colorId, t.size).nullsNotDistinct(),
    foreignKey({ columns: [t.productId, t.colorId], foreignColumns: [productColors.productId, productColors.id], name: 'product_stock_color_fk' }).onDelete('cascade'),
    check('product_stock_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

/** The stock ledger: every change of a size's stock, with its reason and who or what caused it. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: id(),
    /** Assigned in the order the changes were made: the ledger's order, newest last. */
    seq: integer('seq').notNull().generatedAlwaysAsIdentity(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The colour, when the product has colours; its name as it was then (a rename leaves old entries as they were). */
    colorId: uuid('color_id'),
    colorName: text('color_name'),
    size: text('size').notNull(),
    reason: text('reason', { enum: STOCK_REASONS }).notNull(),
    quantityBefore: integer('quantity_before').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The return whose exchange pieces left or whose returned pieces came back (reasons `exchange`, `return`). */
    returnId: uuid('return_id').references((): AnyPgColumn => returns.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_movements_product_created_idx').on(t.productId, t.createdAt),
    index('stock_movements_order_idx').on(t.orderId),
    check('stock_movements_reason_check', sql`${t.reason} in ('order', 'cancelled', 'refused', 'admin', 'payment_expired', 'exchange', 'return')`),
  ],
);

export const carts = pgTable('carts', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .unique('carts_user_key')
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The chosen colour, for a product with colours (removing the colour removes the line). */
    colorId: uuid('color_id'),
    size: text('size').notNull(),
    count: integer('count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('cart_items_line_key').on(t.cartId, t.productId, t.colorId, t.size).nullsNotDistinct(),
    foreignKey({ columns: [t.productId, t.colorId], foreignColumns: [productColors.productId, productColors.id], name: 'cart_items_color_fk' }).onDelete('cascade'),
    index('cart_items_product_idx').on(t.productId),
    check('cart_items_count_check', sql`${t.count} >= 1`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('wishlist_items_product_idx').on(t.productId)],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** The number people use for an order: sequential, never reused. */
    number: integer('number').notNull().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    shippingDetails: text('shipping_details').notNull(),
    shippingPhone: text('shipping_phone').notNull(),
    shippingCity: text('shipping_city').notNull(),
    /** The area within the governorate; null on orders placed before it was asked. */
    shippingDistrict: text('shipping_district'),
    postalCode: text('postal_code').notNull(),
    /** What the order was charged for shipping when placed: its governorate's fee (0 when free) plus `codFee`. */
    shippingPrice: money('shipping_price').notNull(),
    /** The cash-on-delivery fee within `shippingPrice` (0 for a card order). */
    codFee: money('cod_fee').notNull().default(0),
    totalOrderPrice: money('total_order_price').notNull(),
    /** The discount code the order was placed with (as shown, upper-case), or null. */
    couponCode: text('coupon_code'),
    /** The code's row: a code any order was placed with can no longer be deleted. */
    couponId: uuid('coupon_id').references((): AnyPgColumn => coupons.id, { onDelete: 'restrict' }),
    /** Pounds off the items rounded up (never more than them); a free-shipping code leaves it 0 and waives the fee instead. */
    discount: money('discount').notNull().default(0),
    paymentMethodType: text('payment_method_type', { enum: PAYMENT_METHODS }).notNull().default('cash'),
    trnxId: text('trnx_id'),
    orderPaymobId: text('order_paymob_id'),
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    isDelivered: boolean('is_delivered').notNull().default(false),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    /** Where the order is in its life (API.md "Order status"); isDelivered follows `delivered`. */
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    /** A card order still awaiting payment at this time is cancelled by the shop; null for cash. */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    index('orders_awaiting_payment_idx').on(t.paymentDueAt).where(sql`${t.status} = 'awaiting_payment'`),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_coupon_idx').on(t.couponId),
    check('orders_status_check', sql`${t.status} in ('awaiting_payment', 'pending', 'confirmed', 'shipped', 'delivered', 'cancelled', 'refused')`),
    check('orders_discount_check', sql`${t.discount} >= 0`),
  ],
);

/** Every change of an order's status: what it became, when, and who did it (null: the shop itself). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Assigned in the order the changes were made. */
    seq: integer('seq').notNull().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.createdAt)],
);

/** A snapshot of what was bought: later edits or deletion of the product never change it. */
export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    title: text('title').notNull(),
    imageCover: text('image_cover').notNull(),
    barcode: text('barcode').notNull().default(''),
    /** The colour bought (null without colours): its id to put pieces back, its name as it was then. */
    colorId: uuid('color_id'),
    colorName: text('color_name'),
    size: text('size').notNull(),
    count: integer('count').notNull(),
    price: money('price').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_product_idx').on(t.productId)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull(),
    review: text('review').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_user_product_key').on(t.userId, t.productId),
    index('reviews_product_created_idx').on(t.productId, t.createdAt),
    check('reviews_rating_check', sql`${t.rating} >= 0.5 and ${t.rating} <= 5`),
  ],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: id(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('newsletter_subscribers_email_key').on(t.email)],
);

/** One row per (user, Idempotency-Key): a repeated order request gets the first order back. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * One row per signed-in device. A token names its session; logging out deletes the row, so
 * the token stops working at once instead of at its expiry.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Each Paymob intention made for a card order: one at checkout and one per "pay now". A
 * callback finds its order through the Paymob order id stored here, never through a field
 * outside the callback's signature.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymobOrderId: text('paymob_order_id').notNull(),
    intentionId: text('intention_id').notNull(),
    /** Opens Paymob's hosted checkout for this intention; it is handed to the shopper's browser anyway. */
    clientSecret: text('client_secret').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_attempts_paymob_order_key').on(t.paymobOrderId), index('payment_attempts_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * Every signed transaction callback from Paymob, as received, with what the shop did with it.
 * The signature is unique: the same callback sent again is recognised and changes nothing.
 */
export const paymentCallbacks = pgTable(
  'payment_callbacks',
  {
    id: id(),
    /** Null when the Paymob order id is none of ours. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    paymobOrderId: text('paymob_order_id').notNull(),
    transactionId: text('transaction_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    success: boolean('success').notNull(),
    outcome: text('outcome', { enum: PAYMENT_OUTCOMES }).notNull(),
    /** Waits for an admin (amount mismatch, money for a closed order, a second payment) until decided. */
    needsDecision: boolean('needs_decision').notNull().default(false),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** The card or wallet as Paymob names it: type, sub type and masked number. */
    source: text('source').notNull().default(''),
    signature: text('signature').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_callbacks_signature_key').on(t.signature),
    index('payment_callbacks_order_idx').on(t.orderId, t.createdAt),
    index('payment_callbacks_decision_idx').on(t.createdAt).where(sql`${t.needsDecision}`),
  ],
);

/** Money sent back to a customer through Paymob's refund call, and whether it went through. */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The Paymob transaction refunded. */
    transactionId: text('transaction_id').notNull(),
    amount: money('amount').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    /** Paymob's id of the refund transaction, when it went through. */
    refundTransactionId: text('refund_transaction_id'),
    /** Why it failed, as far as the shop can tell (never a secret). */
    detail: text('detail'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The return this refund pays back (a part of the payment), or null for the order's own. */
    returnId: uuid('return_id').references((): AnyPgColumn => returns.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('order_refunds_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * The shop's own secrets, shared by every process on the database (the session token's signing
 * key): made once by whichever process starts first, read by the others.
 */
export const shopSecrets = pgTable('shop_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Pictures no longer named by a product or a category, to be removed from storage once `dueAt`
 * has passed (pages and caches elsewhere may still name them until then); one process removes
 * them, and never one an order line still shows.
 */
export const imageRemovals = pgTable(
  'image_removals',
  {
    /** The stored picture's name, as products and categories name it. */
    name: text('name').primaryKey(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('image_removals_due_idx').on(t.dueAt)],
);

/**
 * Background work that one process at a time does (the payment-expiry sweep, removing pictures):
 * a process holds a job's lease until `until`, renewing it while it works; another takes it over
 * only once it has run out, so a process that died stops holding it.
 */
export const jobLeases = pgTable('job_leases', {
  job: text('job').primaryKey(),
  holder: text('holder').notNull(),
  until: timestamp('until', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Each governorate's shipping fee, set by the shop; a governorate without a row costs SHIPPING_FEE. */
export const shippingFees = pgTable(
  'shipping_fees',
  {
    governorate: text('governorate').primaryKey(),
    fee: money('fee').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('shipping_fees_fee_check', sql`${t.fee} >= 0 and ${t.fee} <= 1000`)],
);

/** The shop's one row of shipping rules beside the fees: free shipping from an items total, and the cash-on-delivery fee. */
export const shippingRules = pgTable(
  'shipping_rules',
  {
    id: integer('id').primaryKey().default(1),
    freeShippingFrom: money('free_shipping_from'),
    codFee: money('cod_fee').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('shipping_rules_one_row', sql`${t.id} = 1`)],
);

/**
 * An order handed to a courier: one per order. The row is claimed (state `requesting`, no
 * tracking number) before the courier is called outside any transaction, so two admins cannot
 * send the same order twice; it is filled in when the courier answers, removed when it refuses.
 */
export const shipments = pgTable(
  'shipments',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    courier: text('courier').notNull(),
    trackingNumber: text('tracking_number'),
    deliveryId: text('delivery_id'),
    /** requesting, then the courier's state as the shop reads it (core/couriers/courier.ts ShipmentState). */
    state: text('state').notNull(),
    /** The courier's own state code of the last event applied. */
    stateCode: text('state_code'),
    allowOpenPackage: boolean('allow_open_package').notNull().default(false),
    /** What the courier is to collect from the customer (0 for a paid order). */
    codAmount: money('cod_amount').notNull(),
    /** What the courier reports it collected, once delivered. */
    cashCollected: money('cash_collected'),
    /** When staff recorded the courier paying the collected cash out to the shop. */
    paidOutAt: timestamp('paid_out_at', { withTimezone: true, mode: 'date' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipments_tracking_key').on(t.courier, t.trackingNumber),
    index('shipments_unpaid_cash_idx').on(t.courier).where(sql`${t.cashCollected} is not null and ${t.paidOutAt} is null`),
  ],
);

/** Every event a courier's webhook sent, kept once (a repeat is recognised by its key). */
export const courierEvents = pgTable(
  'courier_events',
  {
    id: id(),
    courier: text('courier').notNull(),
    eventKey: text('event_key').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    stateCode: text('state_code').notNull(),
    /** The order it moved, or null (an unknown tracking number, or nothing to change). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** What the shop did with it: applied, ignored, unknown. */
    outcome: text('outcome').notNull(),
    body: jsonb('body').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [uniqueIndex('courier_events_key').on(t.courier, t.eventKey), index('courier_events_tracking_idx').on(t.courier, t.trackingNumber)],
);

/**
 * The outbox of WhatsApp messages (docs/decisions/023-whatsapp-messages.md): each row is written in
 * the transaction of the change that causes it, one per event (`event_key`), and sent afterwards
 * by the sender (core/messages/outbox.ts), which claims it before calling Meta.
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: id(),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
    /** What caused it, e.g. order_shipped:<order id>: a second message for the same event is never written. */
    eventKey: text('event_key').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The phone it goes to, as the shop keeps phones (01xxxxxxxxx). */
    phone: text('phone').notNull(),
    /** The template's values (core/messages/templates.ts TemplateParams); a reset code is wiped once it is no longer sent. */
    params: jsonb('params').notNull(),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('pending'),
    tries: integer('tries').notNull().default(0),
    /** When a pending message is due to be (tried again to be) sent. */
    nextTryAt: timestamp('next_try_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Meta's message id (wamid), once Meta took it. */
    wamid: text('wamid'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** Who asked for it to be sent again, last. */
    resentBy: uuid('resent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('whatsapp_messages_event_key').on(t.eventKey),
    uniqueIndex('whatsapp_messages_wamid_key').on(t.wamid),
    index('whatsapp_messages_due_idx').on(t.nextTryAt).where(sql`${t.status} = 'pending'`),
    index('whatsapp_messages_order_idx').on(t.orderId),
    index('whatsapp_messages_status_created_idx').on(t.status, t.createdAt),
    index('whatsapp_messages_created_idx').on(t.createdAt),
  ],
);

/** Every quick-reply tap the webhook received, kept once by its own message id (Meta retries webhooks). */
export const whatsappReplies = pgTable('whatsapp_replies', {
  replyId: text('reply_id').primaryKey(),
  messageId: uuid('message_id').references(() => whatsappMessages.id, { onDelete: 'set null' }),
  fromPhone: text('from_phone').notNull(),
  payload: text('payload').notNull(),
  /** What the shop did with it: confirmed, cancelled, ignored. */
  outcome: text('outcome').notNull(),
  receivedAt: createdAt(),
});

/** The kinds of message staff switched off (a kind without a row is on). */
export const messageKindSettings = pgTable('message_kind_settings', {
  kind: text('kind', { enum: MESSAGE_KINDS }).primaryKey(),
  enabled: boolean('enabled').notNull(),
  updatedAt: updatedAt(),
});

/** An account's password-reset code: the last one only, stored hashed, with its wrong tries. */
export const passwordResets = pgTable('password_resets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  tries: integer('tries').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAt(),
});

/**
 * Discount codes (API.md "discount codes"). `code` is stored upper-case, so the unique index
 * makes codes unique ignoring case. `uses` counts the orders holding a use (coupon_uses rows),
 * changed only together with those rows under this row's lock.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    code: text('code').notNull(),
    type: text('type', { enum: COUPON_TYPES }).notNull(),
    /** Percent (1 to 90) or pounds off; null for free shipping. */
    value: money('value'),
    minItemsTotal: money('min_items_total').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    /** Null: no limit. */
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer').notNull().default(1),
    uses: integer('uses').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(t.code),
    check('coupons_code_check', sql`${t.code} = upper(${t.code})`),
    check('coupons_type_check', sql`${t.type} in ('percent', 'fixed', 'freeShipping')`),
    check(
      'coupons_value_check',
      sql`case ${t.type} when 'percent' then ${t.value} between 1 and 90 when 'fixed' then ${t.value} > 0 else ${t.value} is null end`,
    ),
    check('coupons_min_items_total_check', sql`${t.minItemsTotal} >= 0`),
    check('coupons_dates_check', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check('coupons_max_uses_check', sql`${t.maxUses} is null or ${t.maxUses} >= 1`),
    check('coupons_max_uses_per_customer_check', sql`${t.maxUsesPerCustomer} >= 1`),
    check('coupons_uses_check', sql`${t.uses} >= 0`),
  ],
);

/** One row per order holding a use of a code; giving the use back deletes the row. */
export const couponUses = pgTable(
  'coupon_uses',
  {
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('coupon_uses_coupon_user_idx').on(t.couponId, t.userId)],
);

/** The code a shopper put on their cart (at most one). */
export const cartCoupons = pgTable('cart_coupons', {
  cartId: uuid('cart_id')
    .primaryKey()
    .references(() => carts.id, { onDelete: 'cascade' }),
  couponId: uuid('coupon_id')
    .notNull()
    .references(() => coupons.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** The shop's one row of return rules (API.md "returns and exchanges"); a shop that set nothing has DEFAULT_RETURN_SETTINGS. */
export const returnSettings = pgTable(
  'return_settings',
  {
    id: integer('id').primaryKey().default(1),
    windowDays: integer('window_days').notNull().default(14),
    returnShippingFee: money('return_shipping_fee').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('return_settings_one_row', sql`${t.id} = 1`),
    check('return_settings_window_check', sql`${t.windowDays} between 1 and 60`),
    check('return_settings_fee_check', sql`${t.returnShippingFee} >= 0 and ${t.returnShippingFee} <= 1000`),
  ],
);

/**
 * A customer's request to return or exchange pieces of a delivered order, and what staff did
 * with it. The refund is recorded here: by hand for a cash order (method and reference), through
 * Paymob for a card order (method `card`, its attempts in order_refunds with this return's id).
 */
export const returns = pgTable(
  'returns',
  {
    id: id(),
    /** The number people use for a return: sequential, never reused. */
    number: integer('number').notNull().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    note: text('note'),
    declineReason: text('decline_reason'),
    /** What the customer pays for the return, fixed when asked (the fee then, when a reason was theirs). */
    shippingFee: money('shipping_fee').notNull().default(0),
    refundMethod: text('refund_method', { enum: REFUND_METHODS }),
    refundAmount: money('refund_amount'),
    /** `succeeded` once the money went back; `pending` or `failed` for a card refund on its way or refused. */
    refundStatus: text('refund_status', { enum: REFUND_STATUSES }),
    refundReference: text('refund_reference'),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    refundedBy: uuid('refunded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('returns_number_key').on(t.number),
    index('returns_order_idx').on(t.orderId),
    index('returns_user_created_idx').on(t.userId, t.createdAt),
    index('returns_status_created_idx').on(t.status, t.createdAt),
    check('returns_status_check', sql`${t.status} in ('requested', 'approved', 'declined', 'cancelled', 'received', 'completed')`),
    check('returns_shipping_fee_check', sql`${t.shippingFee} >= 0`),
  ],
);

/** The pieces of one order line a return holds, why, and what arrived and went back to stock. */
export const returnLines = pgTable(
  'return_lines',
  {
    id: id(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    reason: text('reason', { enum: RETURN_REASONS }).notNull(),
    /** The pair wanted in exchange (null size: not an exchange); the colour's id and its name as asked. */
    exchangeSize: text('exchange_size'),
    exchangeColorId: uuid('exchange_color_id'),
    exchangeColorName: text('exchange_color_name'),
    /** Pieces that arrived and pieces put back in stock, null before receipt. */
    received: integer('received'),
    restocked: integer('restocked'),
  },
  (t) => [
    index('return_lines_return_idx').on(t.returnId),
    index('return_lines_order_item_idx').on(t.orderItemId),
    check('return_lines_count_check', sql`${t.count} >= 1`),
    check('return_lines_received_check', sql`${t.received} is null or (${t.received} >= 0 and ${t.received} <= ${t.count})`),
    check('return_lines_restocked_check', sql`${t.restocked} is null or (${t.restocked} >= 0 and ${t.restocked} <= ${t.received})`),
  ],
);

/** Every change of a return's status: what it became, when, and who did it. */
export const returnStatusHistory = pgTable(
  'return_status_history',
  {
    id: id(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RETURN_STATUSES }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    seq: integer('seq').notNull().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
  },
  (t) => [index('return_status_history_return_idx').on(t.returnId, t.seq)],
);

/**
 * A return collected by a courier (POST /returns/{id}/shipments): one per return, a pickup from
 * the customer or an exchange's visit (new pieces delivered, old ones collected). As with an
 * order's shipment, the row is claimed (state `requesting`, no tracking number) before the courier
 * is called outside any transaction, filled in when it answers and removed when it refuses. The
 * courier's webhook records its states here and moves neither the order nor stock.
 */
export const returnShipments = pgTable(
  'return_shipments',
  {
    returnId: uuid('return_id')
      .primaryKey()
      .references(() => returns.id, { onDelete: 'cascade' }),
    courier: text('courier').notNull(),
    trackingNumber: text('tracking_number'),
    deliveryId: text('delivery_id'),
    /** requesting, then the courier's state as the shop reads it (core/couriers/courier.ts ShipmentState). */
    state: text('state').notNull(),
    /** The courier's own state code of the last event applied. */
    stateCode: text('state_code'),
    /** What the courier is to collect at the door: an exchange's return shipping fee, 0 for a plain return. */
    codAmount: money('cod_amount').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('return_shipments_tracking_key').on(t.courier, t.trackingNumber), check('return_shipments_cod_check', sql`${t.codAmount} >= 0`)],
);
