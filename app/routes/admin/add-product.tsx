import { List } from 'lucide-react';
import { MAX_PAGE_SIZE } from '../../../contracts/constants.ts';
import { MSG } from '../../../contracts/messages.ts';
import { listCategories } from '../../../core/catalogue/categories.ts';
import { readNewProduct } from '../../../core/catalogue/product-form.ts';
import { createProduct } from '../../../core/catalogue/product-edits.ts';
import { AdminHeader } from '../../components/admin/admin-header.tsx';
import { ProductForm, type ProductActionData } from '../../components/admin/product-form.tsx';
import { readProductPost } from '../../components/admin/upload.server.ts';
import { adminMeta } from '../../lib/admin-meta.ts';
import { fromAppError } from '../../lib/forms.server.ts';
import { requireAdmin } from '../../lib/session.server.ts';
import { useActionToasts } from '../../lib/toast.ts';
import type { Route } from './+types/add-product';

export const meta = () => adminMeta('إضافة منتج');

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const categories = await listCategories(context.db, { page: 1, limit: MAX_PAGE_SIZE });
  return { categories: categories.data.map(({ id, name }) => ({ id, name })) };
}

/** The form posted without JavaScript; with it the page sends the same form to the API. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const read = await readProductPost(request, context, readNewProduct);
  if ('refusal' in read) return read.refusal;
  const { post, values } = read;
  try {
    await createProduct(context.db, context.images, post.fields, post.uploads, admin.id);
  } catch (error) {
    return fromAppError(error, values);
  }
  return { ok: true, toast: { type: 'success', message: MSG.productAdded } } satisfies ProductActionData;
}

export default function AddProductPage({ loaderData, actionData }: Route.ComponentProps) {
  useActionToasts(actionData);
  return (
    <>
      <AdminHeader title="إضافة منتج" subtitle="الصورة الأولى هي صورة الغلاف في المتجر." action={{ to: '/admin/manage-products', label: 'كل المنتجات', icon: List }} />
      <ProductForm mode="add" categories={loaderData.categories} actionData={actionData} />
    </>
  );
}
