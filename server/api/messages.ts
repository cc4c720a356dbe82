/** Messages to customers as staff and customers manage them (API.md "Additions: messages to customers"). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, MESSAGE_KINDS, MESSAGE_STATUSES, ORDER_MESSAGE_KINDS } from '../../contracts/index.ts';
import { MessageKindSwitchSchema, MessagesQuerySchema, NotificationSettingsSchema } from '../../contracts/whatsapp-schemas.ts';
import {
  listMessages,
  readMessageKinds,
  readNotificationSettings,
  resendCustomerMessage,
  setMessageKinds,
  setOrderMessages,
  type CustomerMessage,
} from '../../core/messages/messages.ts';
import { currentUser } from '../plugins/auth.ts';
import type { ApiContext } from './context.ts';
import { failures, listOf, one, presentPage } from './shapes.ts';

const date = z.iso.datetime().describe('ISO 8601 date');

const MessageShape = z.object({
  id: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  kindLabel: z.string().describe('The kind in Arabic'),
  orderId: z.string().nullable().describe("The order's _id; null for a password-reset code"),
  orderNumber: z.number().nullable().describe('The sequential order number'),
  phone: z.string().describe('The phone it goes to (01xxxxxxxxx)'),
  status: z.enum(MESSAGE_STATUSES).describe('pending, sending, sent, delivered, read, failed, or unknown (the send may or may not have reached WhatsApp)'),
  statusLabel: z.string().describe('The status in Arabic'),
  tries: z.number(),
  lastError: z.string().nullable().describe('Why the last try failed, as WhatsApp or the shop said it'),
  text: z.string().describe('The words the customer reads; for a password-reset code only its kind, never the code'),
  createdAt: date,
  sentAt: date.nullable().describe('When WhatsApp took it'),
});

const presentMessage = (m: CustomerMessage): z.infer<typeof MessageShape> => ({
  id: m.id,
  kind: m.kind,
  kindLabel: m.kindLabel,
  orderId: m.orderId,
  orderNumber: m.orderNumber,
  phone: m.phone,
  status: m.status,
  statusLabel: m.statusLabel,
  tries: m.tries,
  lastError: m.lastError,
  text: m.text,
  createdAt: m.createdAt.toISOString(),
  sentAt: m.sentAt ? m.sentAt.toISOString() : null,
});

const MessageKindsShape = z
  .array(z.object({ kind: z.enum(ORDER_MESSAGE_KINDS), label: z.string(), enabled: z.boolean() }))
  .describe('Every kind of order message, in a fixed order, and whether the shop sends it');

const NotificationsShape = z.object({ orderMessages: z.boolean().describe('WhatsApp messages about your orders; the password-reset code is always sent') });

export function messageRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/messages',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['messages'],
          summary: "WhatsApp messages to customers, newest first: to whom, about which order, the words sent, their status, tries and last error; `status` and `orderId` filter",
          querystring: MessagesQuerySchema,
          response: { 200: listOf(MessageShape), ...failures(400, 401, 403) },
        },
      },
      async (request) => {
        const { status, ...query } = request.query;
        return presentPage(await listMessages(ctx.db, ctx.storeUrl, { ...query, statuses: status ? [status] : undefined }), presentMessage);
      },
    );

    app.post(
      '/messages/:id/resend',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['messages'],
          summary:
            'Send a failed message again, or one whose send may or may not have arrived (it may then arrive twice): pending again with its tries from zero. ' +
            'Any other status, or a password-reset code (the customer asks for a new one): 409',
          params: IdParamsSchema,
          response: { 200: one(MessageShape), ...failures(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({ data: presentMessage(await resendCustomerMessage(ctx.db, ctx.storeUrl, request.params.id, currentUser(request).id)) }),
    );

    app.get(
      '/messages/kinds',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['messages'],
          summary: 'Each kind of order message and whether it is sent (the password-reset code is always sent)',
          response: { 200: one(MessageKindsShape), ...failures(401, 403) },
        },
      },
      async () => ({ data: await readMessageKinds(ctx.db) }),
    );

    app.put(
      '/messages/kinds',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['messages'],
          summary: "Switch one kind of order message on or off for the orders' later events; the password-reset code cannot be switched off (400)",
          body: MessageKindSwitchSchema,
          response: { 200: one(MessageKindsShape), ...failures(400, 401, 403, 413, 415) },
        },
      },
      async (request) => ({ data: await setMessageKinds(ctx.db, [request.body]) }),
    );

    app.get(
      '/users/me/notifications',
      {
        preHandler: ctx.guards.signedIn,
        schema: {
          tags: ['messages'],
          summary: 'Whether you get WhatsApp messages about your orders',
          response: { 200: one(NotificationsShape), ...failures(401) },
        },
      },
      async (request) => ({ data: await readNotificationSettings(ctx.db, currentUser(request).id) }),
    );

    app.put(
      '/users/me/notifications',
      {
        preHandler: ctx.guards.signedIn,
        schema: {
          tags: ['messages'],
          summary: 'Turn WhatsApp messages about your orders on or off; the password-reset code is always sent',
          body: NotificationSettingsSchema,
          response: { 200: one(NotificationsShape), ...failures(400, 401, 413, 415) },
        },
      },
      async (request) => ({ data: await setOrderMessages(ctx.db, currentUser(request).id, request.body.orderMessages) }),
    );
  };
}
