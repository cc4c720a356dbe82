import { List } from 'lucide-react';
import { useNavigation } from 'react-router';
import { MSG } from '../../../contracts/messages.ts';
import { getCategory, updateCategory } from '../../../core/catalogue/categories.ts';
import { AdminHeader } from '../../components/admin/admin-header.tsx';
import { categoryFailure, readCategoryForm } from '../../components/admin/category-form.server.ts';
import { CategoryForm, type CategoryActionData } from '../../components/admin/category-form.tsx';
import { adminMeta } from '../../lib/admin-meta.ts';
import { loadOr404 } from '../../lib/loaders.server.ts';
import { Ltr } from '../../lib/format.tsx';
import { requireAdmin } from '../../lib/session.server.ts';
import type { Route } from './+types/edit-category';

export const meta = () => adminMeta('تعديل تصنيف');

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const category = await loadOr404(params.id, (id) => getCategory(context.db, id));
  return { category: { id: category.id, name: category.name, image: category.image, productsCount: category.productsCount } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const { id } = await loadOr404(params.id, (id) => getCategory(context.db, id));
  const read = await readCategoryForm(request, context);
  if ('answer' in read) return read.answer;
  const { name, image, values } = read.form;
  try {
    await updateCategory(context.db, context.images, id, { name, image });
  } catch (error) {
    return categoryFailure(error, values);
  }
  const result: CategoryActionData = { ok: true, toast: { type: 'success', message: MSG.categoryUpdated } };
  return result;
}

export default function EditCategory({ loaderData, actionData }: Route.ComponentProps) {
  const { category } = loaderData;
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting' && navigation.formAction === `/admin/edit-category/${category.id}`;
  return (
    <>
      <AdminHeader
        title="تعديل تصنيف"
        subtitle={
          <>
            {category.name} · <Ltr>{category.productsCount}</Ltr> منتج
          </>
        }
        action={{ to: '/admin/manage-categories', label: 'كل التصنيفات', icon: List }}
      />
      <CategoryForm mode="edit" actionData={actionData} pending={pending} name={category.name} currentImage={category.image} />
    </>
  );
}
