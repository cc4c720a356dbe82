/**
 * Orders: customers place, read and cancel their own; admins read all, move them through their
 * statuses (API.md "Order status") and set delivered and paid.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, IdSchema, MSG, OrderStatusSchema, OrdersQuerySchema, PlaceOrderSchema } from '../../contracts/index.ts';
import { cancelOwnOrder, changeOrderStatus, getOrder, listOrders, placeOrder, toggleDelivered, togglePaid } from '../../core/orders.ts';
import { currentUser } from '../plugins/auth.ts';
import type { ApiContext } from './context.ts';
import { failures, listOf, one, OrderShape, presentOrder, presentPage } from './shapes.ts';

const IdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\w-]{8,100}$/, MSG.idempotencyKeyInvalid)
    .optional()
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
          summary: 'Place a cash-on-delivery order from the cart (status pending); a line whose size has too few pieces left is 409 and takes nothing',
          params: z.object({ cartId: IdSchema }),
          headers: IdempotencyHeaders,
          body: PlaceOrderSchema,
          response: { 201: one(OrderShape), ...failures(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request, reply) => {
        const { order } = await placeOrder(ctx.db, {
          userId: currentUser(request).id,
          cartId: request.params.cartId,
          shippingAddress: request.body.shippingAddress,
          idempotencyKey: request.headers['idempotency-key'],
        });
        return reply.status(201).send({ data: presentOrder(order) });
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
      async (request) => presentPage(await listOrders(ctx.db, currentUser(request), request.query), presentOrder),
    );

    app.get(
      '/orders/:id',
      {
        preHandler: ctx.guards.signedIn,
        schema: { tags: ['orders'], summary: 'One order (its owner or an admin)', params: IdParamsSchema, response: { 200: one(OrderShape), ...failures(400, 401, 404) } },
      },
      async (request) => ({ data: presentOrder(await getOrder(ctx.db, request.params.id, currentUser(request))) }),
    );

    app.put(
      '/orders/:id/status',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['orders'],
          summary:
            'One step of the order: pending → confirmed → shipped → delivered, or cancelled (before delivery) or refused (once shipped); ' +
            'cancelled and refused put the pieces back in stock. Any other step is 409 naming the current status',
          params: IdParamsSchema,
          body: OrderStatusSchema,
          response: { 200: one(OrderShape), ...failures(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request) => ({ data: presentOrder(await changeOrderStatus(ctx.db, request.params.id, request.body.status, currentUser(request))) }),
    );

    app.put(
      '/orders/:id/cancel',
      {
        preHandler: ctx.guards.signedIn,
        schema: {
          tags: ['orders'],
          summary: "Cancel one's own order while it is pending or confirmed; the pieces go back in stock. Later it is 409; someone else's order is 404",
          params: IdParamsSchema,
          response: { 200: one(OrderShape), ...failures(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({ data: presentOrder(await cancelOwnOrder(ctx.db, request.params.id, currentUser(request))) }),
    );

    app.put(
      '/orders/:id/deliver',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['orders'],
          summary: 'Toggle delivered: a confirmed or shipped order becomes delivered, a delivered one goes back to shipped; any other status is 409',
          params: IdParamsSchema,
          response: { 200: one(OrderShape), ...failures(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({ data: presentOrder(await toggleDelivered(ctx.db, request.params.id, currentUser(request).id)) }),
    );

    app.put(
      '/orders/:id/pay',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['orders'],
          summary: 'Toggle paid; a cancelled or refused order cannot become paid (409)',
          params: IdParamsSchema,
          response: { 200: one(OrderShape), ...failures(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({ data: presentOrder(await togglePaid(ctx.db, request.params.id)) }),
    );
  };
}
