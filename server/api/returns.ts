/**
 * Returns and exchanges (API.md "Additions: returns and exchanges"): customers ask for and cancel
 * their own; admins list them, take their steps, have the courier collect them, record what
 * arrived and the refund; the shop's return settings.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema } from '../../contracts/index.ts';
import {
  REFUND_METHODS,
  RETURN_REASONS,
  RETURN_STATUSES,
  ReceiveReturnSchema,
  RequestReturnSchema,
  ReturnRefundSchema,
  ReturnSettingsChangeSchema,
  ReturnShipmentRequestSchema,
  ReturnsQuerySchema,
  ReturnStatusChangeSchema,
} from '../../contracts/returns.ts';
import { REFUND_STATUSES } from '../../contracts/constants.ts';
import { cancelOwnReturn, receiveReturn, refundReturn, requestReturn } from '../../core/returns/return-lifecycle.ts';
import { changeReturnStatusWithCourier, createReturnShipment } from '../../core/returns/return-shipments.ts';
import { changeReturnSettings, readReturnSettings } from '../../core/returns/return-settings.ts';
import { getReturn, listOrderReturns, listReturns, type Return } from '../../core/returns/returns.ts';
import { currentUser } from '../plugins/auth.ts';
import type { ApiContext } from './context.ts';
import { failures, listOf, one, presentPage } from './shapes.ts';

const date = z.iso.datetime().describe('ISO 8601 date');
const person = z.object({ _id: z.string(), name: z.string() });

export const ReturnSettingsShape = z.object({
  windowDays: z.number().describe('Days after delivery a customer may ask (1 to 60)'),
  returnShippingFee: z.number().describe("Pounds a return costs when a reason is the customer's (size, changed_mind, other)"),
});

export const ReturnShape = z.object({
  _id: z.string(),
  id: z.number().describe('sequential return number'),
  order: z.object({ _id: z.string(), id: z.number().describe('sequential order number') }),
  user: z.object({ _id: z.string(), name: z.string(), phone: z.string() }),
  status: z.enum(RETURN_STATUSES),
  lines: z.array(
    z.object({
      lineId: z.string().describe("The order line's _id"),
      product: z.object({ _id: z.string(), title: z.string(), imageCover: z.string() }),
      color: z.string().describe('the size bought'),
      colorName: z.string().nullable().describe('the colour bought; null for a product without colours'),
      count: z.number(),
      paidPrice: z.number().describe('the unit price paid, after the order discount'),
      reason: z.enum(RETURN_REASONS),
      exchangeSize: z.string().nullable().describe('the size wanted in exchange; null for a plain return'),
      exchangeColorName: z.string().nullable().describe('the colour wanted in exchange; null for a plain return or a product without colours'),
      received: z.number().nullable().describe('pieces that arrived; null before receipt'),
      restocked: z.number().nullable().describe('pieces put back in stock; null before receipt'),
    }),
  ),
  note: z.string().nullable(),
  declineReason: z.string().nullable(),
  shippingFee: z.number().describe("returnShippingFee when any line's reason is the customer's, else 0"),
  refundAmount: z.number().describe('Σ paidPrice × count (after receipt: × received) over the lines that are not exchanges, less shippingFee, never below 0'),
  refund: z
    .object({
      amount: z.number(),
      method: z.enum(REFUND_METHODS).describe('card: through Paymob'),
      status: z.enum(REFUND_STATUSES),
      reference: z.string().nullable(),
      at: date,
    })
    .nullable(),
  shipment: z
    .object({
      courier: z.string(),
      trackingNumber: z.string(),
      deliveryId: z.string().nullable(),
      state: z.string().describe("The courier's state as the shop reads it: created, in_transit, delivered, returned, cancelled or exception"),
      trackingUrl: z.string().nullable().describe("The courier's public tracking page"),
      createdAt: date,
      codAmount: z.number().describe("The cash the courier collects at the door: an exchange's shippingFee, 0 for a plain return"),
    })
    .nullable()
    .describe('The return collected by a courier (POST /returns/{id}/shipments), or null'),
  statusHistory: z.array(z.object({ status: z.enum(RETURN_STATUSES), at: date, by: person.nullable() })),
  createdAt: date,
});

export const presentReturn = (r: Return): z.infer<typeof ReturnShape> => ({
  _id: r.id,
  id: r.number,
  order: { _id: r.order.id, id: r.order.number },
  user: { _id: r.user.id, name: r.user.name, phone: r.user.phone },
  status: r.status,
  lines: r.lines.map((l) => ({
    lineId: l.orderItemId,
    product: { _id: l.product.id, title: l.product.title, imageCover: l.product.imageCover },
    color: l.size,
    colorName: l.colorName,
    count: l.count,
    paidPrice: l.paidPrice,
    reason: l.reason,
    exchangeSize: l.exchangeSize,
    exchangeColorName: l.exchangeColorName,
    received: l.received,
    restocked: l.restocked,
  })),
  note: r.note,
  declineReason: r.declineReason,
  shippingFee: r.shippingFee,
  refundAmount: r.refundAmount,
  refund: r.refund && { ...r.refund, at: r.refund.at.toISOString() },
  shipment:
    r.shipment?.trackingNumber != null
      ? {
          courier: r.shipment.courier,
          trackingNumber: r.shipment.trackingNumber,
          deliveryId: r.shipment.deliveryId,
          state: r.shipment.state,
          trackingUrl: r.shipment.trackingUrl,
          createdAt: r.shipment.createdAt.toISOString(),
          codAmount: r.shipment.codAmount,
        }
      : null,
  statusHistory: r.statusHistory.map((h) => ({ status: h.status, at: h.at.toISOString(), by: h.by && { _id: h.by.id, name: h.by.name } })),
  createdAt: r.createdAt.toISOString(),
});

export function returnRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/returns/settings',
      {
        schema: {
          tags: ['returns'],
          summary: 'The return window after delivery and the return shipping fee',
          response: { 200: one(ReturnSettingsShape), ...failures() },
        },
      },
      async () => ({ data: await readReturnSettings(ctx.db) }),
    );

    app.put(
      '/returns/settings',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['returns'],
          summary: 'Change the return window, the return shipping fee or both; a bad value is 400 and changes nothing',
          body: ReturnSettingsChangeSchema,
          response: { 200: one(ReturnSettingsShape), ...failures(400, 401, 403, 413, 415) },
        },
      },
      async (request) => ({ data: await changeReturnSettings(ctx.db, request.body) }),
    );

    app.post(
      '/orders/:id/returns',
      {
        preHandler: ctx.guards.signedIn,
        schema: {
          tags: ['returns'],
          summary:
            "Ask to return or exchange pieces of one's delivered order within the return window (after it: 409 naming the last day). " +
            'More pieces than a line has left to return is 409, a product that is not returnable is 400, an exchange pair the product does not have is 400 and one out of stock 409. ' +
            "Someone else's order is 404",
          params: IdParamsSchema,
          body: RequestReturnSchema,
          response: { 201: one(ReturnShape), ...failures(400, 401, 404, 409, 413, 415) },
        },
      },
      async (request, reply) => reply.status(201).send({ data: presentReturn(await requestReturn(ctx.db, request.params.id, currentUser(request), request.body)) }),
    );

    app.get(
      '/orders/:id/returns',
      {
        preHandler: ctx.guards.signedIn,
        schema: {
          tags: ['returns'],
          summary: "An order's returns, oldest first (its owner or an admin)",
          params: IdParamsSchema,
          response: { 200: z.object({ data: z.array(ReturnShape) }), ...failures(400, 401, 404) },
        },
      },
      async (request) => ({ data: (await listOrderReturns(ctx.db, request.params.id, currentUser(request))).map(presentReturn) }),
    );

    app.get(
      '/returns',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['returns'],
          summary: 'Every return, or those of one status; newest first',
          querystring: ReturnsQuerySchema,
          response: { 200: listOf(ReturnShape), ...failures(400, 401, 403) },
        },
      },
      async (request) => presentPage(await listReturns(ctx.db, request.query), presentReturn),
    );

    app.get(
      '/returns/:id',
      {
        preHandler: ctx.guards.signedIn,
        schema: { tags: ['returns'], summary: 'One return (its owner or an admin)', params: IdParamsSchema, response: { 200: one(ReturnShape), ...failures(400, 401, 404) } },
      },
      async (request) => ({ data: presentReturn(await getReturn(ctx.db, request.params.id, currentUser(request))) }),
    );

    app.put(
      '/returns/:id/status',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['returns'],
          summary:
            'One step of the return: requested → approved (the exchange pieces leave stock; 409 if they ran out) or declined (with declineReason); ' +
            'approved → cancelled (the exchange pieces back, and the courier pickup cancelled while not collected); received → completed (an exchange sent, its refund if any made). Any other step is 409 naming the current status',
          params: IdParamsSchema,
          body: ReturnStatusChangeSchema,
          response: { 200: one(ReturnShape), ...failures(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request) => ({ data: presentReturn(await changeReturnStatusWithCourier(ctx.db, request.params.id, request.body, currentUser(request), ctx.couriers)) }),
    );

    app.put(
      '/returns/:id/cancel',
      {
        preHandler: ctx.guards.signedIn,
        schema: {
          tags: ['returns'],
          summary: "Cancel one's own return while it waits for review; later it is 409, someone else's is 404",
          params: IdParamsSchema,
          response: { 200: one(ReturnShape), ...failures(400, 401, 404, 409, 413, 415) },
        },
      },
      async (request) => ({ data: presentReturn(await cancelOwnReturn(ctx.db, request.params.id, currentUser(request))) }),
    );

    app.post(
      '/returns/:id/shipments',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['returns'],
          summary:
            "Ask the courier to collect an approved return from the order's address: a customer return pickup (Bosta type 25) when no line is an exchange, " +
            'an exchange (type 30: the new pieces delivered and the old collected in one visit, cod the shippingFee) when any is. ' +
            'Not approved, asked already, or Bosta not set up: 409; Bosta refusing or not answering: 502, nothing stored',
          params: IdParamsSchema,
          body: ReturnShipmentRequestSchema,
          response: { 201: one(ReturnShape), ...failures(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request, reply) => reply.status(201).send({ data: presentReturn(await createReturnShipment(ctx.db, ctx.couriers, request.params.id, currentUser(request))) }),
    );

    app.post(
      '/returns/:id/receive',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['returns'],
          summary:
            "Record what arrived of an approved return: per line (the order line's lineId) the pieces received (at most its count) and those put back in stock (at most received), once; a line left out arrived with none; " +
            'a second call is 409. A paid card order is then refunded through Paymob; nothing to refund and no exchange completes the return',
          params: IdParamsSchema,
          body: ReceiveReturnSchema,
          response: { 200: one(ReturnShape), ...failures(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request) => ({ data: presentReturn(await receiveReturn(ctx.db, request.params.id, request.body, currentUser(request), ctx.payments.paymob)) }),
    );

    app.post(
      '/returns/:id/refund',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['returns'],
          summary:
            'The money of a received return goes back: for a cash order, record how the shop paid it (method, reference); for a paid card order, an empty body asks Paymob again after a failed refund. ' +
            'A refund already made is 409',
          params: IdParamsSchema,
          body: ReturnRefundSchema,
          response: { 200: one(ReturnShape), ...failures(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request) => ({ data: presentReturn(await refundReturn(ctx.db, request.params.id, request.body, currentUser(request), ctx.payments.paymob)) }),
    );
  };
}
