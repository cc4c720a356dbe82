/**
 * The frame of every admin screen: the sidebar and the page. Only an admin gets past the
 * loader; everyone else goes to / (SPEC.md §6). Each child loader and action checks again,
 * because React Router runs them alongside this one.
 */
import { Outlet } from 'react-router';
import { AdminNav } from '../../components/admin/admin-nav.tsx';
import { requireAdmin } from '../../lib/session.server.ts';
import type { Route } from './+types/layout';

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return { admin: { name: admin.name } };
}

export default function AdminLayout() {
  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-4 px-4 py-4 sm:py-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-6">
      <AdminNav />
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
