/**
 * The stored images at /products/<name> and /categories/<name>: from the local folder with
 * @fastify/static, or streamed from the bucket by whichever process is asked, with the object's
 * content type, cache lifetime and ETag (a matching If-None-Match is a 304). A missing image, or
 * a name that cannot be one (an encoded "../", a backslash, a dot file, a sub-folder), is the
 * shop's usual 404 (app.ts's not-found handler); a bucket out of reach is a 503 with Retry-After
 * (the error handler).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ImageFolder, ImageStore } from '../core/catalogue/images.ts';

const FOLDERS: ImageFolder[] = ['products', 'categories'];

/** A stored file's name: one path segment, no dot files (the local store's partial writes). */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Sends any other name to the not-found handler before the file is looked for: @fastify/static
 * would answer a "..\" with a 403 of its own, and neither store has such a file.
 */
async function onlyFileNames(request: FastifyRequest, reply: FastifyReply) {
  if (!FILE_NAME.test((request.params as { '*'?: string })['*'] ?? '')) return reply.callNotFound();
}

export async function registerImageRoutes(app: FastifyInstance, store: ImageStore): Promise<void> {
  if (store.kind === 'local') {
    await app.register(async (files) => {
      files.addHook('onRequest', onlyFileNames);
      for (const folder of FOLDERS) {
        mkdirSync(path.join(store.root!, folder), { recursive: true });
        await files.register(fastifyStatic, {
          root: path.join(store.root!, folder),
          prefix: `/${folder}/`,
          decorateReply: false,
          immutable: true,
          maxAge: '365d',
          index: false,
          wildcard: true,
        });
      }
    });
    return;
  }
  for (const folder of FOLDERS) {
    app.route<{ Params: { '*': string } }>({
      method: ['GET', 'HEAD'],
      url: `/${folder}/*`,
      onRequest: onlyFileNames,
      handler: async (request, reply) => {
        const file = request.params['*'];
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
