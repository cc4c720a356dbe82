import { data, redirect } from 'react-router';
import { MSG, type MessageKey } from '../../../contracts/messages.ts';
import { WishlistSchema } from '../../../contracts/schemas.ts';
import { AppError } from '../../../core/shared/errors.ts';
import { addToWishlist, moveWishlistItemToCart, removeFromWishlist } from '../../../core/checkout/wishlist.ts';
import { wishlistAnchor } from '../../components/account/wishlist-item.tsx';
import { fromAppError, refererPath, readPageForm } from '../../lib/forms.server.ts';
import type { ActionResult } from '../../lib/toast.ts';
import type { Route } from './+types/wishlist';
import { getShopper, isDocumentRequest } from '../../lib/shopper.server.ts';

type WishlistResult = ActionResult & { inWishlist: boolean };

/** The wishlist is shown on the profile page; this route only takes changes. */
export function loader() {
  return redirect('/profile');
}

/** What a post from the profile's wishlist did, as the profile's address names it (`?wishlist=`). */
const DONE: Partial<Record<string, string>> = { 'add-to-cart': 'addedToCart', remove: 'removed' };

/**
 * Where a plain form post goes back to. The heart on another page of this site goes back to
 * that page. The profile's own forms, and every refusal (toasts need JavaScript), go to the
 * profile's wishlist with what happened in the address: `?wishlist=` what was done, or the key
 * of the refusal's message.
 */
function backTo(request: Request, { intent, productId, failure }: { intent: FormDataEntryValue | null; productId?: string; failure?: MessageKey }) {
  const from = new URL(refererPath(request) ?? '/profile', new URL(request.url).origin);
  from.searchParams.delete('message');
  if (!failure) {
    const done = typeof intent === 'string' ? DONE[intent] : undefined;
    return redirect(done && from.pathname === '/profile' ? `/profile?wishlist=${done}#wishlist` : `${from.pathname}${from.search}`);
  }
  // A move refused (no size chosen, the size sold out) lands on the product's item, by its sizes, to try again.
  if (intent === 'add-to-cart' && productId) return redirect(`/profile?wishlist=${failure}&product=${encodeURIComponent(productId)}#${wishlistAnchor(productId)}`);
  return redirect(`/profile?wishlist=${failure}#wishlist`);
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
  const read = await readPageForm(request, context);
  if ('refusal' in read) return read.refusal;
  const form = read.form;
  const intent = form.get('intent');
  const color = form.get('color');
  let productId: string | undefined;

  try {
    const parsed = WishlistSchema.safeParse({ productId: form.get('productId') });
    if (!parsed.success) throw new AppError(400, MSG.productNotFound);
    productId = parsed.data.productId;
    let result: WishlistResult;
    if (intent === 'add') {
      await addToWishlist(context.db, userId, productId);
      result = { ok: true, inWishlist: true };
    } else if (intent === 'remove') {
      await removeFromWishlist(context.db, userId, productId);
      result = { ok: true, inWishlist: false };
    } else if (intent === 'add-to-cart') {
      await moveWishlistItemToCart(context.db, userId, { productId, size: typeof color === 'string' && color !== '' ? color : undefined }, context.payments.orderLimits.linePieces);
      result = { ok: true, inWishlist: false, toast: { type: 'success', message: MSG.addedToCart } };
    } else {
      throw new AppError(400, MSG.invalidValue);
    }
    return documentPost ? backTo(request, { intent, productId }) : data(result);
  } catch (error) {
    const answer = fromAppError(error);
    if (!documentPost) return answer;
    // By the refusal's key, not its words: a message with a detail after it (the limit per line) is none of MSG's texts.
    return backTo(request, { intent, productId, failure: (error instanceof AppError && error.status < 500 && error.key) || 'serverError' });
  }
}
