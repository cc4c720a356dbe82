/**
 * Orders: customers place, read and cancel their own; admins read all, move them through their
 * statuses (API.md "Order status") and set delivered and paid.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdempotencyKeySchema, IdParamsSchema, IdSchema, MAX_LINE_PIECES, MAX_OPEN_ORDERS, OrderStatusSchema, OrdersQuerySchema, PlaceOrderSchema } from '../../contracts/index.ts';
import { checkout } from '../../core/checkout/checkout.ts';
import { cancelOwnOrder, toggleDelivered, togglePaid } from '../../core/orders/order-lifecycle.ts';
import { changeOrderStatusWithCourier } from '../../core/couriers/shipments.ts';
import { getOrder, listOrders } from '../../core/orders/orders.ts';
import { currentUser } from '../plugins/auth.ts';
import type { ApiContext } from './context.ts';
import { failures, listOf, one, OrderShape, presentOrder, presentPage } from './shapes.ts';

const IdempotencyHeaders = z.looseObject({
  'idempotency-key': IdempotencyKeySchema.optional()
    .describe('Repeating a request with the same key returns the first order instead of placing a second'),
});

export function orderRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/orders/:cartId',
      {
        preHandler: ctx.guards.customer,
        schema: {
          tags: ['orders'],
          summary:
            'Place an order from the cart: cash on delivery (status pending), or card (status awaiting_payment, with the Paymob checkout address in ' +
            '`payment.redirectUrl`). A line whose size has too few pieces left is 409 and takes nothing, and so is a line of more than ' +
            `${MAX_LINE_PIECES} pieces of one size, or a customer who already has ${MAX_OPEN_ORDERS} orders neither paid nor confirmed ` +
            '(cash orders pending, card orders awaiting payment); a card while the shop takes cash only is 409; Paymob unreachable is 502 with the order kept',
          params: z.object({ cartId: IdSchema }),
          headers: IdempotencyHeaders,
          body: PlaceOrderSchema,
          response: {
            201: one(OrderShape).extend({
              payment: z.object({ redirectUrl: z.string().describe("Paymob's hosted checkout for exactly the amount due") }).optional().describe('Card orders awaiting payment'),
            }),
            ...failures(400, 401, 403, 404, 409, 413, 415),
          },
        },
      },
      async (request, reply) => {
        const { order, payment } = await checkout(ctx.db, ctx.payments, currentUser(request), {
          cartId: request.params.cartId,
          shippingAddress: request.body.shippingAddress,
          paymentMethodType: request.body.paymentMethodType,
          idempotencyKey: request.headers['idempotency-key'],
        });
        // Paymob down: 502, the order kept (POST /orders/{id}/payment tries again).
        if (payment && 'failure' in payment) throw payment.failure;
        return reply.status(201).send({ data: presentOrder(order), ...(payment && { payment }) });
      },
    );

    app.get(
      '/orders',
      {
        preHandler: ctx.guards.signedIn,
        schema: {
          tags: ['orders'],
          summary: "The caller's orders; every order for an admin, or those of one status; newest first",
          querystring: OrdersQuerySchema,
          response: { 200: listOf(OrderShape), ...failures(400, 401) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        return presentPage(await listOrders(ctx.db, user, request.query), (o) => presentOrder(o, user.role === 'admin'));
      },
    );

    app.get(
      '/orders/:id',
      {
        preHandler: ctx.guards.signedIn,
        schema: { tags: ['orders'], summary: 'One order (its owner or an admin)', params: IdParamsSchema, response: { 200: one(OrderShape), ...failures(400, 401, 404) } },
      },
      async (request) => {
        const user = currentUser(request);
        return { data: presentOrder(await getOrder(ctx.db, request.params.id, user), user.role === 'admin') };
      },
    );

    app.put(
      '/orders/:id/status',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['orders'],
          summary:
            'One step of the order: pending → confirmed → shipped → delivered, or cancelled (before delivery) or refused (once shipped); ' +
            'cancelled and refused put the pieces back in stock, and a paid card order is refunded through Paymob (see `refunds`). ' +
            'Any other step is 409 naming the current status',
          params: IdParamsSchema,
          body: OrderStatusSchema,
          response: { 200: one(OrderShape), ...failures(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request) => ({ data: presentOrder(await changeOrderStatusWithCourier(ctx.db, request.params.id, request.body.status, currentUser(request), ctx.payments.paymob, ctx.couriers), true) }),
    );

    app.put(
      '/orders/:id/cancel',
      {
        preHandler: ctx.guards.signedIn,
        schema: {
          tags: ['orders'],
          summary:
            "Cancel one's own order while it awaits payment, is pending or confirmed; the pieces go back in stock and a card payment is refunded. " +
            "Later it is 409; someone else's order is 404",
          params: IdParamsSchema,
          response: { 200: one(OrderShape), ...failures(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        return { data: presentOrder(await cancelOwnOrder(ctx.db, request.params.id, user, ctx.payments.paymob), user.role === 'admin') };
      },
    );

    app.put(
      '/orders/:id/deliver',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['orders'],
          summary: 'Toggle delivered: a confirmed or shipped order becomes delivered, a delivered one goes back to shipped; any other status is 409',
          params: IdParamsSchema,
          response: { 200: one(OrderShape), ...failures(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request) => ({ data: presentOrder(await toggleDelivered(ctx.db, request.params.id, currentUser(request).id), true) }),
    );

    app.put(
      '/orders/:id/pay',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['orders'],
          summary: 'Toggle paid for a cash order; a cancelled or refused order cannot become paid, and a card order is marked paid only by Paymob (409)',
          params: IdParamsSchema,
          response: { 200: one(OrderShape), ...failures(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request) => ({ data: presentOrder(await togglePaid(ctx.db, request.params.id), true) }),
    );
  };
}
