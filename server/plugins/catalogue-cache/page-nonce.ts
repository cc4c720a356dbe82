/**
 * The CSP nonce of a kept page (server/app.ts gives each page a fresh one): left out of its ETag,
 * cut out of the kept copy and put back per response, and kept off a 304.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { weakEtag } from './validators.ts';

/** Stands for the page's CSP nonce in what its ETag is computed over: the same in every process, so their ETags agree. */
const NONCE_STAND_IN = 'catalogue-cache-nonce';

/**
 * Stands for the page's CSP nonce in the copy the process keeps, and is replaced by each reuse's
 * own nonce. Drawn at random per process, so no text a page shows (a review, a title) can hold it.
 */
const KEPT_NONCE = randomBytes(24).toString('base64url');

/** This response's CSP nonce (server/app.ts). */
function cspNonce(reply: FastifyReply): string | undefined {
  return (reply.raw as { cspNonce?: string }).cspNonce;
}

/**
 * A page about to be sent, with its nonce in its Content-Security-Policy header and in its script
 * tags: its ETag, computed over the page with the nonce replaced by a constant so two renders of
 * one page match, and the copy to keep, with the nonce cut out for each reuse to put its own in.
 */
export function keepablePage(body: Buffer, reply: FastifyReply): { etag: string; kept: () => Buffer } {
  const nonce = cspNonce(reply);
  if (!nonce) return { etag: weakEtag(body), kept: () => body };
  const text = body.toString('utf8');
  return { etag: weakEtag(text.replaceAll(nonce, NONCE_STAND_IN)), kept: () => Buffer.from(text.replaceAll(nonce, KEPT_NONCE)) };
}

/** A kept page with this response's own nonce put in. */
export function withOwnNonce(kept: Buffer, reply: FastifyReply): string {
  return kept.toString('utf8').replaceAll(KEPT_NONCE, cspNonce(reply) ?? '');
}

/**
 * Takes the Content-Security-Policy off a 304, and gives its (empty) body. A cache updates the
 * copy it holds with a 304's headers (RFC 9111, 4.3.4): a new nonce in the header would block the
 * scripts of the body it keeps, which carry the old one. Helmet writes its headers on the raw response.
 */
export function withoutPolicy(reply: FastifyReply): null {
  reply.raw.removeHeader('Content-Security-Policy');
  reply.removeHeader('Content-Security-Policy');
  return null;
}
