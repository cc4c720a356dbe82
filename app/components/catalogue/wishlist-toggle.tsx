/**
 * The product page's heart (SPEC.md §4 "Wishlist heart"): a toggle button in a form posting to
 * /wishlist, which sends the page back to itself. The enhancement script (app/enhance/wishlist.ts)
 * toggles it in place through the API and asks a guest to log in first. The heart fills from
 * aria-pressed, so the enhancement only flips the attribute.
 */
import { Icon } from '../icons/icon.tsx';

const TITLE = { on: 'إزالة من المفضلة', off: 'أضف إلى المفضلة' };

export function WishlistToggle({ productId, inWishlist }: { productId: string; inWishlist: boolean }) {
  return (
    <form method="post" action="/wishlist" data-enhance="wishlist">
      <input type="hidden" name="productId" value={productId} />
      <button
        type="submit"
        name="intent"
        value={inWishlist ? 'remove' : 'add'}
        aria-pressed={inWishlist}
        aria-label="المفضلة"
        title={inWishlist ? TITLE.on : TITLE.off}
        data-title-on={TITLE.on}
        data-title-off={TITLE.off}
        className="group grid size-12 place-items-center rounded-lg border border-line bg-white text-sale hover:border-sale"
      >
        <Icon name="heart" className="size-6 group-aria-pressed:[--icon:var(--icon-heart-filled)]" />
      </button>
    </form>
  );
}
