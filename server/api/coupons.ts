/** Discount codes: the admin's list and edits, and a shopper's code on the cart (API.md "discount codes"). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApplyCouponSchema, CouponPatchSchema, CouponSchema } from '../../contracts/coupons.ts';
import { IdParamsSchema, PageQuerySchema } from '../../contracts/index.ts';
import { applyCouponToCart, removeCouponFromCart } from '../../core/checkout/cart-coupons.ts';
import { createCoupon, deleteCoupon, listCoupons, updateCoupon } from '../../core/checkout/coupons.ts';
import { currentUser } from '../plugins/auth.ts';
import type { ApiContext } from './context.ts';
import { CartShape, CouponShape, failures, listOf, NoContent, one, presentCart, presentCoupon, presentPage } from './shapes.ts';

export function couponRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/coupons',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['coupons'],
          summary: 'Every discount code, newest first, with the uses orders hold now',
          querystring: PageQuerySchema,
          response: { 200: listOf(CouponShape), ...failures(400, 401, 403) },
        },
      },
      async (request) => presentPage(await listCoupons(ctx.db, request.query), presentCoupon),
    );

    app.post(
      '/coupons',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['coupons'],
          summary: 'A new discount code; a code that exists, ignoring case, is 409',
          body: CouponSchema,
          response: { 201: one(CouponShape), ...failures(400, 401, 403, 409, 413, 415) },
        },
      },
      async (request, reply) => reply.status(201).send({ data: presentCoupon(await createCoupon(ctx.db, request.body)) }),
    );

    app.put(
      '/coupons/:id',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['coupons'],
          summary: "Change any of a code's fields; placed orders keep their discount",
          params: IdParamsSchema,
          body: CouponPatchSchema,
          response: { 200: one(CouponShape), ...failures(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request) => ({ data: presentCoupon(await updateCoupon(ctx.db, request.params.id, request.body)) }),
    );

    app.delete(
      '/coupons/:id',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['coupons'],
          summary: 'Delete a code no order was placed with; a used code is 409 (switch it off instead: `active: false`)',
          params: IdParamsSchema,
          response: { 204: NoContent, ...failures(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await deleteCoupon(ctx.db, request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/cart/coupon',
      {
        preHandler: ctx.guards.signedIn,
        schema: {
          tags: ['cart'],
          summary:
            'Put a discount code on the cart: the answer gains `coupon` and `totalAfterDiscount`. A code that does not exist, is switched off, ' +
            'has not started, has ended or is below its minimum is 400 saying which; used up (by everyone, or by this customer) is 409; the cart is then unchanged',
          body: ApplyCouponSchema,
          response: { 200: one(CartShape), ...failures(400, 401, 403, 409, 413, 415) },
        },
      },
      async (request) => ({ data: presentCart(await applyCouponToCart(ctx.db, currentUser(request).id, request.body.code)) }),
    );

    app.delete(
      '/cart/coupon',
      {
        preHandler: ctx.guards.signedIn,
        schema: { tags: ['cart'], summary: 'Take the discount code off the cart', response: { 200: one(CartShape), ...failures(401, 403) } },
      },
      async (request) => ({ data: presentCart(await removeCouponFromCart(ctx.db, currentUser(request).id)) }),
    );
  };
}
