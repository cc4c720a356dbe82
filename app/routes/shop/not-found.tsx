/** Any path no other route knows: the 404 page of SPEC.md §2, answered with status 404. */
import { data, Link } from 'react-router';
import { STORE_NAME } from '../../../contracts/constants.ts';
import { loadAsDocument, SERVER_RENDERED } from '../../lib/server-rendered.ts';

export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: `Page Not Found | ${STORE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <p aria-hidden="true" className="text-7xl font-bold text-brand-500" dir="ltr">
        404
      </p>
      <h1 className="text-2xl font-bold" lang="en" dir="ltr">
        Page Not Found
      </h1>
      <p className="text-muted">الصفحة التي تبحث عنها غير موجودة أو تم نقلها.</p>
      <Link to="/" lang="en" className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700">
        Back To Home
      </Link>
    </section>
  );
}
