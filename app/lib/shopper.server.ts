/** What the cart and wishlist actions share: who may post to them and how a plain form post is answered. */
import { data, type AppLoadContext } from 'react-router';
import { MSG } from '../../contracts/messages.ts';
import type { SessionUser } from '../../core/accounts/auth.ts';
import { getSessionUser } from './session.server.ts';
import type { ActionResult } from './toast.ts';

/**
 * True for a plain HTML form post (JavaScript off or not loaded yet): the browser navigates
 * and must get a page or a redirect. React Router's own fetches are not navigations.
 */
export function isDocumentRequest(request: Request): boolean {
  const mode = request.headers.get('Sec-Fetch-Mode');
  if (mode) return mode === 'navigate';
  // Browsers too old for Fetch Metadata still ask for HTML when they navigate.
  return request.headers.get('Accept')?.includes('text/html') ?? false;
}

export type Shopper = { user: SessionUser; refusal?: undefined } | { user?: undefined; refusal: ReturnType<typeof refuse> };

function refuse(status: 401 | 403, message: string) {
  return data<ActionResult>({ ok: false, toast: { type: 'error', message } }, { status });
}

/**
 * The customer behind a cart or wishlist post (SPEC.md §6: carts and wishlists are for role
 * 'user'), or the answer for anyone else: please log in first, or not allowed for staff.
 */
export async function getShopper(request: Request, context: AppLoadContext): Promise<Shopper> {
  const user = await getSessionUser(request, context);
  if (!user) return { refusal: refuse(401, MSG.loginFirst) };
  if (user.role !== 'user') return { refusal: refuse(403, MSG.forbidden) };
  return { user };
}
