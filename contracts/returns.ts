/**
 * Returns and exchanges (API.md "Additions: returns and exchanges"): their statuses and reasons,
 * the settings, the request and staff forms, and the money rules (what each line was paid, what a
 * return gives back), one definition for the server and the pages. See docs/decisions/027-returns.md.
 */
import { z } from 'zod';
import { SIZES } from './constants.ts';
import { MSG } from './messages.ts';
import { toPiastres, toPounds } from './money.ts';
import { IdSchema, PageQuerySchema } from './schemas.ts';

export const RETURN_STATUSES = ['requested', 'approved', 'declined', 'cancelled', 'received', 'completed'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'قيد المراجعة',
  approved: 'تمت الموافقة',
  declined: 'مرفوض',
  cancelled: 'ملغي',
  received: 'تم الاستلام',
  completed: 'مكتمل',
};

/** The steps staff may take from each status with PUT /returns/{id}/status. */
export const RETURN_NEXT_STATUSES: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ['approved', 'declined'],
  approved: ['cancelled'],
  declined: [],
  cancelled: [],
  received: ['completed'],
  completed: [],
};

/** Statuses whose lines no longer hold any of the order line's pieces. */
export const RETURN_RELEASED: readonly ReturnStatus[] = ['declined', 'cancelled'];

export const RETURN_REASONS = ['size', 'defective', 'not_as_described', 'changed_mind', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  size: 'المقاس غير مناسب',
  defective: 'المنتج به عيب',
  not_as_described: 'المنتج مختلف عن الوصف',
  changed_mind: 'غيرت رأيي',
  other: 'سبب آخر',
};

/** The reasons that are the customer's own: a return for one of them pays the return shipping fee. */
export const CUSTOMER_REASONS: readonly ReturnReason[] = ['size', 'changed_mind', 'other'];

/** How the shop paid a cash order's return back (`card`: through Paymob, for a card order). */
export const REFUND_METHODS = ['cash', 'wallet', 'instapay', 'bank', 'card'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const MANUAL_REFUND_METHODS = ['cash', 'wallet', 'instapay', 'bank'] as const;
/** How the money went back, as the customer and staff read it. */
export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = {
  cash: 'نقداً',
  wallet: 'محفظة إلكترونية',
  instapay: 'إنستاباي',
  bank: 'تحويل بنكي',
  card: 'إلى البطاقة',
};

export const RETURN_NOTE_MAX = 300;
export const RETURN_WINDOW_MAX = 60;

export interface ReturnSettings {
  /** Days after delivery a customer may still ask. */
  windowDays: number;
  /** Pounds charged when a reason is the customer's own. */
  returnShippingFee: number;
}

export const DEFAULT_RETURN_SETTINGS: ReturnSettings = { windowDays: 14, returnShippingFee: 0 };

const inPiastres = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

export const ReturnSettingsChangeSchema = z
  .object({
    windowDays: z
      .number({ error: MSG.returnWindowInvalid })
      .int(MSG.returnWindowInvalid)
      .min(1, MSG.returnWindowInvalid)
      .max(RETURN_WINDOW_MAX, MSG.returnWindowInvalid)
      .optional()
      .describe('Days after delivery a customer may ask, 1 to 60'),
    returnShippingFee: z
      .number({ error: MSG.returnShippingFeeInvalid })
      .min(0, MSG.returnShippingFeeInvalid)
      .max(1000, MSG.returnShippingFeeInvalid)
      .refine(inPiastres, MSG.returnShippingFeeInvalid)
      .optional()
      .describe("Pounds charged for a return or exchange whose reason is the customer's (size, changed_mind, other)"),
  })
  .strict();
export type ReturnSettingsChange = z.infer<typeof ReturnSettingsChangeSchema>;

const lineId = IdSchema.describe("The order line's _id");

export const RequestReturnSchema = z
  .object({
    lines: z
      .array(
        z.object({
          lineId,
          count: z.number({ error: MSG.returnCountInvalid }).int(MSG.returnCountInvalid).min(1, MSG.returnCountInvalid),
          reason: z.enum(RETURN_REASONS, { error: MSG.returnReasonInvalid }),
          exchangeSize: z
            .string({ error: MSG.exchangeSizeUnknown })
            .refine((s) => SIZES.includes(s), MSG.exchangeSizeUnknown)
            .optional()
            .describe('An exchange for this size of the same product'),
          exchangeColorName: z.string({ error: MSG.exchangeColorUnknown }).trim().min(1, MSG.exchangeColorUnknown).max(20, MSG.exchangeColorUnknown).optional()
            .describe('An exchange for this colour of the same product'),
        }),
        { error: MSG.returnLinesRequired },
      )
      .min(1, MSG.returnLinesRequired)
      .max(50, MSG.returnLinesRequired)
      .refine((lines) => new Set(lines.map((l) => l.lineId.toLowerCase())).size === lines.length, MSG.returnLineRepeated),
    note: z.string({ error: MSG.returnNoteTooLong }).trim().max(RETURN_NOTE_MAX, MSG.returnNoteTooLong).optional(),
  })
  .refine((r) => !r.lines.some((l) => l.reason === 'other') || (r.note !== undefined && r.note.length > 0), { message: MSG.returnNoteRequired, path: ['note'] });
export type RequestReturn = z.infer<typeof RequestReturnSchema>;

export const ReturnStatusChangeSchema = z
  .object({
    status: z.enum(RETURN_STATUSES, { error: MSG.returnStatusInvalid }),
    declineReason: z.string({ error: MSG.declineReasonRequired }).trim().max(RETURN_NOTE_MAX, MSG.declineReasonTooLong).optional(),
  })
  .refine((b) => b.status !== 'declined' || (b.declineReason !== undefined && b.declineReason.length > 0), {
    message: MSG.declineReasonRequired,
    path: ['declineReason'],
  });
export type ReturnStatusChange = z.infer<typeof ReturnStatusChangeSchema>;

const pieceCount = (msg: string) => z.number({ error: msg }).int(msg).min(0, msg);

export const ReceiveReturnSchema = z.object({
  lines: z
    .array(z.object({ lineId, received: pieceCount(MSG.receivedInvalid), restock: pieceCount(MSG.restockInvalid) }), { error: MSG.returnLinesRequired })
    .min(1, MSG.returnLinesRequired)
    .max(50, MSG.returnLinesRequired)
    .refine((lines) => new Set(lines.map((l) => l.lineId.toLowerCase())).size === lines.length, MSG.returnLineRepeated),
});
export type ReceiveReturn = z.infer<typeof ReceiveReturnSchema>;

export const ReturnRefundSchema = z
  .object({
    method: z.enum(MANUAL_REFUND_METHODS, { error: MSG.refundMethodInvalid }).optional().describe('For a cash order: how the shop paid the money back'),
    reference: z.string({ error: MSG.refundReferenceTooLong }).trim().max(100, MSG.refundReferenceTooLong).optional(),
  })
  .optional();
export type ReturnRefund = z.infer<typeof ReturnRefundSchema>;

/** POST /returns/{id}/shipments: the courier that collects the return. */
export const ReturnShipmentRequestSchema = z.object({
  courier: z.enum(['bosta'], { error: MSG.courierInvalid }),
});

export const ReturnsQuerySchema = PageQuerySchema.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(RETURN_STATUSES, { error: MSG.returnStatusInvalid }).optional()),
});
export type ReturnsQuery = z.infer<typeof ReturnsQuerySchema>;

/**
 * The unit price the customer paid on each line (API.md "Order lines gain paidPrice"): the
 * order's discount shared over the lines in proportion to their totals, largest remainder first,
 * in piastres; each line's share is then spread over its pieces rounding down, so the shares
 * taken off never add up to more than the discount. Lines in the order given.
 */
export function paidPrices(lines: readonly { price: number; count: number }[], discount: number): number[] {
  const totals = lines.map((l) => toPiastres(l.price) * l.count);
  const sum = totals.reduce((a, b) => a + b, 0);
  const off = Math.min(toPiastres(discount), sum);
  if (off <= 0 || sum === 0) return lines.map((l) => l.price);
  const exact = totals.map((t) => (t * off) / sum);
  const shares = exact.map(Math.floor);
  let left = off - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return lines.map((l, i) => toPounds(toPiastres(l.price) - Math.floor(shares[i]! / l.count)));
}

/** A line of a return as the money rule reads it. */
export interface ReturnMoneyLine {
  paidPrice: number;
  count: number;
  reason: ReturnReason;
  exchange: boolean;
  /** Pieces that arrived, null before receipt. */
  received: number | null;
}

/** What a return charges: the return shipping fee when any reason is the customer's, else 0. */
export const returnShippingFeeOf = (lines: readonly { reason: ReturnReason }[], fee: number): number =>
  lines.some((l) => CUSTOMER_REASONS.includes(l.reason)) ? fee : 0;

/** Σ paidPrice × pieces over the lines that are not exchanges (after receipt, the pieces received), less the fee, never below 0. */
export function refundAmountOf(lines: readonly ReturnMoneyLine[], shippingFee: number): number {
  const items = lines.filter((l) => !l.exchange).reduce((sum, l) => sum + toPiastres(l.paidPrice) * (l.received ?? l.count), 0);
  return toPounds(Math.max(0, items - toPiastres(shippingFee)));
}
