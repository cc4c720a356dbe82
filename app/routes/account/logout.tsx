import { redirect } from 'react-router';
import { clearSessionCookie } from '../../lib/session.server.ts';
import type { Route } from './+types/logout';

/** Signing out is a POST (a link could be followed by a prefetch or a crawler); a GET just goes home. */
export function loader() {
  return redirect('/');
}

export function action({ context }: Route.ActionArgs) {
  return redirect('/', { headers: { 'Set-Cookie': clearSessionCookie(context) } });
}
