/**
 * `data-enhance="account-checks"` on the login, signup and password-change forms: SPEC.md §5's
 * checks run in the browser before the form posts, so a typo is answered at once, without a
 * round trip on a slow network, and the passwords typed stay in their boxes. Each message is
 * shown beside its field and as an error toast, and the first wrong field takes focus. The
 * server checks everything again with the schemas (contracts/schemas.ts); zod itself is too big
 * for this script, so the rules are written out here and tests/unit/account-checks.test.ts holds
 * them to the schemas' answers.
 */
import { NAME_MAX, NAME_MIN, PASSWORD_MIN, PHONE_PATTERN } from '../../contracts/constants.ts';
import { msg, type EnhanceMessages } from './messages.ts';
import { toast } from './toast.ts';

/** The fields checked, by their names in the forms. */
export const CHECKED_FIELDS = ['name', 'phone', 'password', 'passwordConfirm', 'currentPassword'] as const;
export type CheckedField = (typeof CHECKED_FIELDS)[number];
export type CheckMessage = keyof EnhanceMessages;

/** As the schemas read a phone number: Arabic-Indic digits become ASCII ones; spaces and dashes go. */
const foldPhone = (phone: string) => phone.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[\s-]/g, '');

/**
 * The first message of each field that is wrong, for the fields the form has. With a
 * confirmation the password is a new one, held to the minimum length.
 */
export function accountErrors(values: Partial<Record<CheckedField, string>>): Partial<Record<CheckedField, CheckMessage>> {
  const errors: Partial<Record<CheckedField, CheckMessage>> = {};
  const { name, phone, password, passwordConfirm, currentPassword } = values;
  if (name !== undefined) {
    const trimmed = name.trim();
    if (!trimmed) errors.name = 'nameRequired';
    else if (trimmed.length < NAME_MIN) errors.name = 'nameTooShort';
    else if (trimmed.length > NAME_MAX) errors.name = 'nameTooLong';
  }
  if (currentPassword === '') errors.currentPassword = 'currentPasswordRequired';
  if (phone !== undefined) {
    const folded = foldPhone(phone).trim();
    if (!folded) errors.phone = 'phoneRequired';
    else if (!PHONE_PATTERN.test(folded)) errors.phone = 'phoneInvalid';
  }
  if (password === '') errors.password = 'passwordRequired';
  else if (password !== undefined && passwordConfirm !== undefined && password.length < PASSWORD_MIN) errors.password = 'passwordTooShort';
  if (passwordConfirm === '') errors.passwordConfirm = 'passwordConfirmRequired';
  // The schema compares them only when no name, phone or password is missing (those stop it).
  const missing = errors.name === 'nameRequired' || errors.phone === 'phoneRequired' || errors.password === 'passwordRequired';
  if (passwordConfirm && !missing && password !== passwordConfirm) errors.passwordConfirm = 'passwordMismatch';
  return errors;
}

/** lucide's circle-alert, as the server draws it beside a field's message (app/components/account/form-field.tsx). */
const ALERT_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" class="size-4 shrink-0"><circle cx="12" cy="12" r="10"></circle><line x1="12" x2="12" y1="8" y2="12"></line><line x1="12" x2="12.01" y1="16" y2="16"></line></svg>';

/** Shows a field's message under it, tied to it as the server ties it (ids `field-<name>-error`), or takes it away. */
function showFieldError(input: HTMLInputElement, message: string | undefined) {
  const id = `field-${input.name}-error`;
  let line = document.getElementById(id);
  if (!message) {
    line?.remove();
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
    input.classList.replace('border-sale', 'border-line');
    return;
  }
  if (!line) {
    line = document.createElement('p');
    line.id = id;
    line.className = 'flex items-center gap-1 text-sm text-sale';
    input.after(line);
  }
  line.innerHTML = ALERT_ICON;
  line.append(message);
  input.setAttribute('aria-invalid', 'true');
  input.setAttribute('aria-describedby', id);
  input.classList.replace('border-line', 'border-sale');
}

export function accountChecks(element: HTMLElement) {
  const form = element as HTMLFormElement;
  const inputs = [...form.elements].filter((input): input is HTMLInputElement => input instanceof HTMLInputElement && CHECKED_FIELDS.includes(input.name as CheckedField));

  // A post the server refused comes back with its messages: the first wrong field takes focus.
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();

  form.addEventListener('submit', (event) => {
    // The last attempt's toasts no longer apply.
    toast.dismiss();
    const errors = accountErrors(Object.fromEntries(inputs.map((input) => [input.name, input.value])));
    const messages = msg();
    for (const input of inputs) {
      const key = errors[input.name as CheckedField];
      showFieldError(input, key && messages[key]);
    }
    const wrong = inputs.filter((input) => errors[input.name as CheckedField]);
    if (!wrong.length) return;
    event.preventDefault();
    for (const input of wrong) toast.error(messages[errors[input.name as CheckedField]!]);
    wrong[0]!.focus();
  });
}
