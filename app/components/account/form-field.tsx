/** Labelled form controls whose error sits beside the field and is tied to it for screen readers. */
import { CircleAlert } from 'lucide-react';

interface FieldFrame {
  name: string;
  label: string;
  /** The field's message from the schema, shown under it. */
  error?: string;
  className?: string;
}

const CONTROL =
  'w-full min-h-11 rounded-lg border bg-white px-3 py-2 text-base text-ink placeholder:text-muted focus:border-brand-500 aria-[invalid=true]:border-sale';

function ids(name: string) {
  return { id: `field-${name}`, errorId: `field-${name}-error` };
}

/** The aria wiring every control gets: invalid state and the id of its message. */
function ariaOf(name: string, error?: string) {
  const { id, errorId } = ids(name);
  return { id, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined };
}

/** A field's error message, with an icon so it never relies on colour alone; nothing when there is no error. */
export function FieldMessage({ id, message, className = '' }: { id: string; message?: string; className?: string }) {
  if (!message) return null;
  return (
    <p id={id} className={`flex items-center gap-1 text-sm text-sale ${className}`}>
      <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
      {message}
    </p>
  );
}

function Frame({ name, label, error, className = '', children }: FieldFrame & { children: React.ReactNode }) {
  const { id, errorId } = ids(name);
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {children}
      <FieldMessage id={errorId} message={error} />
    </div>
  );
}

type InputProps = FieldFrame & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'className'>;

export function TextField({ name, label, error, className, ...input }: InputProps) {
  return (
    <Frame name={name} label={label} error={error} className={className}>
      <input {...input} {...ariaOf(name, error)} className={`${CONTROL} ${error ? 'border-sale' : 'border-line'}`} />
    </Frame>
  );
}

/** A phone number: typed and shown left to right, digits keypad on phones. */
export function PhoneField(props: Omit<InputProps, 'type' | 'inputMode' | 'dir'>) {
  return <TextField type="tel" inputMode="tel" dir="ltr" autoComplete="tel" placeholder="01xxxxxxxxx" {...props} />;
}

type TextAreaProps = FieldFrame & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id' | 'className'>;

export function TextAreaField({ name, label, error, className, ...textarea }: TextAreaProps) {
  return (
    <Frame name={name} label={label} error={error} className={className}>
      <textarea rows={3} {...textarea} {...ariaOf(name, error)} className={`${CONTROL} ${error ? 'border-sale' : 'border-line'}`} />
    </Frame>
  );
}

type SelectProps = FieldFrame &
  Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id' | 'className'> & {
    options: readonly string[];
    /** The first, empty choice: nothing is picked until the shopper picks. */
    placeholder: string;
    /** Data attributes an option carries (the empty choice's value is ''), for the enhancement script. */
    optionData?: (value: string) => Record<`data-${string}`, string> | undefined;
  };

export function SelectField({ name, label, error, className, options, placeholder, optionData, ...select }: SelectProps) {
  return (
    <Frame name={name} label={label} error={error} className={className}>
      <select {...select} {...ariaOf(name, error)} className={`${CONTROL} ${error ? 'border-sale' : 'border-line'}`}>
        <option value="" {...optionData?.('')}>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option} value={option} {...optionData?.(option)}>
            {option}
          </option>
        ))}
      </select>
    </Frame>
  );
}

/**
 * A message about the whole form (wrong password, out of stock). Toasts need JavaScript; this
 * box is what a shopper without it reads.
 */
export function FormAlert({ message, tone = 'error' }: { message?: string; tone?: 'error' | 'success' }) {
  if (!message) return null;
  const colours = tone === 'error' ? 'border-sale/40 bg-red-50 text-sale' : 'border-new/40 bg-green-50 text-green-800';
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-4 py-3 font-semibold ${colours}`}>
      {message}
    </p>
  );
}
