/**
 * The product page's heart (SPEC.md §4 "Wishlist heart"): a toggle button posting to /wishlist
 * in place. It shows the new state while the request runs; a guest is asked to log in first.
 */
import { Heart } from 'lucide-react';
import type { FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { toast } from 'react-toastify';
import { MSG } from '../../../contracts/messages.ts';
import { useActionToasts, type ActionResult } from '../../lib/toast.ts';
import { useRootData } from '../../root.tsx';

export function WishlistToggle({ productId, inWishlist }: { productId: string; inWishlist: boolean }) {
  const root = useRootData();
  const fetcher = useFetcher<ActionResult & { inWishlist?: boolean }>();
  useActionToasts(fetcher.data);
  // While the request and the reload after it run, the heart already shows where it is going.
  const on = fetcher.formData ? fetcher.formData.get('intent') === 'add' : inWishlist;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!root?.user) {
      event.preventDefault();
      toast.error(MSG.loginFirst);
    }
  }

  return (
    <fetcher.Form method="post" action="/wishlist" onSubmit={onSubmit}>
      <input type="hidden" name="productId" value={productId} />
      <button
        type="submit"
        name="intent"
        value={on ? 'remove' : 'add'}
        aria-pressed={on}
        aria-label="المفضلة"
        title={on ? 'إزالة من المفضلة' : 'أضف إلى المفضلة'}
        className="grid size-12 place-items-center rounded-lg border border-line bg-white text-sale hover:border-sale"
      >
        <Heart aria-hidden className={`size-6 ${on ? 'fill-sale' : ''}`} />
      </button>
    </fetcher.Form>
  );
}
