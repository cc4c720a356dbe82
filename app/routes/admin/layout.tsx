/**
 * The frame of every admin screen: the sidebar and the page. Only an admin gets past the
 * loader; everyone else goes to / (SPEC.md §6). Each child loader and action checks again,
 * because React Router runs them alongside this one.
 */
import { Outlet, useLoaderData } from 'react-router';
import { countReturnsWaiting } from '../../../core/returns/return-options.ts';
import { AdminNav } from '../../components/admin/admin-nav.tsx';
import { requireAdmin } from '../../lib/session.server.ts';
import type { Route } from './+types/layout';

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return { admin: { name: admin.name }, waiting: { returns: await countReturnsWaiting(context.db) } };
}

export default function AdminLayout() {
  const { waiting } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-4 px-4 py-4 sm:py-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-6">
      <AdminNav waiting={waiting} />
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
