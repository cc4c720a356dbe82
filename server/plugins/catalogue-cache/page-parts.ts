/**
 * A signed-in shopper's catalogue page from a guest's kept copy: the copy is cut where the guest's
 * shopper parts stand (app/lib/shopper-parts.ts), and each shopper's own parts go in their place.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SHOPPER_PART_NAMES, type ShopperPartName, type ShopperParts } from '../../../app/lib/shopper-parts.ts';

/** The pages' side (server/web.ts): shopper parts rendered with the pages' own components (app/lib/shopper-parts.server.tsx). */
export interface PageParts {
  /** A guest's parts of the page at `path` (a URL's path, without its query). */
  guest(path: string): ShopperParts;
  /** The parts of the page the request asks for, for its shopper. Rejects when they cannot be read (the database away). */
  of(request: FastifyRequest, reply: FastifyReply): Promise<ShopperParts>;
  /** The page the request asks for as a guest gets it (without its cookies), with the reply's nonce. */
  renderGuest(request: FastifyRequest, reply: FastifyReply): Promise<Response>;
}

/** Where each part stands in a kept page: byte offsets, in the order they come. */
export interface CutPage {
  spans: { name: ShopperPartName; start: number; end: number }[];
}

/**
 * Where `guest` (a guest's parts, rendered for the page's path) stand in `page` (a guest's copy),
 * or undefined when they cannot all be told apart: a part missing, or found twice. Only a product
 * whose every colour is sold out has no heart, and then its page has no wishlist form at all.
 */
export function cutAtParts(page: Buffer, guest: ShopperParts): CutPage | undefined {
  const spans: CutPage['spans'] = [];
  for (const name of SHOPPER_PART_NAMES) {
    const html = guest[name];
    if (html === undefined) continue;
    const bytes = Buffer.from(html);
    const start = page.indexOf(bytes);
    if (start < 0) {
      if (name === 'wishlist' && !page.includes('action="/wishlist"')) continue;
      return undefined;
    }
    if (page.indexOf(bytes, start + 1) >= 0) return undefined;
    spans.push({ name, start, end: start + bytes.length });
  }
  spans.sort((a, b) => a.start - b.start);
  if (spans.some((span, i) => i > 0 && span.start < spans[i - 1]!.end)) return undefined;
  return { spans };
}

/** `page` with `parts` in the places `cut` found the guest's. */
export function joinParts(page: Buffer, cut: CutPage, parts: ShopperParts): Buffer {
  const chunks: Buffer[] = [];
  let from = 0;
  for (const span of cut.spans) {
    const html = parts[span.name];
    // Both are rendered for the same path: both have a heart, or neither has.
    if (html === undefined) throw new Error(`The shopper's parts lack the ${span.name} the kept page was cut at.`);
    chunks.push(page.subarray(from, span.start), Buffer.from(html));
    from = span.end;
  }
  chunks.push(page.subarray(from));
  return Buffer.concat(chunks);
}
