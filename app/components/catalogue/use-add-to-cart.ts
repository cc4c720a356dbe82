/**
 * Adding a product to the cart in place (POST /cart with a fetcher). A guest or a missing size
 * is answered on the spot, without a round trip; the server says the same when JavaScript is off.
 */
import type { FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { toast } from 'react-toastify';
import { MSG } from '../../../contracts/messages.ts';
import { useRootData } from '../../root.tsx';
import { useActionToasts, type ActionResult } from '../../lib/toast.ts';

export function useAddToCart() {
  const root = useRootData();
  const fetcher = useFetcher<ActionResult>();
  useActionToasts(fetcher.data);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!root?.user) {
      event.preventDefault();
      toast.error(MSG.loginFirst);
      return;
    }
    if (!new FormData(event.currentTarget).get('color')) {
      event.preventDefault();
      toast.error(MSG.sizeFirst);
    }
  }

  return { fetcher, onSubmit, pending: fetcher.state !== 'idle' };
}
