import { ShieldCheck, UserRound } from 'lucide-react';

export type UserRole = 'user' | 'admin';

export const ROLE_LABELS: Record<UserRole, string> = { admin: 'مدير', user: 'عميل' };

/** The account's role as a labelled pill with its own icon, so an admin never stands out by colour alone. */
export function UserRoleBadge({ role }: { role: UserRole }) {
  const admin = role === 'admin';
  const Icon = admin ? ShieldCheck : UserRound;
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-3 py-1 text-sm font-semibold ${
        admin ? 'bg-brand-700 text-white' : 'border border-line bg-surface text-ink'
      }`}
    >
      <Icon aria-hidden="true" className="size-4" />
      {ROLE_LABELS[role]}
    </span>
  );
}
