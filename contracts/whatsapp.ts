/**
 * The shop's messages to customers on WhatsApp as the API and the pages name them: the kinds of
 * message, the states a message goes through, and their Arabic labels. The templates themselves
 * live in core/messages/templates.ts.
 */

/** Every kind of message the shop sends; each is one template (order_shipped has a variant without tracking, return_approved one for an exchange). */
export const MESSAGE_KINDS = [
  'order_placed_cash',
  'order_placed_card',
  'payment_received',
  'order_confirmed',
  'order_shipped',
  'order_delivered',
  'order_cancelled',
  'return_approved',
  'return_declined',
  'return_refunded',
  'password_reset_code',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** The kinds about an order: staff may switch each off, and a customer may turn them all off. The reset code is always sent. */
export const ORDER_MESSAGE_KINDS = MESSAGE_KINDS.filter((kind) => kind !== 'password_reset_code') as Exclude<MessageKind, 'password_reset_code'>[];
export type OrderMessageKind = (typeof ORDER_MESSAGE_KINDS)[number];

/** The kinds about a return of an order (API.md "Additions: returns and exchanges"): switched, and turned off by the customer, like the order's own. */
export type ReturnMessageKind = Extract<OrderMessageKind, `return_${string}`>;

export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  order_placed_cash: 'تأكيد طلب الدفع عند الاستلام',
  order_placed_card: 'استلام طلب الدفع بالبطاقة',
  payment_received: 'استلام الدفع بالبطاقة',
  order_confirmed: 'تأكيد الطلب من المتجر',
  order_shipped: 'شحن الطلب',
  order_delivered: 'توصيل الطلب',
  order_cancelled: 'إلغاء الطلب من المتجر',
  return_approved: 'الموافقة على طلب الإرجاع',
  return_declined: 'رفض طلب الإرجاع',
  return_refunded: 'رد مبلغ طلب الإرجاع',
  password_reset_code: 'رمز استعادة كلمة المرور',
};

/**
 * A message's life: pending (waiting to be sent, or to be tried again), sending (a sender has
 * it), sent / delivered / read (Meta took it, then what its webhooks say), failed (refused, or
 * tries used up), unknown (the send may or may not have reached Meta: never resent by itself).
 */
export const MESSAGE_STATUSES = ['pending', 'sending', 'sent', 'delivered', 'read', 'failed', 'unknown'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  pending: 'في الانتظار',
  sending: 'جارٍ الإرسال',
  sent: 'أُرسلت',
  delivered: 'وصلت',
  read: 'قُرئت',
  failed: 'فشلت',
  unknown: 'غير معروف إن وصلت',
};

/** The states staff may send again from the dashboard. */
export const RESENDABLE_STATUSES: readonly MessageStatus[] = ['failed', 'unknown'];

/** How many times a message is tried before it is marked failed. */
export const MESSAGE_MAX_TRIES = 5;

/** The wait before try n+1 (n = tries so far, from 1): 30 s, 1 min, 2 min, 4 min… at most 30 min. */
export const messageRetryDelayMs = (tries: number): number => Math.min(30_000 * 2 ** Math.max(0, tries - 1), 30 * 60_000);

/** A password-reset code: its digits, how long it lives and how many wrong tries it takes. */
export const RESET_CODE_DIGITS = 6;
export const RESET_CODE_TTL_MINUTES = 10;
export const RESET_CODE_MAX_TRIES = 5;
