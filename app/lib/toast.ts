/** Toasts for what an action answered: its success message, or each field error (SPEC.md §8). */
import { useEffect } from 'react';
import type { MessageKey } from '../../contracts/messages.ts';
import { toast } from '../enhance/toast.ts';

export interface ActionResult {
  ok?: boolean;
  /** A message to show as a toast: success or error. */
  toast?: { type: 'success' | 'error'; message: string };
  /** Field errors, keyed by field; each is also shown as an error toast. */
  errors?: Record<string, string>;
  /** Which of the shop's messages the error toast is (AppError's key), for a page that addresses it. */
  messageKey?: MessageKey;
}

/** Shows the toasts of an action's result once per result. */
export function useActionToasts(result: ActionResult | undefined) {
  useEffect(() => {
    if (!result) return;
    if (result.toast) toast[result.toast.type](result.toast.message);
    for (const message of Object.values(result.errors ?? {})) toast.error(message);
  }, [result]);
}
