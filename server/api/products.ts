/** Products and their reviews: public reads, admin writes (multipart), customers' reviews. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AGES,
  IdParamsSchema,
  MAX_PRODUCT_IMAGES,
  PageQuerySchema,
  ProductFieldsSchema,
  ProductPatchSchema,
  ProductsQuerySchema,
  ReviewSchema,
  SEASONS,
  SIZES,
  StockSchema,
} from '../../contracts/index.ts';
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct } from '../../core/products.ts';
import { createReview, listReviews } from '../../core/reviews.ts';
import { listStockMovements } from '../../core/stock.ts';
import { currentUser } from '../plugins/auth.ts';
import { NotModified } from '../plugins/catalogue-cache/validators.ts';
import { readForm, singleFile } from '../plugins/uploads.ts';
import { parseOrThrow } from '../plugins/validation.ts';
import type { ApiContext } from './context.ts';
import { documentForm, imageFile } from './forms.ts';
import {
  failures,
  listOf,
  NoContent,
  one,
  presentPage,
  presentProduct,
  presentReview,
  presentStockMovement,
  ProductShape,
  ReviewShape,
  StockMovementShape,
} from './shapes.ts';

const ProductFormFields = z.object({
  title: z.string(),
  description: z.string(),
  category: z.string().describe("The category's _id"),
  price: z.number().positive().describe('In pounds'),
  priceAfterDiscount: z.number().positive().optional().describe('In pounds, at most the price (a new product without one sells at its price)'),
  stock: z
    .union([z.string(), z.record(z.string(), z.int().min(0))])
    .optional()
    .describe(
      'Pieces per size, a JSON object such as {"m": 4, "l": 0} (a form field holds its JSON text): whole numbers from 0, only sizes of availableSizes; a size left out has 0. ' +
        'Wins over quantity when both are sent. On an edit that changes only availableSizes, the sizes kept keep their pieces and new ones start at 0',
    ),
  quantity: z
    .int()
    .min(0)
    .optional()
    .describe(
      'Sent alone (without stock): the pieces to spread over the sizes as evenly as whole pieces allow, first sizes first (7 over s, m, l is 3, 2, 2). ' +
        'Ignored when stock is sent. A new product needs stock or quantity',
    ),
  age: z.enum(AGES),
  season: z.enum(SEASONS),
  availableSizes: z.array(z.enum(SIZES)).describe('A field per size'),
  barcode: z.string().optional(),
  sale: z.string().optional().describe('An offer shown on the product, e.g. "خصم 20%"'),
  availability: z.boolean().optional().describe('False takes the product off sale (a new product is on sale unless it says so)'),
});
const ProductFormFiles = z.object({
  imageCover: imageFile,
  images: z
    .array(imageFile)
    .max(MAX_PRODUCT_IMAGES - 1)
    .optional()
    .describe(`A file per image, ${MAX_PRODUCT_IMAGES} images at most with the cover; on an edit, the images sent replace all the others`),
});

/** The optional `stockSeen` of an edit (see its description below). */
const StockSeenSchema = z.object({ stockSeen: z.preprocess((v) => (v === '' ? undefined : v), StockSchema.optional()) });

export function productRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/products',
      {
        config: { catalogueRead: true },
        schema: {
          tags: ['products'],
          summary: 'Products: filter by category[in][], category, season, age, availability, priceAfterDiscount[lte|gte|lt|gt], keyword; sort; page',
          querystring: ProductsQuerySchema,
          // Cache-Control, ETag and the 304: plugins/catalogue-cache.ts.
          // 429: too many keyword searches from one address (plugins/search-limits.ts).
          response: { 200: listOf(ProductShape), 304: NotModified, ...failures(400, 429) },
        },
      },
      async (request) => {
        const list = () => listProducts(ctx.catalogueDb, request.query);
        return presentPage(await (request.query.keyword ? ctx.search.run(request.ip, list) : list()), presentProduct);
      },
    );

    app.get(
      '/products/:id',
      {
        config: { catalogueRead: true },
        schema: { tags: ['products'], summary: 'One product', params: IdParamsSchema, response: { 200: one(ProductShape), 304: NotModified, ...failures(400, 404) } },
      },
      async (request) => ({ data: presentProduct(await getProduct(ctx.catalogueDb, request.params.id)) }),
    );

    app.post(
      '/products',
      {
        preHandler: ctx.guards.admin,
        config: { swaggerTransform: documentForm({ fields: ProductFormFields, files: ProductFormFiles }) },
        schema: {
          tags: ['products'],
          summary: 'Add a product',
          response: { 201: one(ProductShape), ...failures(400, 401, 403, 413, 415) },
        },
      },
      async (request, reply) => {
        const form = await readForm(request, ['imageCover', 'images']);
        const fields = parseOrThrow(ProductFieldsSchema, form.fields);
        const uploads = { imageCover: singleFile(form, 'imageCover'), images: form.files.images };
        const product = await createProduct(ctx.db, ctx.images, fields, uploads, currentUser(request).id);
        return reply.status(201).send({ data: presentProduct(product) });
      },
    );

    app.put(
      '/products/:id',
      {
        preHandler: ctx.guards.admin,
        config: {
          swaggerTransform: documentForm({
            fields: ProductFormFields.partial().extend({
              stockSeen: z
                .union([z.string(), z.record(z.string(), z.int().min(0))])
                .optional()
                .describe(
                  'The pieces per size the client showed before this edit, like stock: a size whose stock is sent unchanged from what was seen keeps the pieces it has now, so orders placed meanwhile are not undone',
                ),
            }),
            files: ProductFormFiles.partial(),
            json: true,
          }),
        },
        schema: {
          tags: ['products'],
          summary: 'Change a product: the fields sent; new files replace the old images',
          params: IdParamsSchema,
          response: { 200: one(ProductShape), ...failures(400, 401, 403, 404, 413, 415) },
        },
      },
      async (request) => {
        const form = await readForm(request, ['imageCover', 'images']);
        const patch = parseOrThrow(ProductPatchSchema, form.fields);
        const { stockSeen } = parseOrThrow(StockSeenSchema, form.fields);
        const uploads = { imageCover: singleFile(form, 'imageCover'), images: form.files.images };
        const product = await updateProduct(ctx.db, ctx.images, request.params.id, patch, uploads, currentUser(request).id, stockSeen);
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
          response: { 204: NoContent, ...failures(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await deleteProduct(ctx.db, ctx.images, request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/products/:id/stock-history',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['products'],
          summary: "A product's stock ledger, newest first: every change of a size's pieces with its reason, the order or admin, and the pieces before and after",
          params: IdParamsSchema,
          querystring: PageQuerySchema,
          response: { 200: listOf(StockMovementShape), ...failures(400, 401, 403, 404) },
        },
      },
      async (request) => presentPage(await listStockMovements(ctx.db, request.params.id, request.query), presentStockMovement),
    );

    app.get(
      '/products/:id/reviews',
      {
        config: { catalogueRead: true },
        schema: {
          tags: ['reviews'],
          summary: "A product's reviews, newest first",
          params: IdParamsSchema,
          querystring: PageQuerySchema,
          response: { 200: listOf(ReviewShape), 304: NotModified, ...failures(400, 404) },
        },
      },
      async (request) => presentPage(await listReviews(ctx.catalogueDb, request.params.id, request.query), presentReview),
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
          response: { 201: one(ReviewShape), ...failures(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request, reply) => {
        const review = await createReview(ctx.db, currentUser(request).id, request.params.id, request.body);
        return reply.status(201).send({ data: presentReview(review) });
      },
    );
  };
}
