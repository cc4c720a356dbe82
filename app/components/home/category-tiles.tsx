import { Link } from 'react-router';
import { IMAGE_VARIANTS } from '../../../contracts/constants.ts';
import { categoryImage } from '../../lib/images.ts';
import { useImagesUrl } from '../../lib/root-data.ts';

export interface CategoryTile {
  id: string;
  name: string;
  image: string;
}

/** Up to three category tiles under the banner: image, name and "shop now" (SPEC.md §2 "Home"). */
export function CategoryTiles({ categories }: { categories: CategoryTile[] }) {
  const imagesUrl = useImagesUrl();
  if (categories.length === 0) return null;
  const { width, height } = IMAGE_VARIANTS.card;
  return (
    <section aria-labelledby="home-categories" className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <h2 id="home-categories" className="mb-4 text-xl font-bold lg:text-center lg:text-2xl">
        تسوق حسب القسم
      </h2>
      <ul className="grid grid-cols-3 gap-2 sm:gap-4 lg:mx-auto lg:max-w-4xl lg:gap-6">
        {categories.map((category) => {
          const image = categoryImage(category.image, imagesUrl);
          return (
            <li key={category.id}>
              <Link
                to={`/category/${category.id}`}
                // One cell for the picture, the name and the button, the last two at its bottom over a shade (::after).
                className="group grid grid-rows-[1fr_auto_auto] justify-items-center overflow-hidden rounded-xl bg-surface text-center ring-1 ring-line transition-shadow after:col-start-1 after:row-span-3 after:row-start-1 after:z-1 after:h-1/2 after:w-full after:self-end after:bg-linear-to-t after:from-ink/85 after:to-transparent after:content-[''] hover:shadow-lg"
              >
                <img
                  src={image.src}
                  srcSet={`${image.thumb} ${IMAGE_VARIANTS.thumb.width}w, ${image.src} ${width}w`}
                  sizes="(min-width: 1024px) 280px, 31vw"
                  width={width}
                  height={height}
                  alt=""
                  // Under the banner on every width: fetched at once, without passing the first product image (home.tsx).
                  loading="eager"
                  decoding="async"
                  className="col-start-1 row-span-3 row-start-1 aspect-[417/555] h-auto w-full object-cover transition-transform duration-300 group-hover:scale-105"
                />
                <span className="z-10 col-start-1 row-start-2 mb-1 px-1 text-base font-bold text-white sm:text-xl">{category.name}</span>
                <span className="z-10 col-start-1 row-start-3 mb-2 inline-flex min-h-8 items-center rounded-full bg-white px-3 text-xs font-semibold text-ink sm:mb-4 sm:min-h-10 sm:px-5 sm:text-sm">
                  تسوق الآن
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
