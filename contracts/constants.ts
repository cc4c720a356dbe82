/** Business constants of the store (SPEC.md §9, DESIGN.md decision 4). One place, imported everywhere. */
export const STORE_NAME = 'سوق الكاجوال';
export const CURRENCY = 'L.E';
export const SHIPPING_FEE = 70;
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const PAGINATOR_LINKS = 5;
export const PRICE_BANDS = { less149: 149, less199: 199, offers: 449 } as const;
export const RETURN_DAYS = 14;
export const REFUND_DAYS = 14;
export const DELIVERY_WORKING_DAYS = 3;
export const SUPPORT_HOURS = { days: 'السبت إلى الخميس', from: '10:00', to: '18:00' } as const;
export const STORE_PHONE = '01000000000';
export const WHATSAPP_NUMBER = '201000000000';
export const DEFAULT_POSTAL_CODE = '11511';
export const HOME_CATEGORY_NAMES = ['تيشيرت', 'قميص', 'بولو'] as const;
export const MAX_HOME_TILES = 3;
export const CAROUSEL_AUTOPLAY_MS = 3000;
export const CAROUSEL_SPEED_MS = 300;
export const TOAST_CLOSE_MS = 5000;
export const REVIEW_MAX = 200;
/** The longest search keyword the shop reads; longer ones are cut (pages) or refused (API). */
export const KEYWORD_MAX = 100;
/** The longest colour name (API.md "Additions: colours beside sizes"). */
export const COLOR_NAME_MAX = 20;
export const DESCRIPTION_MAX = 200;
export const MAX_PRODUCT_IMAGES = 5;

/**
 * A product can be bought: the shop's switch is on and some size has pieces left (API.md
 * `availability`). Its SQL form, for filters, is core/catalogue/products.ts isPurchasable; tests hold the two equal.
 */
export const canBeBought = (product: { available: boolean; quantity: number }): boolean => product.available && product.quantity > 0;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Pictures above this many pixels are refused from their header, before they are decoded. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const NAME_MIN = 3;
export const NAME_MAX = 30;
export const PASSWORD_MIN = 6;
export const PHONE_PATTERN = /^01[0125][0-9]{8}$/;
/** The shop's clock: "today" and "this week" on the dashboard are Cairo's. */
export const STORE_TIME_ZONE = 'Africa/Cairo';
/** A product with this many pieces or fewer is flagged on the dashboard. */
export const LOW_STOCK_THRESHOLD = 5;
/** Days drawn in the dashboard's sales chart. */
export const SALES_CHART_DAYS = 30;
/** Orders listed under "latest orders" on the dashboard. */
export const LATEST_ORDERS_COUNT = 5;

export const AGES = ['رجال', 'أطفال'] as const;
export type Age = (typeof AGES)[number];
export const SEASONS = ['صيف', 'شتاء', 'جميعاً'] as const;
export type Season = (typeof SEASONS)[number];
export const ALL_SEASONS: Season = 'جميعاً';

const range = (from: number, to: number, step = 1) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => String(from + i * step));

/**
 * The fixed size list of the admin form: letters, kids' ages, trouser waists, shoe sizes.
 * 42 and 44 are both a waist and a shoe size; each appears once.
 */
export const SIZES: readonly string[] = [
  ...new Set(['xs', 's', 'm', 'l', 'xl', '2x', '3x', '4x', '5x', '6x', ...range(4, 14), ...range(30, 56, 2), ...range(41, 45)]),
];

/**
 * A size as people read it, wherever it is shown or written for them: sizes are stored and sent
 * as typed ('l', '2x'); shoppers and staff read 'L', '2X'. In the text itself, not a
 * CSS capital, so a screen reader, a copy and a search read it the same.
 */
export function sizeName(size: string): string {
  return size.toUpperCase();
}

/** Every stored image file is WebP, and its name never changes: caches may keep it for a year. */
export const IMAGE_CONTENT_TYPE = 'image/webp';
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Image sizes produced for every upload (DESIGN.md "Images"). */
export const IMAGE_VARIANTS = {
  card: { width: 417, height: 555, suffix: '' },
  zoom: { width: 1200, height: 1800, suffix: '-zoom' },
  thumb: { width: 150, height: 200, suffix: '-thumb' },
} as const;

/**
 * An order's statuses (API.md "Additions, turn 2"): pending → confirmed → shipped → delivered,
 * or cancelled / refused. `awaiting_payment` comes before pending for orders paid online.
 */
export const ORDER_STATUSES = ['awaiting_payment', 'pending', 'confirmed', 'shipped', 'delivered', 'cancelled', 'refused'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What shoppers and staff read for each status. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'بانتظار الدفع',
  pending: 'قيد المراجعة',
  confirmed: 'تم التأكيد',
  shipped: 'تم الشحن',
  delivered: 'تم التوصيل',
  cancelled: 'ملغي',
  refused: 'مرفوض عند الاستلام',
};

/** The steps an order may take from each status (API.md "Order status"). */
export const ORDER_NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_payment: ['cancelled'],
  pending: ['confirmed', 'cancelled'],
  confirmed: ['shipped', 'cancelled'],
  shipped: ['delivered', 'refused', 'cancelled'],
  delivered: [],
  cancelled: [],
  refused: [],
};

/**
 * What the dashboard's delivered and paid flags may change from an order's status: delivered only
 * from confirmed or shipped (and back from delivered to shipped), paid never on a cancelled or
 * refused order. Core enforces the same (core/orders/order-lifecycle.ts); the dashboard offers only these.
 */
export const DELIVERABLE_FROM: readonly OrderStatus[] = ['confirmed', 'shipped'];
export const CLOSED_STATUSES: readonly OrderStatus[] = ['cancelled', 'refused'];

/** Cancelled or refused: the order has ended without being delivered. */
export const isClosedStatus = (status: OrderStatus): boolean => CLOSED_STATUSES.includes(status);

export function flagChangeAllowed(flag: 'delivered' | 'paid', order: { status: OrderStatus; isPaid: boolean }): boolean {
  if (flag === 'delivered') return order.status === 'delivered' || DELIVERABLE_FROM.includes(order.status);
  return order.isPaid || !isClosedStatus(order.status);
}

/** What the refund rules read of an order: how and whether it was paid, its status, its refunds. */
export interface RefundFacts {
  paymentMethodType: PaymentMethod;
  isPaid: boolean;
  status: OrderStatus;
  /** Paymob's transaction that paid the order. */
  trnxId: string | null;
  /** Oldest first. */
  refunds: readonly { transactionId: string; status: RefundStatus }[];
}

/** A closed card order paid through Paymob: its payment is given back (core/orders/order-lifecycle.ts refunds it on closing). */
export const paymentToGiveBack = (order: RefundFacts): boolean =>
  order.paymentMethodType === 'card' && order.isPaid && order.trnxId !== null && isClosedStatus(order.status);

/** The refunds of the payment that paid the order; those of another payment (an admin's decision on a second one) do not settle it. */
export const refundsOfPayment = <R extends RefundFacts['refunds'][number]>(order: Omit<RefundFacts, 'refunds'> & { refunds: readonly R[] }): R[] =>
  order.refunds.filter((refund) => refund.transactionId === order.trnxId);

/**
 * The shop still owes the customer the order's payment: it is to be given back and no refund of
 * it has succeeded (none recorded, failed, or waiting for Paymob's answer). The one rule behind
 * the customer's "refund on its way" (/profile), the dashboard's "تعذر الاسترداد" and its retry
 * (core/payments/refunds.ts refunds the same payment, by its transaction).
 */
export function refundOwed(order: RefundFacts): boolean {
  return paymentToGiveBack(order) && !refundsOfPayment(order).some((refund) => refund.status === 'succeeded');
}

/** The statuses a customer may still cancel from (an unpaid card order included: its pieces go back at once). */
export const CUSTOMER_CANCELLABLE: readonly OrderStatus[] = ['awaiting_payment', 'pending', 'confirmed'];

/**
 * How an order is paid (API.md "Additions: card and wallet payments"): cash on delivery, or
 * online through Paymob's hosted checkout (cards, wallets, instalments).
 */
export const PAYMENT_METHODS = ['cash', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'الدفع نقداً عند الاستلام',
  card: 'بطاقة أو محفظة إلكترونية',
};

/** Minutes a card order waits for its payment before the shop cancels it (PAYMENT_TIMEOUT_MINUTES). */
export const DEFAULT_PAYMENT_TIMEOUT_MINUTES = 30;

/**
 * What the shop did with a signed Paymob transaction callback. `amount_mismatch`,
 * `closed_order` (money for a cancelled or expired order) and `already_paid` (a second payment)
 * wait for an admin's decision.
 */
export const PAYMENT_OUTCOMES = ['paid', 'declined', 'pending', 'refund', 'amount_mismatch', 'closed_order', 'already_paid', 'unknown_order'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

export const PAYMENT_OUTCOME_LABELS: Record<PaymentOutcome, string> = {
  paid: 'تم الدفع',
  declined: 'مرفوضة من البنك',
  pending: 'قيد المعالجة',
  refund: 'استرداد أو إلغاء',
  amount_mismatch: 'المبلغ لا يطابق الطلب',
  closed_order: 'دفع لطلب ملغي أو منتهي المهلة',
  already_paid: 'دفعة ثانية لطلب مدفوع',
  unknown_order: 'طلب غير معروف',
};

/** Outcomes an admin must decide on (refund the money, or accept it). */
export const PAYMENT_DECISION_OUTCOMES: readonly PaymentOutcome[] = ['amount_mismatch', 'closed_order', 'already_paid'];

/**
 * How a refund through Paymob went. `pending`: sent, and Paymob's answer is not recorded yet
 * (while it is, no second refund of the same payment is sent).
 */
export const REFUND_STATUSES = ['succeeded', 'failed', 'pending'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Why a size's stock changed, as the stock ledger records it. */
export const STOCK_REASONS = ['order', 'cancelled', 'refused', 'admin', 'payment_expired', 'exchange', 'return'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  order: 'طلب',
  cancelled: 'إلغاء طلب',
  refused: 'رفض عند الاستلام',
  admin: 'تعديل من الإدارة',
  payment_expired: 'انتهاء مهلة الدفع',
  exchange: 'استبدال',
  return: 'مرتجع',
};

/**
 * The most orders a customer may have open at once without having paid or been confirmed: cash
 * orders still pending and card orders awaiting payment. Each holds its pieces, so the limit
 * keeps one account from holding a size's whole stock.
 */
export const MAX_OPEN_ORDERS = 5;

/** The most pieces of one size of one product an order line may take. */
export const MAX_LINE_PIECES = 10;

/** The two limits above as a shop sets them (MAX_OPEN_ORDERS, MAX_LINE_PIECES in the environment). */
export interface OrderLimits {
  openOrders: number;
  linePieces: number;
}

export const DEFAULT_ORDER_LIMITS: OrderLimits = { openOrders: MAX_OPEN_ORDERS, linePieces: MAX_LINE_PIECES };

/** A size with this many pieces or fewer shows "only N left" on the product page. */
export const LAST_PIECES_HINT = 2;
