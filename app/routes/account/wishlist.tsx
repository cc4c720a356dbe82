import { data, redirect } from 'react-router';
import { MSG, type MessageKey } from '../../../contracts/messages.ts';
import { WishlistSchema } from '../../../contracts/schemas.ts';
import { AppError } from '../../../core/errors.ts';
import { addToWishlist, moveWishlistItemToCart, removeFromWishlist } from '../../../core/wishlist.ts';
import { fromAppError, refererPath } from '../../lib/forms.server.ts';
import type { ActionResult } from '../../lib/toast.ts';
import type { Route } from './+types/wishlist';
import { getShopper, isDocumentRequest } from '../../lib/shopper.server.ts';

type WishlistResult = ActionResult & { inWishlist: boolean };

/** The wishlist is shown on the profile page; this route only takes changes. */
export function loader() {
  return redirect('/profile');
}

/**
 * Where a plain form post goes back to: the page it came from on this site, else the profile.
 * A failure travels as a message key the profile page prints, since toasts need JavaScript.
 */
function backTo(request: Request, failure?: string) {
  const from = new URL(refererPath(request) ?? '/profile', new URL(request.url).origin);
  from.searchParams.delete('message');
  const key = failure && (Object.keys(MSG) as MessageKey[]).find((k) => MSG[k] === failure);
  if (key) {
    from.pathname = '/profile';
    from.search = `?message=${key}`;
  }
  return redirect(`${from.pathname}${from.search}`);
}

/**
 * The wishlist's door (the brief's shared interface): intent=add|remove from the heart and the
 * profile, and intent=add-to-cart, which moves a product into the cart (SPEC.md §4). A
 * product with several sizes needs one chosen first (DESIGN.md decision 7).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const shopper = await getShopper(request, context);
  const documentPost = isDocumentRequest(request);
  if (shopper.refusal) return documentPost ? redirect('/login') : shopper.refusal;
  const userId = shopper.user.id;
  const form = await request.formData();
  const intent = form.get('intent');
  const color = form.get('color');

  try {
    const parsed = WishlistSchema.safeParse({ productId: form.get('productId') });
    if (!parsed.success) throw new AppError(400, MSG.productNotFound);
    const { productId } = parsed.data;
    let result: WishlistResult;
    if (intent === 'add') {
      await addToWishlist(context.db, userId, productId);
      result = { ok: true, inWishlist: true };
    } else if (intent === 'remove') {
      await removeFromWishlist(context.db, userId, productId);
      result = { ok: true, inWishlist: false };
    } else if (intent === 'add-to-cart') {
      await moveWishlistItemToCart(context.db, userId, { productId, size: typeof color === 'string' && color !== '' ? color : undefined });
      result = { ok: true, inWishlist: false, toast: { type: 'success', message: MSG.addedToCart } };
    } else {
      throw new AppError(400, MSG.invalidValue);
    }
    return documentPost ? backTo(request) : data(result);
  } catch (error) {
    const answer = fromAppError(error);
    if (!documentPost) return answer;
    return backTo(request, answer.data.toast?.message ?? Object.values(answer.data.errors ?? {})[0]);
  }
}
