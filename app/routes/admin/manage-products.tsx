import { PackagePlus, Search, X } from 'lucide-react';
import { data, Form, Link, useFetcher } from 'react-router';
import { KEYWORD_MAX, PAGE_SIZE } from '../../../contracts/constants.ts';
import { MSG } from '../../../contracts/messages.ts';
import { IdSchema } from '../../../contracts/schemas.ts';
import { deleteProduct } from '../../../core/catalogue/product-edits.ts';
import { listProducts } from '../../../core/catalogue/products.ts';
import { AdminHeader } from '../../components/admin/admin-header.tsx';
import { DELETE_FETCHER, ProductAdminCard } from '../../components/admin/product-admin-card.tsx';
import { FormAlert } from '../../components/account/form-field.tsx';
import { Paginator } from '../../components/catalogue/paginator.tsx';
import { adminMeta } from '../../lib/admin-meta.ts';
import { fromAppError, readPageForm } from '../../lib/forms.server.ts';
import { readKeyword, readPage } from '../../lib/loaders.server.ts';
import { requireAdmin } from '../../lib/session.server.ts';
import { useActionToasts, type ActionResult } from '../../lib/toast.ts';
import type { Route } from './+types/manage-products';

export const meta = () => adminMeta('المنتجات');

/** As long as the shop's own search box allows (ProductsQuerySchema). */

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const page = readPage(url);
  const keyword = readKeyword(url);
  // No availability filter: the admin sees sold-out and switched-off products too.
  const result = await listProducts(context.db, { page, limit: PAGE_SIZE, keyword: keyword || undefined });
  return {
    keyword,
    page,
    numberOfPages: result.paginationResult.numberOfPages,
    products: result.data.map((p) => ({
      id: p.id,
      title: p.title,
      imageCover: p.imageCover,
      categoryName: p.category.name,
      price: p.price,
      priceAfterDiscount: p.priceAfterDiscount,
      quantity: p.quantity,
      stock: p.stock,
      colors: p.colors.map(({ name, hex }) => ({ name, hex })),
      available: p.available,
      sale: p.sale,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const read = await readPageForm(request, context);
  if ('refusal' in read) return read.refusal;
  const form = read.form;
  const id = IdSchema.safeParse(form.get('id'));
  if (form.get('intent') !== 'delete' || !id.success) {
    return data<ActionResult>({ ok: false, toast: { type: 'error', message: MSG.invalidValue } }, { status: 400 });
  }
  try {
    await deleteProduct(context.db, context.images, id.data);
  } catch (error) {
    return fromAppError(error);
  }
  return { ok: true, toast: { type: 'success', message: MSG.productDeleted } } satisfies ActionResult;
}

function SearchBox({ keyword }: { keyword: string }) {
  return (
    <Form method="get" role="search" className="flex gap-2">
      <label htmlFor="admin-products-keyword" className="sr-only">
        ابحث في المنتجات
      </label>
      <input
        id="admin-products-keyword"
        type="search"
        name="keyword"
        defaultValue={keyword}
        key={keyword}
        maxLength={KEYWORD_MAX}
        placeholder="اسم المنتج، التصنيف أو الباركود"
        className="min-h-11 min-w-0 flex-1 rounded-lg border border-line bg-white px-3 focus:border-brand-500"
      />
      <button type="submit" className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-lg bg-brand-600 px-4 font-bold text-white hover:bg-brand-700">
        <Search aria-hidden className="size-5" />
        بحث
      </button>
    </Form>
  );
}

export default function ManageProductsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { keyword, page, numberOfPages, products } = loaderData;
  // Deletes with JavaScript go through the cards' shared fetcher; without it the page itself posts.
  const deletion = useFetcher<typeof action>({ key: DELETE_FETCHER });
  useActionToasts(deletion.data);
  useActionToasts(actionData);

  return (
    <>
      <AdminHeader title="المنتجات" action={{ to: '/admin/add-product', label: 'إضافة منتج', icon: PackagePlus }} />
      <div className="mb-5 flex flex-col gap-3">
        <SearchBox keyword={keyword} />
        {keyword && (
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>
              نتائج البحث عن: <bdi className="font-semibold">«{keyword}»</bdi>
            </span>
            <Link to="/admin/manage-products" className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-600 underline underline-offset-4">
              <X aria-hidden className="size-4" />
              عرض كل المنتجات
            </Link>
          </p>
        )}
        <FormAlert message={actionData?.toast?.type === 'error' ? actionData.toast.message : undefined} />
        <FormAlert tone="success" message={actionData?.ok ? actionData.toast?.message : undefined} />
      </div>

      {products.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl bg-surface p-8 text-center">
          <p className="text-lg text-muted">
            {keyword ? 'لا توجد منتجات تطابق بحثك.' : page > 1 ? 'لا توجد منتجات في هذه الصفحة.' : 'لا توجد منتجات حتى الآن.'}
          </p>
          {!keyword && page === 1 ? (
            <Link to="/admin/add-product" className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700">
              أضف أول منتج
            </Link>
          ) : (
            <Link to="/admin/manage-products" className="inline-flex min-h-11 items-center font-semibold text-brand-600 underline underline-offset-4">
              عرض كل المنتجات
            </Link>
          )}
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 2xl:grid-cols-3">
          {products.map((product) => (
            <li key={product.id} className="min-w-0">
              <ProductAdminCard product={product} />
            </li>
          ))}
        </ul>
      )}
      <Paginator currentPage={page} numberOfPages={numberOfPages} />
    </>
  );
}
