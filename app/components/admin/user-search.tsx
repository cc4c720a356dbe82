import { Search, X } from 'lucide-react';
import { FieldMessage } from '../account/form-field.tsx';
import { Form, Link } from 'react-router';
import { SpinnerButton } from '../account/spinner-button.tsx';

const INPUT_ID = 'user-search-phone';
const ERROR_ID = `${INPUT_ID}-error`;
const HINT_ID = `${INPUT_ID}-hint`;

/**
 * The phone search of the user list: a plain GET form, so a search is a link an admin can
 * share or reload, and it works before JavaScript loads.
 */
export function UserSearch({ phone, error, pending }: { phone: string; error?: string; pending: boolean }) {
  return (
    <Form method="get" role="search" aria-label="البحث عن مستخدم" className="mb-5 flex flex-col gap-1.5 rounded-xl border border-line bg-white p-4">
      <label htmlFor={INPUT_ID} className="font-semibold">
        البحث برقم الهاتف
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          // A new search in the address resets what the box shows.
          key={phone}
          id={INPUT_ID}
          name="phone"
          type="search"
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
          maxLength={20}
          defaultValue={phone}
          placeholder="01xxxxxxxxx"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ERROR_ID} ${HINT_ID}` : HINT_ID}
          className={`min-h-11 min-w-0 flex-1 basis-48 rounded-lg border bg-white px-3 py-2 text-base text-ink placeholder:text-muted focus:border-brand-500 ${
            error ? 'border-sale' : 'border-line'
          }`}
        />
        <div className="flex gap-2 max-sm:w-full">
          <SpinnerButton pending={pending} className="max-sm:flex-1">
            {!pending && <Search aria-hidden="true" className="size-5" />}
            بحث
          </SpinnerButton>
          {phone && (
            <Link
              to="/admin/manage-users"
              className="inline-flex min-h-11 items-center justify-center gap-1 rounded-lg border border-line px-4 font-semibold hover:bg-surface max-sm:flex-1"
            >
              <X aria-hidden="true" className="size-5" />
              مسح البحث
            </Link>
          )}
        </div>
      </div>
      <FieldMessage id={ERROR_ID} message={error} />
      <p id={HINT_ID} className="text-sm text-muted">
        اكتب الرقم كاملاً أو جزءاً منه، بالأرقام العربية أو الإنجليزية.
      </p>
    </Form>
  );
}
