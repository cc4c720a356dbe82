/** URLs of a product image's stored sizes (core/images.ts writes them), for `src`, `srcSet` and the zoom. */
import { IMAGE_VARIANTS } from '../../contracts/constants.ts';

export interface ProductImage {
  /** 417x555, what cards and the product page show. */
  src: string;
  /** 150x200, for cart lines, orders and thumbnails. */
  thumb: string;
  /** 1200x1800, for the hover zoom. */
  zoom: string;
  /** Lets a phone pick the smallest size that is sharp enough. */
  srcSet: string;
}

export function productImage(name: string, folder: 'products' | 'categories' = 'products'): ProductImage {
  const base = `/${folder}/${name.replace(/\.webp$/, '')}`;
  const { card, zoom, thumb } = IMAGE_VARIANTS;
  const src = `${base}${card.suffix}.webp`;
  const zoomSrc = `${base}${zoom.suffix}.webp`;
  const thumbSrc = `${base}${thumb.suffix}.webp`;
  return {
    src,
    thumb: thumbSrc,
    zoom: zoomSrc,
    srcSet: `${thumbSrc} ${thumb.width}w, ${src} ${card.width}w, ${zoomSrc} ${zoom.width}w`,
  };
}

/** The category image's path as the API gives it (`/categories/<name>`), in its sizes. */
export function categoryImage(path: string): ProductImage {
  return productImage(path.replace(/^\/categories\//, ''), 'categories');
}
