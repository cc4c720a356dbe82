import { FolderPlus } from 'lucide-react';
import { data, useNavigation, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import { MAX_PAGE_SIZE } from '../../../contracts/constants.ts';
import { MSG } from '../../../contracts/messages.ts';
import { IdSchema } from '../../../contracts/schemas.ts';
import { deleteCategory, listCategories } from '../../../core/catalogue/categories.ts';
import { FormAlert } from '../../components/account/form-field.tsx';
import { AdminHeader } from '../../components/admin/admin-header.tsx';
import { CategoryRow, deleteControlId } from '../../components/admin/category-row.tsx';
import { ConfirmDialog } from '../../components/admin/confirm-dialog.tsx';
import { Paginator } from '../../components/catalogue/paginator.tsx';
import { adminMeta } from '../../lib/admin-meta.ts';
import { readPage } from '../../lib/loaders.server.ts';
import { Ltr } from '../../lib/format.tsx';
import { fromAppError, readPageForm } from '../../lib/forms.server.ts';
import { requireAdmin } from '../../lib/session.server.ts';
import { useActionToasts, type ActionResult } from '../../lib/toast.ts';
import type { Route } from './+types/manage-categories';

export const meta = () => adminMeta('التصنيفات');

/** The question "delete this one?" lives in the address, so it works without JavaScript. */
const CONFIRM_PARAM = 'delete';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const page = readPage(new URL(request.url));
  // A shop has a few dozen categories: one long page, with paging only as a safety net.
  const list = await listCategories(context.db, { page, limit: MAX_PAGE_SIZE });
  return {
    categories: list.data.map(({ id, name, image, productsCount }) => ({ id, name, image, productsCount })),
    page,
    numberOfPages: list.paginationResult.numberOfPages,
  };
}

/** Opening or closing the confirmation changes only the address: the list is still fresh. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutQuestion = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(CONFIRM_PARAM);
    return params.toString();
  };
  return withoutQuestion(currentUrl) === withoutQuestion(nextUrl) ? false : defaultShouldRevalidate;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const read = await readPageForm(request, context);
  if ('refusal' in read) return read.refusal;
  const form = read.form;
  const id = IdSchema.safeParse(form.get('id'));
  if (form.get('intent') !== 'delete' || !id.success) {
    return data<ActionResult>({ ok: false, toast: { type: 'error', message: MSG.categoryNotFound } }, { status: 400 });
  }
  try {
    await deleteCategory(context.db, context.images, id.data);
  } catch (error) {
    return fromAppError(error);
  }
  const result: ActionResult = { ok: true, toast: { type: 'success', message: MSG.categoryDeleted } };
  return result;
}

export default function ManageCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, page, numberOfPages } = loaderData;
  useActionToasts(actionData);
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const deleting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'delete';

  const listParams = new URLSearchParams(params);
  listParams.delete(CONFIRM_PARAM);
  const listQuery = listParams.toString();
  const listHref = `/admin/manage-categories${listQuery ? `?${listQuery}` : ''}`;
  const confirmHref = (id: string) => {
    const withQuestion = new URLSearchParams(listParams);
    withQuestion.set(CONFIRM_PARAM, id);
    return `/admin/manage-categories?${withQuestion}`;
  };
  const target = categories.find((c) => c.id === params.get(CONFIRM_PARAM));

  return (
    <>
      <AdminHeader title="التصنيفات" subtitle={
          categories.length > 0 ? (
            <>
              <Ltr>{categories.length}</Ltr> تصنيف
            </>
          ) : undefined
        } action={{ to: '/admin/add-category', label: 'إضافة تصنيف', icon: FolderPlus }} />
      {actionData?.ok === false && (
        <div className="mb-4">
          <FormAlert message={actionData.toast?.message} />
        </div>
      )}
      {actionData?.ok && (
        <noscript>
          <div className="mb-4">
            <FormAlert tone="success" message={actionData.toast?.message} />
          </div>
        </noscript>
      )}
      {categories.length === 0 ? (
        <p className="rounded-xl border border-line bg-surface px-4 py-12 text-center text-lg font-semibold">لا توجد تصنيفات حتى الآن</p>
      ) : (
        <ul aria-label="قائمة التصنيفات" className="divide-y divide-line rounded-xl border border-line bg-white px-4">
          {categories.map((category) => (
            <CategoryRow key={category.id} category={category} deleteHref={confirmHref(category.id)} />
          ))}
        </ul>
      )}
      <Paginator currentPage={page} numberOfPages={numberOfPages > 1 ? numberOfPages : 0} />
      {target && (
        <ConfirmDialog
          title="حذف التصنيف"
          message={
            <>
              هل تريد حذف التصنيف «{target.name}»؟ لا يمكن التراجع عن الحذف.
              {target.productsCount > 0 && <span className="mt-2 block font-semibold text-sale">{MSG.categoryInUse}.</span>}
            </>
          }
          confirmLabel="نعم، احذف"
          action={listHref}
          fields={{ intent: 'delete', id: target.id }}
          cancelTo={listHref}
          pending={deleting}
          returnFocusTo={deleteControlId(target.id)}
        />
      )}
    </>
  );
}
