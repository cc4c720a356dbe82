import { List } from 'lucide-react';
import { useNavigation } from 'react-router';
import { MSG } from '../../../contracts/messages.ts';
import { createCategory } from '../../../core/catalogue/categories.ts';
import { AdminHeader } from '../../components/admin/admin-header.tsx';
import { categoryFailure, readCategoryForm } from '../../components/admin/category-form.server.ts';
import { CategoryForm, type CategoryActionData } from '../../components/admin/category-form.tsx';
import { adminMeta } from '../../lib/admin-meta.ts';
import { requireAdmin } from '../../lib/session.server.ts';
import type { Route } from './+types/add-category';

export const meta = () => adminMeta('إضافة تصنيف');

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const read = await readCategoryForm(request, context);
  if ('answer' in read) return read.answer;
  const { name, image, values } = read.form;
  try {
    await createCategory(context.db, context.images, { name, image });
  } catch (error) {
    return categoryFailure(error, values);
  }
  const result: CategoryActionData = { ok: true, toast: { type: 'success', message: MSG.categoryAdded } };
  return result;
}

export default function AddCategory({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting' && navigation.formAction === '/admin/add-category';
  return (
    <>
      <AdminHeader title="إضافة تصنيف" action={{ to: '/admin/manage-categories', label: 'كل التصنيفات', icon: List }} />
      <CategoryForm mode="add" actionData={actionData} pending={pending} />
    </>
  );
}
