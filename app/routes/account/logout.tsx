import { redirect } from 'react-router';
import { clearSessionCookie, endRequestSession } from '../../lib/session.server.ts';
import type { Route } from './+types/logout';

/** Signing out is a POST (a link could be followed by a prefetch or a crawler); a GET just goes home. */
export function loader() {
  return redirect('/');
}

export async function action({ request, context }: Route.ActionArgs) {
  await endRequestSession(request, context);
  return redirect('/', { headers: { 'Set-Cookie': clearSessionCookie(context) } });
}
