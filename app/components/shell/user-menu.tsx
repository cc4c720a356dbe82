import { Icon } from '../icons/icon.tsx';
import type { RootData } from '../../lib/root-data.ts';
import { AccountLinks } from './account-links.tsx';

/** The account icon of the top bar and its menu. */
export function UserMenu({ user }: { user: RootData['user'] }) {
  return (
    <details data-enhance="menu" className="relative">
      <summary
        aria-label={user ? `حساب ${user.name}` : 'الحساب'}
        className="flex size-11 cursor-pointer list-none items-center justify-center rounded-full hover:bg-brand-50 [&::-webkit-details-marker]:hidden"
      >
        <Icon name="user" className="size-6" />
      </summary>
      <div className="absolute end-0 top-full z-50 mt-2 w-56 rounded-xl border border-line bg-white p-2 shadow-lg">
        {user && <p className="truncate px-3 py-2 text-sm text-muted">أهلاً، {user.name}</p>}
        <AccountLinks user={user} place="desktop" />
      </div>
    </details>
  );
}
