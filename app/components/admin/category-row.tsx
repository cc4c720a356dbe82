/** One category in the admin list: its image, name, how many products use it, and edit and delete. */
import { Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { categoryImage } from '../../lib/images.ts';
import { useImagesUrl } from '../../lib/root-data.ts';
import { Ltr } from '../../lib/format.tsx';

export interface CategoryRowData {
  id: string;
  name: string;
  /** Image file name under /categories/. */
  image: string;
  productsCount: number;
}

const ICON_BUTTON = 'flex size-11 items-center justify-center rounded-lg border border-line bg-white';

/** The id of a row's delete control, so focus can come back to it when the confirmation closes. */
export const deleteControlId = (id: string) => `delete-${id}`;

export function CategoryRow({ category, deleteHref }: { category: CategoryRowData; deleteHref: string }) {
  const imagesUrl = useImagesUrl();
  return (
    <li className="flex items-center gap-3 py-3">
      <img
        src={categoryImage(category.image, imagesUrl).thumb}
        width={48}
        height={64}
        alt=""
        loading="lazy"
        className="h-16 w-12 shrink-0 rounded-md bg-surface object-cover"
      />
      <div className="min-w-0 flex-1">
        <h2 className="break-words font-semibold">
          <Link to={`/category/${category.id}`} className="hover:text-brand-600 hover:underline">
            {category.name}
          </Link>
        </h2>
        <p className="text-sm text-muted">
          {category.productsCount === 0 ? (
            'لا توجد منتجات'
          ) : (
            <>
              <Ltr>{category.productsCount}</Ltr> منتج
            </>
          )}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Link to={`/admin/edit-category/${category.id}`} aria-label={`تعديل التصنيف ${category.name}`} className={`${ICON_BUTTON} text-brand-700 hover:bg-brand-50`}>
          <Pencil aria-hidden="true" className="size-5" />
        </Link>
        <Link
          id={deleteControlId(category.id)}
          to={deleteHref}
          preventScrollReset
          aria-label={`حذف التصنيف ${category.name}`}
          aria-haspopup="dialog"
          className={`${ICON_BUTTON} text-sale hover:bg-red-50`}
        >
          <Trash2 aria-hidden="true" className="size-5" />
        </Link>
      </div>
    </li>
  );
}
