/**
 * The Arabic messages the enhancements show themselves. contracts/messages.ts is one object of
 * every message (22 KB), too big to ship for five of them: the layout writes these into the page
 * as JSON (root.tsx) and the enhancements read them from there. Add a key here to use it.
 */
import type { MessageKey } from '../../contracts/messages.ts';

export const ENHANCE_MESSAGE_KEYS = [
  'loginFirst', 'forbidden', 'sizeFirst', 'addedToCart', 'serverError', 'subscribed',
  // The account forms' checks before they post (account-checks.ts).
  'nameRequired', 'nameTooShort', 'nameTooLong', 'phoneRequired', 'phoneInvalid',
  'passwordRequired', 'passwordTooShort', 'passwordConfirmRequired', 'passwordMismatch', 'currentPasswordRequired',
] as const satisfies readonly MessageKey[];

export type EnhanceMessages = Record<(typeof ENHANCE_MESSAGE_KEYS)[number], string>;

/** The id of the page's <script type="application/json"> holding them. */
export const ENHANCE_MESSAGES_ID = 'enhance-messages';

let messages: EnhanceMessages | undefined;

export function msg(): EnhanceMessages {
  messages ??= JSON.parse(document.getElementById(ENHANCE_MESSAGES_ID)?.textContent || '{}') as EnhanceMessages;
  return messages;
}
