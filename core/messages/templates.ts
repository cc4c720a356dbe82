/**
 * The shop's WhatsApp template messages, in one place: for each event the template's name,
 * category, Arabic body with its {{1}}-style placeholders and its buttons, exactly as the owner
 * creates them in WhatsApp Manager (docs/decisions/023-whatsapp-messages.md has the table), the
 * `template` object the Cloud API is sent, and the text the customer reads.
 *
 * Meta's rules followed here (developers.facebook.com/documentation/business-messaging/whatsapp/…):
 *  - "Templates" (templates/overview): names of lowercase letters, digits and underscores;
 *    categories AUTHENTICATION, MARKETING or UTILITY; positional placeholders {{1}}, {{2}}…
 *    numbered from 1 in the order they appear, each with a sample value at creation.
 *  - "Template components" (templates/components): body at most 1,024 characters; up to 10
 *    quick-reply buttons, labels at most 25 characters; when sending, a button's "index" sets
 *    which button a payload belongs to.
 *  - "Error codes" (support/error-codes): 2388299, a placeholder may not open or close the body;
 *    2388293, too many placeholders for the length of the text.
 *  - "Copy code authentication templates" (templates/authentication-templates/…): the body is
 *    Meta's preset text "<code> is your verification code", with an optional security
 *    recommendation and an optional expiry footer (1 to 90 minutes); no URLs, media or emoji; a
 *    copy-code button; sent with the code twice, as the body's parameter and as the text of a
 *    "url" button at index 0; at most 15 characters. Authentication templates live 10 minutes
 *    when not delivered ("Send messages", time to live).
 *  - The send reference, as Meta's WhatsApp Node.js SDK documents it (whatsapp.github.io), and the
 *    "Button messages webhook reference": a quick reply's payload is "returned when the button is
 *    clicked in addition to the display text", as the reply's button.payload beside button.text.
 *
 * Numbers stay readable in right-to-left text: each placeholder sits between Arabic words, so the
 * order number (#1234), the amount, the tracking number, the link and the code each come out as
 * one left-to-right run. The amount's currency is the Arabic word (279.00 جنيه), not the pages'
 * "L.E": a message is plain text with no <bdi> to hold "279.00 L.E" together, and the
 * right-to-left paragraph would show it as "L.E 279.00".
 */
import { REFUND_METHOD_LABELS, type RefundMethod } from '../../contracts/returns.ts';
import type { TemplateComponent, TemplateMessage } from './cloud-api.ts';

/** Every template is created in Arabic (Meta's language code "ar"). */
export const TEMPLATE_LANGUAGE = 'ar';

/** The currency in a message's words: Arabic letters, so it stays after the amount in a right-to-left paragraph. */
const MESSAGE_CURRENCY = 'جنيه';

/** How long a password-reset code is valid (API.md), shown in the authentication template's footer. */
export const RESET_CODE_MINUTES = 10;

export type TemplateCategory = 'UTILITY' | 'AUTHENTICATION';

export type TemplateButton = { type: 'QUICK_REPLY'; text: string } | { type: 'COPY_CODE'; text: string };

export interface TemplateDefinition {
  /** The name the owner gives the template in WhatsApp Manager. */
  name: string;
  category: TemplateCategory;
  /**
   * The body with {{1}}, {{2}}… For the authentication template it is Meta's preset text, which
   * the owner does not type: the Arabic shown here is ours (WhatsApp writes its own translation).
   */
  body: string;
  /** What each placeholder stands for, in order: for the owner's form and the dashboard. */
  placeholders: readonly string[];
  /** A sample value for each placeholder, which Meta requires when the template is created. */
  examples: readonly string[];
  footer?: string;
  buttons: readonly TemplateButton[];
}

const ORDER_PAGE_PLACEHOLDER = 'رابط الطلب';
const ORDER_PAGE_EXAMPLE = 'https://example.com/profile?order=1234';
const RETURN_NUMBER_PLACEHOLDER = 'رقم طلب الإرجاع';

/**
 * How the money of a return went back, in a message's words: the labels the pages show, but the
 * card as a noun ("وطريقة الرد: البطاقة"), since the pages' "إلى البطاقة" reads as a direction.
 */
const REFUND_METHOD_WORDS: Record<RefundMethod, string> = { ...REFUND_METHOD_LABELS, card: 'البطاقة' };

/** The shop's templates, one per message the customer can receive. */
export const WHATSAPP_TEMPLATES = {
  order_placed_cash: {
    name: 'order_placed_cash',
    category: 'UTILITY',
    body:
      'شكراً لطلبك! استلمنا طلبك رقم #{{1}} بإجمالي {{2}} يُدفع عند الاستلام.\n' +
      'من فضلك أكّد الطلب أو ألغِه من الزرين بالأسفل، ويمكنك متابعته من {{3}} في أي وقت.',
    placeholders: ['رقم الطلب', 'المبلغ المطلوب', ORDER_PAGE_PLACEHOLDER],
    examples: ['1234', `350.00 ${MESSAGE_CURRENCY}`, ORDER_PAGE_EXAMPLE],
    buttons: [
      { type: 'QUICK_REPLY', text: 'تأكيد الطلب' },
      { type: 'QUICK_REPLY', text: 'إلغاء الطلب' },
    ],
  },
  order_placed_card: {
    name: 'order_placed_card',
    category: 'UTILITY',
    body: 'شكراً لطلبك! استلمنا طلبك رقم #{{1}} بإجمالي {{2}}، وسنبدأ تجهيزه بعد إتمام الدفع بالبطاقة.\n' + 'يمكنك متابعة طلبك من {{3}} في أي وقت.',
    placeholders: ['رقم الطلب', 'المبلغ المطلوب', ORDER_PAGE_PLACEHOLDER],
    examples: ['1234', `350.00 ${MESSAGE_CURRENCY}`, ORDER_PAGE_EXAMPLE],
    buttons: [],
  },
  payment_received: {
    name: 'payment_received',
    category: 'UTILITY',
    body: 'استلمنا دفعتك لطلبك رقم #{{1}} بمبلغ {{2}}، شكراً لك! سنبدأ تجهيز طلبك الآن.\n' + 'يمكنك متابعة طلبك من {{3}} في أي وقت.',
    placeholders: ['رقم الطلب', 'المبلغ المدفوع', ORDER_PAGE_PLACEHOLDER],
    examples: ['1234', `350.00 ${MESSAGE_CURRENCY}`, ORDER_PAGE_EXAMPLE],
    buttons: [],
  },
  order_confirmed: {
    name: 'order_confirmed',
    category: 'UTILITY',
    body: 'أكّدنا طلبك رقم #{{1}} وبدأنا تجهيزه، وسنرسل لك رسالة عند شحنه.\n' + 'يمكنك متابعة طلبك من {{2}} في أي وقت.',
    placeholders: ['رقم الطلب', ORDER_PAGE_PLACEHOLDER],
    examples: ['1234', ORDER_PAGE_EXAMPLE],
    buttons: [],
  },
  order_shipped: {
    name: 'order_shipped',
    category: 'UTILITY',
    body: 'طلبك رقم #{{1}} في الطريق إليك! سلّمناه لشركة الشحن ورقم التتبع {{2}}.\n' + 'يمكنك متابعة الشحنة من {{3}} في أي وقت.',
    placeholders: ['رقم الطلب', 'رقم التتبع', ORDER_PAGE_PLACEHOLDER],
    examples: ['1234', '7345123890', ORDER_PAGE_EXAMPLE],
    buttons: [],
  },
  order_shipped_no_tracking: {
    name: 'order_shipped_no_tracking',
    category: 'UTILITY',
    body: 'طلبك رقم #{{1}} في الطريق إليك! سلّمناه لشركة الشحن وسيصلك قريباً.\n' + 'يمكنك متابعة طلبك من {{2}} في أي وقت.',
    placeholders: ['رقم الطلب', ORDER_PAGE_PLACEHOLDER],
    examples: ['1234', ORDER_PAGE_EXAMPLE],
    buttons: [],
  },
  order_delivered: {
    name: 'order_delivered',
    category: 'UTILITY',
    body: 'تم توصيل طلبك رقم #{{1}}، نتمنى أن يعجبك!\n' + 'لأي استفسار أو لطلب استبدال أو استرجاع، تابع طلبك من {{2}} أو راسلنا هنا.',
    placeholders: ['رقم الطلب', ORDER_PAGE_PLACEHOLDER],
    examples: ['1234', ORDER_PAGE_EXAMPLE],
    buttons: [],
  },
  order_cancelled: {
    name: 'order_cancelled',
    category: 'UTILITY',
    body: 'نأسف لإبلاغك بأننا ألغينا طلبك رقم #{{1}}.\n' + 'لمعرفة التفاصيل تابع طلبك من {{2}} أو راسلنا هنا.',
    placeholders: ['رقم الطلب', ORDER_PAGE_PLACEHOLDER],
    examples: ['1234', ORDER_PAGE_EXAMPLE],
    buttons: [],
  },
  return_approved: {
    name: 'return_approved',
    category: 'UTILITY',
    body:
      'وافقنا على طلب الإرجاع رقم #{{1}} من طلبك رقم #{{2}}. سيتواصل معك مندوبنا لاستلام القطع، فجهّزها من فضلك بحالتها التي وصلتك بها، وبعد استلامها وفحصها نرد لك المبلغ المستحق.\n' +
      'يمكنك متابعة طلبك من {{3}} في أي وقت.',
    placeholders: [RETURN_NUMBER_PLACEHOLDER, 'رقم الطلب', ORDER_PAGE_PLACEHOLDER],
    examples: ['56', '1234', ORDER_PAGE_EXAMPLE],
    buttons: [],
  },
  return_approved_exchange: {
    name: 'return_approved_exchange',
    category: 'UTILITY',
    body:
      'وافقنا على طلب الإرجاع رقم #{{1}} من طلبك رقم #{{2}}. سيتواصل معك مندوبنا لاستلام القطع، وسنرسل لك القطع البديلة بالمقاس أو اللون الذي اخترته.\n' +
      'يمكنك متابعة طلبك من {{3}} في أي وقت.',
    placeholders: [RETURN_NUMBER_PLACEHOLDER, 'رقم الطلب', ORDER_PAGE_PLACEHOLDER],
    examples: ['56', '1234', ORDER_PAGE_EXAMPLE],
    buttons: [],
  },
  return_declined: {
    name: 'return_declined',
    category: 'UTILITY',
    body: 'نأسف، لم نتمكن من قبول طلب الإرجاع رقم #{{1}} من طلبك رقم #{{2}}، والسبب: {{3}}\n' + 'لأي استفسار تابع طلبك من {{4}} أو راسلنا هنا.',
    placeholders: [RETURN_NUMBER_PLACEHOLDER, 'رقم الطلب', 'سبب الرفض', ORDER_PAGE_PLACEHOLDER],
    examples: ['56', '1234', 'القطعة مستعملة وليست بحالتها الأصلية', ORDER_PAGE_EXAMPLE],
    buttons: [],
  },
  return_refunded: {
    name: 'return_refunded',
    category: 'UTILITY',
    body: 'رددنا لك مبلغ طلب الإرجاع رقم #{{1}} من طلبك رقم #{{2}} وقدره {{3}}، وطريقة الرد: {{4}}.\n' + 'يمكنك متابعة طلبك من {{5}} في أي وقت.',
    placeholders: [RETURN_NUMBER_PLACEHOLDER, 'رقم الطلب', 'المبلغ المردود', 'طريقة الرد', ORDER_PAGE_PLACEHOLDER],
    examples: ['56', '1234', `279.00 ${MESSAGE_CURRENCY}`, REFUND_METHOD_WORDS.instapay, ORDER_PAGE_EXAMPLE],
    buttons: [],
  },
  password_reset_code: {
    name: 'password_reset_code',
    category: 'AUTHENTICATION',
    body: '{{1}} هو رمز التحقق الخاص بك. للحفاظ على أمانك، لا تشارك هذا الرمز.',
    placeholders: ['الرمز'],
    examples: ['482913'],
    footer: `تنتهي صلاحية هذا الرمز خلال ${RESET_CODE_MINUTES} دقائق.`,
    buttons: [{ type: 'COPY_CODE', text: 'نسخ الرمز' }],
  },
} as const satisfies Record<string, TemplateDefinition>;

export type TemplateName = keyof typeof WHATSAPP_TEMPLATES;

interface OrderLink {
  /** The number customers know the order by (orders.number). */
  orderNumber: number;
  /** The order on the customer's profile: orderPageUrl(STORE_URL, number). */
  orderUrl: string;
}

interface ReturnLink extends OrderLink {
  /** The number customers know the return by (returns.number). */
  returnNumber: number;
}

/** What each message needs, by the event that causes it. */
export interface TemplateParams {
  /** A cash order placed: its buttons confirm or cancel the order. */
  order_placed_cash: OrderLink & { orderId: string; amount: number };
  /** A card order placed, before it is paid. */
  order_placed_card: OrderLink & { amount: number };
  /** A card payment received for the order. */
  payment_received: OrderLink & { amount: number };
  /** Confirmed by staff (a customer who confirms from the cash order's button is not sent one). */
  order_confirmed: OrderLink;
  /** Handed to the courier; without a tracking number when the courier gave none. */
  order_shipped: OrderLink & { trackingNumber: string | null };
  order_delivered: OrderLink;
  /** Cancelled by the shop (a customer who cancels is not sent a message). */
  order_cancelled: OrderLink;
  /** A return approved by staff; `exchange` when any of its lines is an exchange (the new pieces are sent). */
  return_approved: ReturnLink & { exchange: boolean };
  /** A return declined by staff, with the reason they wrote. */
  return_declined: ReturnLink & { declineReason: string };
  /** A return's money back: recorded by staff, or refunded to the card through Paymob. */
  return_refunded: ReturnLink & { amount: number; method: RefundMethod };
  password_reset_code: { code: string };
}

export type TemplateKind = keyof TemplateParams;

type TemplateRequest = { [K in TemplateKind]: { kind: K; params: TemplateParams[K] } }[TemplateKind];

export type OrderAnswer = 'confirm' | 'cancel';

/** The payload of a cash order's button: the answer and the order's id ("confirm:<id>"). */
export function replyPayload(answer: OrderAnswer, orderId: string): string {
  return `${answer}:${orderId}`;
}

const PAYLOAD = /^(confirm|cancel):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The answer and order a quick-reply payload names; null for any other payload. */
export function parseReplyPayload(payload: string): { answer: OrderAnswer; orderId: string } | null {
  const match = PAYLOAD.exec(payload);
  return match ? { answer: match[1]!.toLowerCase() as OrderAnswer, orderId: match[2]!.toLowerCase() } : null;
}

/** The order on the customer's profile page, where the shop opens it (/profile?order=<number>). */
export function orderPageUrl(storeUrl: string, orderNumber: number): string {
  return `${storeUrl.replace(/\/+$/, '')}/profile?order=${orderNumber}`;
}

/** An amount in a message: two decimals as on the shop's pages, then the currency in Arabic. */
export function formatPounds(amount: number): string {
  return `${amount.toFixed(2)} ${MESSAGE_CURRENCY}`;
}

/** A value on one line: line breaks, tabs and runs of spaces become one space, so the sentence around it stays whole. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** The template an event uses and its placeholder values, in order. */
function resolve(request: TemplateRequest): { template: TemplateName; values: string[] } {
  switch (request.kind) {
    case 'order_placed_cash':
    case 'order_placed_card':
    case 'payment_received': {
      const { orderNumber, amount, orderUrl } = request.params;
      return { template: request.kind, values: [String(orderNumber), formatPounds(amount), orderUrl] };
    }
    case 'order_shipped': {
      const { orderNumber, trackingNumber, orderUrl } = request.params;
      const tracking = trackingNumber ? oneLine(trackingNumber) : '';
      return tracking
        ? { template: 'order_shipped', values: [String(orderNumber), tracking, orderUrl] }
        : { template: 'order_shipped_no_tracking', values: [String(orderNumber), orderUrl] };
    }
    case 'order_confirmed':
    case 'order_delivered':
    case 'order_cancelled':
      return { template: request.kind, values: [String(request.params.orderNumber), request.params.orderUrl] };
    case 'return_approved': {
      const { returnNumber, orderNumber, exchange, orderUrl } = request.params;
      return { template: exchange ? 'return_approved_exchange' : 'return_approved', values: [String(returnNumber), String(orderNumber), orderUrl] };
    }
    case 'return_declined': {
      const { returnNumber, orderNumber, declineReason, orderUrl } = request.params;
      return { template: 'return_declined', values: [String(returnNumber), String(orderNumber), declineReason, orderUrl] };
    }
    case 'return_refunded': {
      const { returnNumber, orderNumber, amount, method, orderUrl } = request.params;
      return { template: 'return_refunded', values: [String(returnNumber), String(orderNumber), formatPounds(amount), REFUND_METHOD_WORDS[method], orderUrl] };
    }
    case 'password_reset_code':
      return { template: 'password_reset_code', values: [request.params.code] };
  }
}

/** The template definition an event's message uses (order_shipped without a tracking number, and return_approved for an exchange, use their variants). */
export function templateFor<K extends TemplateKind>(kind: K, params: TemplateParams[K]): TemplateDefinition {
  return WHATSAPP_TEMPLATES[resolve({ kind, params } as TemplateRequest).template];
}

/** The `template` object of the Cloud API send request for an event. */
export function templateMessage<K extends TemplateKind>(kind: K, params: TemplateParams[K]): TemplateMessage {
  const request = { kind, params } as TemplateRequest;
  const { template, values } = resolve(request);
  const components: TemplateComponent[] = [{ type: 'body', parameters: values.map((value) => ({ type: 'text', text: oneLine(value) })) }];
  if (request.kind === 'order_placed_cash') {
    const answers: OrderAnswer[] = ['confirm', 'cancel'];
    answers.forEach((answer, index) => {
      components.push({ type: 'button', sub_type: 'quick_reply', index: String(index), parameters: [{ type: 'payload', payload: replyPayload(answer, request.params.orderId) }] });
    });
  }
  if (request.kind === 'password_reset_code') {
    components.push({ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: request.params.code }] });
  }
  return { name: WHATSAPP_TEMPLATES[template].name, language: { code: TEMPLATE_LANGUAGE }, components };
}

/** The text the customer reads (body, then footer), for the dashboard and tests. */
export function renderTemplateText<K extends TemplateKind>(kind: K, params: TemplateParams[K]): string {
  const { template, values } = resolve({ kind, params } as TemplateRequest);
  const definition: TemplateDefinition = WHATSAPP_TEMPLATES[template];
  const body = definition.body.replace(/\{\{(\d+)\}\}/g, (_, n: string) => oneLine(values[Number(n) - 1] ?? ''));
  return definition.footer ? `${body}\n${definition.footer}` : body;
}
