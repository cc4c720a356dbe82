import { List } from 'lucide-react';
import { isRouteErrorResponse, Link } from 'react-router';
import { MAX_PAGE_SIZE } from '../../../contracts/constants.ts';
import { MSG } from '../../../contracts/messages.ts';
import { listCategories } from '../../../core/catalogue/categories.ts';
import { readProductEdit } from '../../../core/catalogue/product-form.ts';
import { updateProduct } from '../../../core/catalogue/product-edits.ts';
import { getProduct } from '../../../core/catalogue/products.ts';
import { listStockMovements } from '../../../core/catalogue/stock.ts';
import { AdminHeader } from '../../components/admin/admin-header.tsx';
import { ProductForm, type ProductActionData } from '../../components/admin/product-form.tsx';
import { StockHistory, toStockMovementView } from '../../components/admin/stock-history.tsx';
import { readProductPost } from '../../components/admin/upload.server.ts';
import { adminMeta } from '../../lib/admin-meta.ts';
import { fromAppError } from '../../lib/forms.server.ts';
import { loadOr404 } from '../../lib/loaders.server.ts';
import { requireAdmin } from '../../lib/session.server.ts';
import { useActionToasts } from '../../lib/toast.ts';
import type { Route } from './+types/edit-product';

export const meta = () => adminMeta('تعديل منتج');

/** The latest changes of the stock shown under the form. */
const STOCK_HISTORY_SHOWN = 20;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [product, categories, history] = await Promise.all([
    loadOr404(params.id, (id) => getProduct(context.db, id)),
    listCategories(context.db, { page: 1, limit: MAX_PAGE_SIZE }),
    loadOr404(params.id, (id) => listStockMovements(context.db, id, { page: 1, limit: STOCK_HISTORY_SHOWN })),
  ]);
  const { createdAt: _created, updatedAt, ...editable } = product;
  return {
    product: { ...editable, category: { id: product.category.id }, version: updatedAt.toISOString() },
    categories: categories.data.map(({ id, name }) => ({ id, name })),
    stockHistory: { movements: history.data.map(toStockMovementView), more: history.paginationResult.numberOfPages > 1 },
  };
}

/** The form posted without JavaScript; with it the page sends the same form to the API. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const product = await loadOr404(params.id, (id) => getProduct(context.db, id));
  const read = await readProductPost(request, context, readProductEdit);
  if ('refusal' in read) return read.refusal;
  const { post, values } = read;
  try {
    await updateProduct(context.db, context.images, product.id, post.patch, post.uploads, admin.id, post.stockSeen);
  } catch (error) {
    return fromAppError(error, values);
  }
  return { ok: true, toast: { type: 'success', message: MSG.productUpdated } } satisfies ProductActionData;
}

export default function EditProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, categories, stockHistory } = loaderData;
  useActionToasts(actionData);
  return (
    <>
      <AdminHeader title="تعديل منتج" subtitle={product.title} action={{ to: '/admin/manage-products', label: 'كل المنتجات', icon: List }}>
        <Link
          to={`/product/${product.id}`}
          className="inline-flex min-h-11 items-center rounded-lg border border-brand-600 px-4 font-semibold text-brand-700 hover:bg-brand-50"
        >
          عرض في المتجر
        </Link>
      </AdminHeader>
      {/* A saved change reloads the product: the form starts again from what was stored. */}
      <ProductForm key={product.version} mode="edit" categories={categories} product={product} actionData={actionData} />
      <StockHistory movements={stockHistory.movements} more={stockHistory.more} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // The server logs its own errors (entry.server.tsx), without the parameters of a failed query.
  if (!notFound && typeof document !== 'undefined') console.error(error);
  return (
    <section className="flex flex-col items-start gap-4 rounded-xl border border-line bg-white p-6">
      <h1 className="text-2xl font-bold">{notFound ? MSG.productNotFound : 'حدث خطأ'}</h1>
      <p className="text-muted">{notFound ? 'ربما حُذف هذا المنتج أو أن الرابط غير صحيح.' : MSG.serverError}</p>
      <Link to="/admin/manage-products" className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700">
        العودة إلى المنتجات
      </Link>
    </section>
  );
}
