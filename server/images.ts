/**
 * The stored images at /products/<name> and /categories/<name>: from the local folder with
 * @fastify/static, or streamed from the bucket by whichever process is asked, with the object's
 * content type, cache lifetime and ETag (a matching If-None-Match is a 304). A missing image is
 * the shop's usual 404; a bucket out of reach is a 503 with Retry-After (the error handler).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ImageFolder, ImageStore } from '../core/catalogue/images.ts';

const FOLDERS: ImageFolder[] = ['products', 'categories'];

/** A stored file's name: one path segment, no dot files (the local store's partial writes). */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export async function registerImageRoutes(app: FastifyInstance, store: ImageStore): Promise<void> {
  if (store.kind === 'local') {
    for (const folder of FOLDERS) {
      mkdirSync(path.join(store.root!, folder), { recursive: true });
      await app.register(fastifyStatic, {
        root: path.join(store.root!, folder),
        prefix: `/${folder}/`,
        decorateReply: false,
        immutable: true,
        maxAge: '365d',
        index: false,
        wildcard: true,
      });
    }
    return;
  }
  for (const folder of FOLDERS) {
    app.route<{ Params: { '*': string } }>({
      method: ['GET', 'HEAD'],
      url: `/${folder}/*`,
      handler: async (request, reply) => {
        const file = request.params['*'];
        if (!FILE_NAME.test(file)) return reply.callNotFound();
        const ifNoneMatch = request.headers['if-none-match'];
        const found = await store.get(folder, file, typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined);
        if (!found) return reply.callNotFound();
        if (found === 'not-modified') return reply.status(304).send();
        reply.header('Content-Type', found.contentType).header('Cache-Control', found.cacheControl).header('Content-Length', found.size);
        if (found.etag) reply.header('ETag', found.etag);
        if (request.method === 'HEAD') {
          found.body.destroy();
          return reply.send();
        }
        return reply.send(found.body);
      },
    });
  }
}
