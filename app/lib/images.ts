/** URLs of a product image's stored sizes (core/catalogue/images.ts writes them), for `src`, `srcSet` and the zoom. */
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

function imageUrls(folder: 'products' | 'categories', name: string, imagesUrl: string): ProductImage {
  const base = `${imagesUrl}/${folder}/${name.replace(/\.webp$/, '')}`;
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

/**
 * A product image's sizes, at `imagesUrl`: '' for the shop's own address, or the CDN or public
 * bucket that serves them (IMAGES_PUBLIC_URL; components read it with useImagesUrl).
 */
export function productImage(name: string, imagesUrl = ''): ProductImage {
  return imageUrls('products', name, imagesUrl);
}

/** A category image's sizes, from its name or its path as the API gives it (`/categories/<name>`). */
export function categoryImage(path: string, imagesUrl = ''): ProductImage {
  return imageUrls('categories', path.replace(/^.*\/categories\//, ''), imagesUrl);
}
