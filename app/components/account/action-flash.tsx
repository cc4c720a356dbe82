/**
 * What a form's action answered, for the enhancement script to show as toasts (SPEC.md §8): its
 * message and each field error, one hidden element each, `data-enhance="toast"` (app/enhance/flash.ts).
 * The page shows the same messages itself, in the form's alert and beside the fields, which is
 * what a shopper without JavaScript reads. The pages that do not hydrate use it where a hydrated
 * page calls useActionToasts.
 */
import type { ActionResult } from '../../lib/toast.ts';

export function ActionFlash({ result }: { result: ActionResult | undefined }) {
  if (!result) return null;
  const flashes = [...(result.toast ? [result.toast] : []), ...Object.values(result.errors ?? {}).map((message) => ({ type: 'error' as const, message }))];
  if (!flashes.length) return null;
  return (
    <div hidden>
      {flashes.map(({ type, message }, index) => (
        <p key={index} data-enhance="toast" data-toast-type={type}>
          {message}
        </p>
      ))}
    </div>
  );
}
