/**
 * Couriers (API.md "couriers"): admins hand a confirmed order to Bosta and print its airway bill;
 * Bosta's webhook moves it to delivered or refused.
 */
import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, MSG } from '../../contracts/index.ts';
import { bostaWebhookAuthorised, parseBostaWebhook } from '../../core/couriers/bosta.ts';
import { AppError } from '../../core/shared/errors.ts';
import { applyCourierEvent, cashHeldByCouriers, createShipment, shipmentLabels } from '../../core/couriers/shipments.ts';
import { currentUser } from '../plugins/auth.ts';
import type { ApiContext } from './context.ts';
import { failures, one, OrderShape, presentOrder } from './shapes.ts';

/** Bosta's webhook, under the API's prefix; README tells the owner to enter `{STORE_URL}/api/v1` + this in Bosta's dashboard. */
export const BOSTA_WEBHOOK_ROUTE = '/couriers/bosta/webhook';

const ShipmentRequestSchema = z.object({
  courier: z.enum(['bosta'], { error: MSG.courierInvalid }),
  allowOpenPackage: z.boolean({ error: MSG.invalidValue }).optional().describe('Let the customer open the package before paying (default false)'),
});

/** The route's usual transform, plus its 200: the PDF bytes. */
const documentPdf: SwaggerTransform = (document) => {
  const { schema, url } = jsonSchemaTransform(document);
  const response = { ...(schema.response as object), 200: { description: 'The airway bill', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } } };
  return { url, schema: { ...schema, response } };
};

export function courierRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/orders/:id/shipments',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['couriers'],
          summary:
            'Hand a confirmed order to the courier: the delivery is created at Bosta (cash to collect: the amount due of a cash order, 0 for a paid one) ' +
            'and the order moves to shipped with its tracking number. Not confirmed, sent already, or Bosta not set up: 409; Bosta refusing or not answering: 502, the order stays confirmed',
          params: IdParamsSchema,
          body: ShipmentRequestSchema,
          response: { 201: one(OrderShape), ...failures(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request, reply) => {
        const order = await createShipment(ctx.db, ctx.couriers, request.params.id, currentUser(request), { allowOpenPackage: request.body.allowOpenPackage });
        return reply.status(201).send({ data: presentOrder(order, true) });
      },
    );

    app.get(
      '/orders/:id/shipments/label',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['couriers'],
          summary: "The order's airway bill from the courier (application/pdf)",
          params: IdParamsSchema,
          response: failures(400, 401, 403, 404, 409),
        },
        config: { swaggerTransform: documentPdf },
      },
      async (request, reply) => {
        const pdf = await shipmentLabels(ctx.db, ctx.couriers, [request.params.id]);
        return reply.type('application/pdf').header('Content-Disposition', 'inline; filename="airway-bill.pdf"')
          // Bytes skip the JSON serializer; the 200 is documented as the PDF (documentPdf).
          .send(pdf as never);
      },
    );

    app.get(
      '/couriers/cash',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['couriers'],
          summary: 'The cash couriers collected on delivered cash orders and have not yet paid out to the shop: the amount in pounds and how many orders',
          response: { 200: one(z.object({ amount: z.number(), orders: z.number().int() })), ...failures(401, 403) },
        },
      },
      async () => ({ data: await cashHeldByCouriers(ctx.db) }),
    );

    app.post(
      BOSTA_WEBHOOK_ROUTE,
      {
        schema: {
          tags: ['couriers'],
          summary:
            "Bosta's delivery-state webhook: accepted only with the header BOSTA_WEBHOOK_HEADER holding exactly BOSTA_WEBHOOK_SECRET (401 otherwise, nothing stored). " +
            'Each event is stored once; a final state is read back from Bosta before it is applied (Bosta unreachable then: 503, and Bosta sends it again)',
          body: z.unknown(),
          response: { 200: z.object({ received: z.literal(true) }), ...failures(400, 401, 413, 415) },
        },
      },
      async (request) => {
        const couriers = ctx.couriers;
        if (!couriers || !bostaWebhookAuthorised(request.headers[couriers.webhookHeader.toLowerCase()], couriers.webhookSecret)) {
          throw new AppError(401, MSG.courierSignatureInvalid);
        }
        const event = parseBostaWebhook(request.body);
        if (!event) throw new AppError(400, MSG.invalidValue);
        const outcome = await applyCourierEvent(ctx.db, couriers, event, request.body);
        request.log.info({ outcome, trackingNumber: event.trackingNumber, stateCode: event.stateCode }, 'bosta webhook');
        return { received: true as const };
      },
    );
  };
}
