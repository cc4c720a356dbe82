/** Products and their reviews: public reads, admin writes (multipart), customers' reviews. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParamsSchema,
  MAX_COLOR_IMAGES,
  MAX_IMAGES_WITH_COLORS,
  MAX_PRODUCT_IMAGES,
  PageQuerySchema,
  ProductFieldsSchema,
  ProductPatchSchema,
  ProductsQuerySchema,
  ReviewSchema,
  StockSeenSchema,
} from '../../contracts/index.ts';
import { listColorsInUse } from '../../core/catalogue/colors.ts';
import { PRODUCT_FILE_FIELDS, readNewProduct, readProductEdit } from '../../core/catalogue/product-form.ts';
import { createProduct, deleteProduct, updateProduct } from '../../core/catalogue/product-edits.ts';
import { getProduct, listProducts } from '../../core/catalogue/products.ts';
import { createReview, listReviews } from '../../core/catalogue/reviews.ts';
import { listStockMovements } from '../../core/catalogue/stock.ts';
import { currentUser } from '../plugins/auth.ts';
import { NotModified } from '../plugins/catalogue-cache/validators.ts';
import { readForm } from '../plugins/uploads.ts';
import type { ApiContext } from './context.ts';
import { documentForm, imageFile } from './forms.ts';
import {
  ColorInUseShape,
  failures,
  listOf,
  NoContent,
  one,
  presentColorInUse,
  presentPage,
  presentProduct,
  presentReview,
  presentStockMovement,
  ProductShape,
  ReviewShape,
  StockMovementShape,
} from './shapes.ts';

// The form's files. Its fields are documented from the contract's own schemas, the ones
// core/catalogue/product-form.ts reads them by, so the document states the rules that are enforced.
const ProductFormFiles = z.object({
  imageCover: imageFile,
  images: z
    .array(imageFile)
    .max(MAX_IMAGES_WITH_COLORS - 1)
    .optional()
    .describe(
      `A file per image: ${MAX_PRODUCT_IMAGES} images at most with the cover, or with colours ${MAX_IMAGES_WITH_COLORS} (${MAX_COLOR_IMAGES} per colour); ` +
        'on an edit, the images sent replace all the others',
    ),
});

export function productRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/products',
      {
        config: { catalogueRead: true },
        schema: {
          tags: ['products'],
          summary:
            'Products: filter by category[in][], category, season, age, availability, priceAfterDiscount[lte|gte|lt|gt], ' +
            'colorName and size (products with pieces in that colour, that size, or that pair), keyword (a word naming a colour ranks ' +
            'products with pieces in it first); sort; page',
          querystring: ProductsQuerySchema,
          // Cache-Control, ETag and the 304: plugins/catalogue-cache.ts.
          // 429: too many keyword searches from one address (plugins/search-limits.ts).
          response: { 200: listOf(ProductShape), 304: NotModified, ...failures(400, 429) },
        },
      },
      async (request) => {
        const list = () => listProducts(ctx.catalogueDb, request.query);
        return presentPage(await (request.query.keyword ? ctx.search.run(request.ip, list, request.raw) : list()), presentProduct);
      },
    );

    app.get(
      '/products/colors',
      {
        config: { catalogueRead: true },
        schema: {
          tags: ['products'],
          summary: 'The colours in use, for a filter: each name once (ignoring case), its usual swatch, and how many available products have pieces in it; most products first',
          response: { 200: z.object({ data: z.array(ColorInUseShape) }), 304: NotModified, ...failures() },
        },
      },
      async () => ({ data: (await listColorsInUse(ctx.catalogueDb)).map(presentColorInUse) }),
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
        config: { swaggerTransform: documentForm({ fields: ProductFieldsSchema, files: ProductFormFiles }) },
        schema: {
          tags: ['products'],
          summary: 'Add a product',
          response: { 201: one(ProductShape), ...failures(400, 401, 403, 413, 415) },
        },
      },
      async (request, reply) => {
        const { fields, uploads } = readNewProduct(await readForm(request, PRODUCT_FILE_FIELDS));
        const product = await createProduct(ctx.db, ctx.images, fields, uploads, currentUser(request).id);
        return reply.status(201).send({ data: presentProduct(product) });
      },
    );

    app.put(
      '/products/:id',
      {
        preHandler: ctx.guards.admin,
        config: {
          swaggerTransform: documentForm({ fields: ProductPatchSchema.extend(StockSeenSchema.shape), files: ProductFormFiles.partial(), json: true }),
        },
        schema: {
          tags: ['products'],
          summary:
            'Change a product: the fields sent; new files replace the old images. Colours are matched to the stored ones by position; ' +
            'removing one whose pieces an order awaiting payment, pending or confirmed holds is 409 with nothing changed',
          params: IdParamsSchema,
          response: { 200: one(ProductShape), ...failures(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request) => {
        const { patch, uploads, stockSeen } = readProductEdit(await readForm(request, PRODUCT_FILE_FIELDS));
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
          summary:
            "A product's stock ledger, newest first: every change of a size's pieces (of a colour, named as it was then) with its reason, the order or admin, and the pieces before and after",
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
