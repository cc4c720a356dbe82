/**
 * What staff and customers send about WhatsApp messages (API.md "Additions: messages to
 * customers"): the dashboard's list filters, the per-kind switch and a customer's order messages.
 */
import { z } from 'zod';
import { MSG } from './messages.ts';
import { IdSchema, PageQuerySchema } from './schemas.ts';
import { MESSAGE_KINDS, MESSAGE_STATUSES, type OrderMessageKind } from './whatsapp.ts';

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** GET /messages: paging, one status, one order. */
export const MessagesQuerySchema = PageQuerySchema.extend({
  status: z.preprocess(blankToUndefined, z.enum(MESSAGE_STATUSES, { error: MSG.messageStatusInvalid }).optional()),
  orderId: z.preprocess(blankToUndefined, IdSchema.optional()).describe("The order's _id: its messages only"),
});
export type MessagesQuery = z.infer<typeof MessagesQuerySchema>;

/** PUT /messages/kinds: one kind of order message on or off; the reset code is always sent. */
export const MessageKindSwitchSchema = z.object({
  kind: z
    .enum(MESSAGE_KINDS, { error: MSG.messageKindInvalid })
    .refine((kind) => kind !== 'password_reset_code', MSG.messageKindAlwaysOn)
    .transform((kind) => kind as OrderMessageKind)
    .describe('One of the order kinds; password_reset_code cannot be switched off'),
  enabled: z.boolean({ error: MSG.invalidValue }),
});
export type MessageKindSwitch = z.infer<typeof MessageKindSwitchSchema>;

/** PUT /users/me/notifications: whether the customer gets WhatsApp messages about their orders. */
export const NotificationSettingsSchema = z.object({
  orderMessages: z.boolean({ error: MSG.orderMessagesInvalid }),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
