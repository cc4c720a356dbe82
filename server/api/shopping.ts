/** The signed-in shopper's wishlist and cart, and the footer's mailing list. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AddToCartSchema, IdSchema, MAX_LINE_PIECES, MSG, NewsletterSchema, UpdateCartItemSchema, WishlistSchema } from '../../contracts/index.ts';
import { addToCart, getCart, removeCartItem, updateCartItem } from '../../core/checkout/cart.ts';
import { subscribe } from '../../core/accounts/newsletter.ts';
import { addToWishlist, listWishlist, removeFromWishlist } from '../../core/checkout/wishlist.ts';
import { currentUser } from '../plugins/auth.ts';
import { newsletterAttemptKey } from '../plugins/rate-limit.ts';
import type { ApiContext } from './context.ts';
import { CartShape, failures, one, presentCart, presentProduct, ProductShape } from './shapes.ts';

const IdListShape = z.object({ data: z.array(z.string()) });

export function shoppingRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wishlist',
      {
        preHandler: ctx.guards.signedIn,
        schema: { tags: ['wishlist'], summary: 'The wishlist products', response: { 200: z.object({ data: z.array(ProductShape) }), ...failures(401) } },
      },
      async (request) => ({ data: (await listWishlist(ctx.db, currentUser(request).id)).map(presentProduct) }),
    );

    app.post(
      '/wishlist',
      {
        preHandler: ctx.guards.signedIn,
        schema: { tags: ['wishlist'], summary: 'Add a product (again is harmless)', body: WishlistSchema, response: { 200: IdListShape, ...failures(400, 401, 403, 413, 415) } },
      },
      async (request) => ({ data: await addToWishlist(ctx.db, currentUser(request).id, request.body.productId) }),
    );

    app.delete(
      '/wishlist/:productId',
      {
        preHandler: ctx.guards.signedIn,
        schema: {
          tags: ['wishlist'],
          summary: 'Remove a product',
          params: z.object({ productId: IdSchema }),
          response: { 200: IdListShape, ...failures(400, 401, 403) },
        },
      },
      async (request) => ({ data: await removeFromWishlist(ctx.db, currentUser(request).id, request.params.productId) }),
    );

    app.get(
      '/cart',
      {
        preHandler: ctx.guards.signedIn,
        schema: { tags: ['cart'], summary: 'The cart (empty when there is none)', response: { 200: one(CartShape), ...failures(401) } },
      },
      async (request) => ({ data: presentCart(await getCart(ctx.db, currentUser(request).id)) }),
    );

    app.post(
      '/cart',
      {
        preHandler: ctx.guards.signedIn,
        schema: {
          tags: ['cart'],
          summary:
            `Add one piece of a product in a size (\`color\`) and, for a product with colours, a colour (\`colorName\`, 400 when missing or unknown); ` +
            `the same line again adds 1, up to ${MAX_LINE_PIECES} pieces (400 past it); a colour and size with no pieces left is 409`,
          body: AddToCartSchema,
          response: { 200: one(CartShape), ...failures(400, 401, 403, 409, 413, 415) },
        },
      },
      async (request) => {
        const { productId, color: size, colorName } = request.body;
        const cart = await addToCart(ctx.db, currentUser(request).id, { productId, size, colorName }, ctx.payments.orderLimits.linePieces);
        return { data: presentCart(cart) };
      },
    );

    app.put(
      '/cart/:itemId',
      {
        preHandler: ctx.guards.signedIn,
        schema: {
          tags: ['cart'],
          summary: `Set a line's count: at most ${MAX_LINE_PIECES} pieces (400 past it) and its colour and size's stock left (409 past it)`,
          params: z.object({ itemId: IdSchema }),
          body: UpdateCartItemSchema,
          response: { 200: one(CartShape), ...failures(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request) => ({
        data: presentCart(await updateCartItem(ctx.db, currentUser(request).id, request.params.itemId, request.body.count, ctx.payments.orderLimits.linePieces)),
      }),
    );

    app.delete(
      '/cart/:itemId',
      {
        preHandler: ctx.guards.signedIn,
        schema: {
          tags: ['cart'],
          summary: 'Remove a line',
          params: z.object({ itemId: IdSchema }),
          response: { 200: one(CartShape), ...failures(400, 401, 403, 404) },
        },
      },
      async (request) => ({ data: presentCart(await removeCartItem(ctx.db, currentUser(request).id, request.params.itemId)) }),
    );

    app.post(
      '/newsletter',
      {
        schema: {
          tags: ['newsletter'],
          summary: 'Subscribe an e-mail address to the mailing list',
          body: NewsletterSchema,
          response: { 201: z.object({ data: z.object({ email: z.string() }), message: z.string() }), ...failures(400, 403, 413, 415, 429) },
        },
        // Counted before validation, so malformed sign-ups count too; the page counts under the same key.
        preValidation: async (request) => ctx.newsletter.check([newsletterAttemptKey(request.ip)]),
      },
      async (request, reply) => {
        await subscribe(ctx.db, request.body.email);
        return reply.status(201).send({ data: { email: request.body.email }, message: MSG.subscribed });
      },
    );
  };
}
