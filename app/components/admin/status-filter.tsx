/**
 * One link per status of a dashboard list with its count, and "all": plain links to `path` with
 * `?status=`, so the filter works before JavaScript loads.
 */
import { Link } from 'react-router';
import { Ltr } from '../../lib/format.tsx';

export interface StatusFilterEntry {
  /** Null for "all". */
  status: string | null;
  label: string;
  count: number;
}

const FILTER = 'inline-flex min-h-11 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold sm:gap-2 sm:px-4';

export function StatusFilter({ name, path, current, entries }: { name: string; path: string; current: string | null; entries: StatusFilterEntry[] }) {
  return (
    <nav aria-label={name} className="mb-5">
      <ul className="flex flex-wrap gap-1.5 sm:gap-2">
        {entries.map((entry) => {
          const active = entry.status === current;
          return (
            <li key={entry.status ?? 'all'}>
              <Link
                to={entry.status ? `${path}?status=${entry.status}` : path}
                aria-current={active ? 'page' : undefined}
                className={`${FILTER} ${active ? 'border-brand-600 bg-brand-600 text-white' : 'border-line bg-white text-ink hover:border-brand-500'}`}
              >
                {entry.label}
                <Ltr className={`min-w-6 rounded-full px-1.5 text-center text-xs ${active ? 'bg-white/20' : 'bg-surface'}`}>{entry.count}</Ltr>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
