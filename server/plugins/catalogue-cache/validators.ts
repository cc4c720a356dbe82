/** The HTTP side of a guest's catalogue read: its lifetime, its ETag, its Vary, and the 304 when the client holds it. */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** What a guest's catalogue read may be kept for: a minute fresh, five more served while a cache asks again. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';
/** A signed-in request's answer: kept by no cache, the browser's included. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** The 304 of a catalogue read, for the OpenAPI document. */
export const NotModified = z.undefined().describe('Not modified: If-None-Match named the current ETag, so the copy the client holds is current (no body)');

/** A weak validator of `body`: equal bodies, equal ETags, whatever their encoding on the wire. */
export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match names `etag` (or is `*`), compared weakly as RFC 9110 asks for this header. */
export function matchesIfNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return (Array.isArray(header) ? header.join(',') : header).split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/** Adds `value` to the reply's Vary unless it is named already. */
function addVary(reply: FastifyReply, ...values: string[]): void {
  const current = reply.getHeader('Vary');
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? '')).split(',').map((v) => v.trim()).filter(Boolean);
  for (const value of values) if (!names.some((name) => name.toLowerCase() === value)) names.push(value);
  reply.header('Vary', names.join(', '));
}

/** A guest's answer: public lifetime and validator, or a 304 (null body) when If-None-Match names it. */
export function sendPublic(request: FastifyRequest, reply: FastifyReply, etag: string, vary: string[], cacheControl = PUBLIC_CACHE_CONTROL): boolean {
  reply.header('Cache-Control', cacheControl);
  reply.header('ETag', etag);
  addVary(reply, ...vary);
  if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return false;
  reply.code(304);
  reply.removeHeader('Content-Length');
  return true;
}
