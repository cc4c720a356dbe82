/** The title row of every admin screen, with an optional main action on its end side. */
import { Link } from 'react-router';

export function AdminHeader({
  title,
  subtitle,
  action,
  children,
}: {
  title: string;
  subtitle?: React.ReactNode;
  action?: { to: string; label: string; icon?: React.ComponentType<{ className?: string; 'aria-hidden'?: boolean }> };
  children?: React.ReactNode;
}) {
  const Icon = action?.icon;
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold">{title}</h1>
        {subtitle && <p className="text-muted">{subtitle}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {children}
        {action && (
          <Link to={action.to} className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700">
            {Icon && <Icon aria-hidden className="size-5" />}
            {action.label}
          </Link>
        )}
      </div>
    </div>
  );
}
