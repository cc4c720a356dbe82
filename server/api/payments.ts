/**
 * Card and wallet payments through Paymob (API.md "Additions: card and wallet payments"): a
 * fresh checkout address for an order awaiting payment, Paymob's two transaction callbacks,
 * and the admin's refunds and decisions.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, IdSchema, MSG } from '../../contracts/index.ts';
import { AppError } from '../../core/shared/errors.ts';
import { getOrder } from '../../core/orders/orders.ts';
import { decidePayment, readReturn, receiveCallback, startPayment } from '../../core/payments/payments.ts';
import { refundPaidOrder } from '../../core/payments/refunds.ts';
import { currentUser } from '../plugins/auth.ts';
import type { ApiContext } from './context.ts';
import { failures, one, OrderShape, presentOrder } from './shapes.ts';

const DecisionSchema = z.object({
  action: z.enum(['refund', 'keep'], { error: MSG.invalidValue }).describe('refund: send the payment back through Paymob; keep: the shop keeps it and settles with the customer'),
});

/** Paymob's two callbacks, under the API's prefix (API_PREFIX); the shop names them to Paymob in each intention. */
export const PAYMOB_CALLBACK_ROUTE = '/payments/paymob/callback';
export const PAYMOB_RETURN_ROUTE = '/payments/paymob/return';

export function paymentRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/orders/:id/payment',
      {
        preHandler: ctx.guards.signedIn,
        schema: {
          tags: ['payments'],
          summary: "A fresh Paymob checkout address for one's own order while it awaits payment (another try after a declined card or a closed tab)",
          params: IdParamsSchema,
          response: { 200: one(z.object({ redirectUrl: z.string() })), ...failures(400, 401, 404, 409, 413, 415) },
        },
      },
      async (request) => ({ data: { redirectUrl: await startPayment(ctx.db, ctx.payments, request.params.id, currentUser(request)) } }),
    );

    app.post(
      PAYMOB_CALLBACK_ROUTE,
      {
        schema: {
          tags: ['payments'],
          summary:
            "Paymob's Transaction Processed callback: the only thing that marks a card order paid. The `hmac` query parameter must be Paymob's " +
            'HMAC-SHA512 of the documented fields (401 otherwise, nothing stored); repeats change nothing',
          querystring: z.looseObject({ hmac: z.string().optional() }),
          body: z.unknown(),
          response: { 200: z.object({ received: z.literal(true) }), ...failures(400, 401, 404, 413, 415) },
        },
      },
      async (request) => {
        const result = await receiveCallback(ctx.db, ctx.payments, request.body, request.query.hmac);
        request.log.info({ outcome: result.outcome, orderId: result.orderId }, 'paymob callback');
        return { received: true as const };
      },
    );

    app.get(
      PAYMOB_RETURN_ROUTE,
      {
        schema: {
          tags: ['payments'],
          summary:
            "Paymob's Transaction Response callback (the shopper's browser coming back): checks the signature, changes nothing, and redirects to " +
            "the shopper's orders with the result; a bad signature is 401",
          querystring: z.looseObject({ hmac: z.string().optional() }),
          response: { 303: z.undefined().describe('No body: the Location header is /profile?order=<number>&payment=paid|failed'), ...failures(400, 401, 404) },
        },
      },
      async (request, reply) => {
        const result = await readReturn(ctx.db, ctx.payments, request.query);
        const target = new URLSearchParams({ ...(result.orderNumber !== null && { order: String(result.orderNumber) }), payment: result.paid ? 'paid' : 'failed' });
        return reply.redirect(`/profile?${target}`, 303);
      },
    );

    app.post(
      '/orders/:id/refund',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['payments'],
          summary:
            'Refund a cancelled or refused card order again after a refund that failed; 409 when nothing is left to refund or a refund of it is still ' +
            "waiting for Paymob's answer, 502 when Paymob refuses it",
          params: IdParamsSchema,
          response: { 200: one(OrderShape), ...failures(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request) => {
        await getOrder(ctx.db, request.params.id);
        const status = await refundPaidOrder(ctx.db, ctx.payments.paymob, request.params.id, currentUser(request).id);
        if (status === null) throw new AppError(409, MSG.refundNothingToRefund);
        // Another refund of this payment is waiting for Paymob's answer: nothing more was sent.
        if (status === 'pending') throw new AppError(409, MSG.refundInProgress);
        if (status === 'failed') throw new AppError(502, MSG.refundFailed);
        return { data: presentOrder(await getOrder(ctx.db, request.params.id), true) };
      },
    );

    app.post(
      '/orders/:id/payments/:callbackId/decision',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['payments'],
          summary:
            'Decide on a callback that did not fit its order (wrong amount, money for a closed order, a second payment): refund it or keep it; ' +
            "409 while a refund of that payment is waiting for Paymob's answer, 502 when Paymob refuses the refund",
          params: IdParamsSchema.extend({ callbackId: IdSchema }),
          body: DecisionSchema,
          response: { 200: one(OrderShape), ...failures(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request) => {
        const outcome = await decidePayment(ctx.db, ctx.payments, request.params.id, request.params.callbackId, request.body.action, currentUser(request));
        if (outcome === 'failed') throw new AppError(502, MSG.refundFailed);
        return { data: presentOrder(await getOrder(ctx.db, request.params.id), true) };
      },
    );
  };
}
