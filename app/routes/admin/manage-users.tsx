import { Link, useNavigation } from 'react-router';
import { PAGE_SIZE } from '../../../contracts/constants.ts';
import { UsersQuerySchema } from '../../../contracts/schemas.ts';
import { listUsers } from '../../../core/accounts/users.ts';
import { AdminHeader } from '../../components/admin/admin-header.tsx';
import { UserCard, type UserCardData } from '../../components/admin/user-card.tsx';
import { UserSearch } from '../../components/admin/user-search.tsx';
import { Spinner } from '../../components/account/spinner-button.tsx';
import { Paginator } from '../../components/catalogue/paginator.tsx';
import { adminMeta } from '../../lib/admin-meta.ts';
import { formatDate, Ltr } from '../../lib/format.tsx';
import { fieldErrors } from '../../lib/forms.server.ts';
import { requireAdmin } from '../../lib/session.server.ts';
import type { Route } from './+types/manage-users';

export const meta = () => adminMeta('المستخدمين');

const PATH = '/admin/manage-users';

/**
 * Twenty users a page, newest first. The phone search runs on the server over every user (the
 * original only filtered the page it had loaded), with the API's own query schema, so
 * Arabic-Indic digits, spaces and dashes are folded the same way on both doors.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const typed = params.get('phone') ?? '';
  const asked = UsersQuerySchema.safeParse({ page: params.get('page') ?? undefined, phone: typed });
  // A broken page number is a stale or hand-typed link: the first page is what was meant.
  const parsed = asked.success ? asked : UsersQuerySchema.safeParse({ phone: typed });
  if (!parsed.success) {
    const phoneError = fieldErrors(parsed.error.issues).phone;
    return { users: [], currentPage: 1, numberOfPages: 0, phone: typed, searched: true, phoneError, selfId: admin.id };
  }
  const { page, phone } = parsed.data;
  const result = await listUsers(context.db, { page, limit: PAGE_SIZE, phone });
  return {
    users: result.data.map(
      (u): UserCardData => ({
        id: u.id,
        name: u.name,
        phone: u.phone,
        role: u.role,
        createdAt: u.createdAt.toISOString(),
        joined: formatDate(u.createdAt),
      }),
    ),
    currentPage: page,
    numberOfPages: result.paginationResult.numberOfPages,
    phone: typed,
    // Only spaces or dashes fold to nothing: that is no search at all.
    searched: Boolean(phone),
    phoneError: undefined,
    selfId: admin.id,
  };
}

function EmptyState({ searched, phone, currentPage }: { searched: boolean; phone: string; currentPage: number }) {
  const frame = 'flex flex-col items-center gap-3 rounded-xl border border-line bg-surface px-4 py-10 text-center';
  const link = 'inline-flex min-h-11 items-center font-semibold text-brand-600 underline';
  if (currentPage > 1) {
    return (
      <div className={frame}>
        <p className="text-lg font-semibold">لا يوجد مستخدمين في هذه الصفحة</p>
        <Link to={searched ? `${PATH}?${new URLSearchParams({ phone })}` : PATH} className={link}>
          العودة إلى الصفحة الأولى
        </Link>
      </div>
    );
  }
  if (searched) {
    return (
      <div className={frame}>
        <p className="text-lg font-semibold">
          لا يوجد مستخدم يحتوي رقم هاتفه على <Ltr>{phone}</Ltr>
        </p>
        <Link to={PATH} className={link}>
          عرض كل المستخدمين
        </Link>
      </div>
    );
  }
  return <p className={`${frame} text-lg font-semibold`}>لا يوجد مُستخدمين حتى الآن</p>;
}

export default function ManageUsersPage({ loaderData }: Route.ComponentProps) {
  const { users, currentPage, numberOfPages, phone, searched, phoneError, selfId } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === PATH;
  // Only a submitted search spins the search button; paging spins the header.
  const searching = loading && navigation.formData !== undefined;

  return (
    <>
      <AdminHeader title="المستخدمين" subtitle="حسابات العملاء والمديرين، الأحدث أولاً.">
        {loading && <Spinner label="جاري تحميل المستخدمين" />}
      </AdminHeader>
      <UserSearch phone={phone} error={phoneError} pending={searching} />
      {!phoneError && searched && users.length > 0 && (
        <p role="status" className="mb-3 text-muted">
          نتائج البحث عن رقم يحتوي على <Ltr className="font-semibold text-ink">{phone}</Ltr>
        </p>
      )}
      {users.length === 0 ? (
        phoneError ? null : <EmptyState searched={searched} phone={phone} currentPage={currentPage} />
      ) : (
        <ul aria-label="المستخدمين" className="grid grid-cols-1 gap-3 md:grid-cols-2 2xl:grid-cols-3">
          {users.map((user) => (
            <li key={user.id}>
              <UserCard user={user} isSelf={user.id === selfId} />
            </li>
          ))}
        </ul>
      )}
      <Paginator currentPage={currentPage} numberOfPages={numberOfPages} />
    </>
  );
}
