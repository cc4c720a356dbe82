/** Products and their reviews: public reads, admin writes (multipart), customers' reviews. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, PageQuerySchema, ProductFieldsSchema, ProductPatchSchema, ProductsQuerySchema, ReviewSchema } from '../../contracts/index.ts';
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct } from '../../core/products.ts';
import { createReview, listReviews } from '../../core/reviews.ts';
import { currentUser } from '../plugins/auth.ts';
import { readForm, singleFile } from '../plugins/uploads.ts';
import { parseOrThrow } from '../plugins/validation.ts';
import type { ApiContext } from './context.ts';
import { failures, listOf, one, presentPage, presentProduct, presentReview, ProductShape, ReviewShape } from './shapes.ts';

const multipartNote =
  'multipart/form-data: title, barcode, sale, description, category, price, priceAfterDiscount, quantity, age, season, ' +
  'availability, availableSizes (repeated); files imageCover (one) and images (repeated; 5 images at most with the cover)';

export function productRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/products',
      {
        schema: {
          tags: ['products'],
          summary: 'Products: filter by category[in][], category, season, age, availability, priceAfterDiscount[lte|gte|lt|gt], keyword; sort; page',
          querystring: ProductsQuerySchema,
          response: { 200: listOf(ProductShape), ...failures(400) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'public, max-age=60, stale-while-revalidate=300');
        return presentPage(await listProducts(ctx.db, request.query), presentProduct);
      },
    );

    app.get(
      '/products/:id',
      { schema: { tags: ['products'], summary: 'One product', params: IdParamsSchema, response: { 200: one(ProductShape), ...failures(400, 404) } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'public, max-age=60, stale-while-revalidate=300');
        return { data: presentProduct(await getProduct(ctx.db, request.params.id)) };
      },
    );

    app.post(
      '/products',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['products'],
          summary: 'Add a product',
          description: multipartNote,
          consumes: ['multipart/form-data'],
          response: { 201: one(ProductShape), ...failures(400, 401, 403, 413, 415) },
        },
      },
      async (request, reply) => {
        const form = await readForm(request, ['imageCover', 'images']);
        const fields = parseOrThrow(ProductFieldsSchema, form.fields);
        const product = await createProduct(ctx.db, ctx.images, fields, { imageCover: singleFile(form, 'imageCover'), images: form.files.images });
        return reply.status(201).send({ data: presentProduct(product) });
      },
    );

    app.put(
      '/products/:id',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['products'],
          summary: 'Change a product: the fields sent; new files replace the old images',
          description: `${multipartNote}; all optional`,
          consumes: ['multipart/form-data', 'application/json'],
          params: IdParamsSchema,
          response: { 200: one(ProductShape), ...failures(400, 401, 403, 404, 413, 415) },
        },
      },
      async (request) => {
        const form = await readForm(request, ['imageCover', 'images']);
        const patch = parseOrThrow(ProductPatchSchema, form.fields);
        const product = await updateProduct(ctx.db, ctx.images, request.params.id, patch, {
          imageCover: singleFile(form, 'imageCover'),
          images: form.files.images,
        });
        return { data: presentProduct(product) };
      },
    );

    app.delete(
      '/products/:id',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['products'],
          summary: 'Delete a product (orders keep their copy)',
          params: IdParamsSchema,
          response: { 204: z.null().describe('no body'), ...failures(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await deleteProduct(ctx.db, ctx.images, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/products/:id/reviews',
      {
        schema: {
          tags: ['reviews'],
          summary: "A product's reviews, newest first",
          params: IdParamsSchema,
          querystring: PageQuerySchema,
          response: { 200: listOf(ReviewShape), ...failures(400, 404) },
        },
      },
      async (request) => presentPage(await listReviews(ctx.db, request.params.id, request.query), presentReview),
    );

    app.post(
      '/products/:id/reviews',
      {
        preHandler: ctx.guards.customer,
        schema: {
          tags: ['reviews'],
          summary: 'Review a product (once per customer)',
          params: IdParamsSchema,
          body: ReviewSchema,
          response: { 201: one(ReviewShape), ...failures(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const review = await createReview(ctx.db, currentUser(request).id, request.params.id, request.body);
        return reply.status(201).send({ data: presentReview(review) });
      },
    );
  };
}
