/** One figure of the overview: a label, the number, an optional hint, and where to act on it. */
import { Link } from 'react-router';

type IconType = React.ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;

export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
  to,
  tone = 'brand',
  className = '',
}: {
  label: string;
  value: React.ReactNode;
  hint?: React.ReactNode;
  icon: IconType;
  /** Where the staff go to deal with it. */
  to?: string;
  tone?: 'brand' | 'warn';
  /** Placement in the overview's grid. */
  className?: string;
}) {
  const body = (
    <>
      <span className={`flex size-11 shrink-0 items-center justify-center rounded-full ${tone === 'warn' ? 'bg-amber-100 text-amber-900' : 'bg-brand-50 text-brand-700'}`}>
        <Icon aria-hidden className="size-6" />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="text-sm text-muted">{label}</span>
        <span className="text-lg font-bold sm:text-2xl">{value}</span>
        {hint && <span className="text-xs text-muted">{hint}</span>}
      </span>
    </>
  );
  const frame = `flex flex-col items-start gap-2 rounded-xl border border-line bg-white p-3 sm:flex-row sm:items-center sm:gap-3 sm:p-4 ${className}`;
  return to ? (
    <Link to={to} className={`${frame} hover:border-brand-500`}>
      {body}
    </Link>
  ) : (
    <div className={frame}>{body}</div>
  );
}
