/** Categories: public reads, admin writes (multipart name and image). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CategoriesQuerySchema, CategorySchema, IdParamsSchema } from '../../contracts/index.ts';
import { createCategory, deleteCategory, getCategory, listCategories, updateCategory } from '../../core/catalogue/categories.ts';
import { parseOrThrow } from '../../core/shared/errors.ts';
import { NotModified } from '../plugins/catalogue-cache/validators.ts';
import { readForm, singleFile } from '../plugins/uploads.ts';
import type { ApiContext } from './context.ts';
import { documentForm, imageFile } from './forms.ts';
import { CategoryShape, failures, listOf, NoContent, one, presentCategory, presentPage } from './shapes.ts';

const CategoryFormFiles = z.object({ image: imageFile });

export function categoryRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/categories',
      {
        config: { catalogueRead: true },
        schema: {
          tags: ['categories'],
          summary: 'Categories in alphabetical order',
          querystring: CategoriesQuerySchema,
          response: { 200: listOf(CategoryShape), 304: NotModified, ...failures(400) },
        },
      },
      async (request) => presentPage(await listCategories(ctx.catalogueDb, request.query), presentCategory(ctx.imagesUrl)),
    );

    app.get(
      '/categories/:id',
      {
        config: { catalogueRead: true },
        schema: { tags: ['categories'], summary: 'One category', params: IdParamsSchema, response: { 200: one(CategoryShape), 304: NotModified, ...failures(400, 404) } },
      },
      async (request) => ({ data: presentCategory(ctx.imagesUrl)(await getCategory(ctx.catalogueDb, request.params.id)) }),
    );

    app.post(
      '/categories',
      {
        preHandler: ctx.guards.admin,
        config: { swaggerTransform: documentForm({ fields: CategorySchema, files: CategoryFormFiles }) },
        schema: {
          tags: ['categories'],
          summary: 'Add a category',
          response: { 201: one(CategoryShape), ...failures(400, 401, 403, 413, 415) },
        },
      },
      async (request, reply) => {
        const form = await readForm(request, ['image']);
        const { name } = parseOrThrow(CategorySchema, form.fields);
        const category = await createCategory(ctx.db, ctx.images, { name, image: singleFile(form, 'image') });
        return reply.status(201).send({ data: presentCategory(ctx.imagesUrl)(category) });
      },
    );

    app.put(
      '/categories/:id',
      {
        preHandler: ctx.guards.admin,
        config: { swaggerTransform: documentForm({ fields: CategorySchema.partial(), files: CategoryFormFiles.partial(), json: true }) },
        schema: {
          tags: ['categories'],
          summary: 'Rename a category or replace its image',
          params: IdParamsSchema,
          response: { 200: one(CategoryShape), ...failures(400, 401, 403, 404, 413, 415) },
        },
      },
      async (request) => {
        const form = await readForm(request, ['image']);
        const { name } = parseOrThrow(CategorySchema.partial(), form.fields);
        const category = await updateCategory(ctx.db, ctx.images, request.params.id, { name, image: singleFile(form, 'image') });
        return { data: presentCategory(ctx.imagesUrl)(category) };
      },
    );

    app.delete(
      '/categories/:id',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['categories'],
          summary: 'Delete a category no product uses',
          params: IdParamsSchema,
          response: { 204: NoContent, ...failures(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await deleteCategory(ctx.db, ctx.images, request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
