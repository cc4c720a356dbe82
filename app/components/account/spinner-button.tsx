import { LoaderCircle } from 'lucide-react';

type SpinnerButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & {
  /** True while the form's request is in flight: shows the spinner and blocks a second submit. */
  pending: boolean;
  variant?: 'primary' | 'secondary';
};

const VARIANTS = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-500',
  secondary: 'border border-brand-600 bg-white text-brand-700 hover:bg-brand-50',
} as const;

/** A submit button that shows a spinner while its form is pending (SPEC.md §4 "Forms"). */
export function SpinnerButton({ pending, variant = 'primary', className = '', children, disabled, type = 'submit', ...rest }: SpinnerButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2 font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-80 ${VARIANTS[variant]} ${className}`}
      {...rest}
    >
      {pending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
      {children}
    </button>
  );
}

/** A spinner for data that is reloading, announced to screen readers. */
export function Spinner({ label, className = '' }: { label: string; className?: string }) {
  return (
    <span role="status" className={`inline-flex items-center gap-2 text-muted ${className}`}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
