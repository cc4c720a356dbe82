import { ChevronLeft, ShieldCheck, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Ltr } from '../../lib/format.tsx';
import { UserRoleBadge, type UserRole } from './user-role-badge.tsx';

export interface UserCardData {
  id: string;
  name: string;
  phone: string;
  role: UserRole;
  /** ISO date, for the <time> element. */
  createdAt: string;
  /** The date as the shop prints it, formatted once on the server. */
  joined: string;
}

/**
 * One account in the staff's user list (SPEC.md §2 manage-users). Admin cards carry a heavier
 * brand frame and the 'مدير' badge, so they stand out by shape and text as well as colour. The
 * whole card opens the user's details, a target far larger than 44 px on a phone.
 */
export function UserCard({ user, isSelf }: { user: UserCardData; isSelf: boolean }) {
  const admin = user.role === 'admin';
  const headingId = `user-${user.id}`;
  const Avatar = admin ? ShieldCheck : UserRound;
  return (
    <article
      aria-labelledby={headingId}
      data-role={user.role}
      className={`relative flex h-full flex-col gap-3 rounded-xl p-4 focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-md ${
        admin ? 'border-2 border-brand-500 bg-brand-50' : 'border border-line bg-white'
      }`}
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={`grid size-11 shrink-0 place-items-center rounded-full ${admin ? 'bg-brand-600 text-white' : 'bg-surface text-muted'}`}
        >
          <Avatar className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-lg leading-snug font-bold break-words">
            <Link
              to={`/admin/user-details/${user.id}`}
              className="outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:text-brand-700 hover:underline"
            >
              {user.name}
            </Link>
            {isSelf && <span className="ms-2 text-sm font-semibold text-muted">(أنت)</span>}
          </h2>
          <p className="text-muted">
            <Ltr>{user.phone}</Ltr>
          </p>
        </div>
        <UserRoleBadge role={user.role} />
      </div>
      <div className="mt-auto flex items-center justify-between gap-2 text-sm text-muted">
        <span>
          انضم في <time dateTime={user.createdAt}>{user.joined}</time>
        </span>
        <ChevronLeft aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
      </div>
    </article>
  );
}
