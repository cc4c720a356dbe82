/**
 * The tags a page needs to be found and shared (issue 3 point 10): title, description,
 * canonical URL, OpenGraph and Twitter card. A link pasted into WhatsApp or Facebook shows the
 * image, the title and the description.
 */
import type { MetaDescriptor } from 'react-router';
import { IMAGE_VARIANTS, STORE_NAME } from '../../../contracts/constants.ts';

export interface SocialMeta {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  canonical: string;
  /** Absolute URL of a card-size product image (417x555). */
  image?: string;
  type?: 'website' | 'product';
  /** Search result pages are for people, not for search engines' indexes. */
  noindex?: boolean;
}

export function socialMeta({ title, description, canonical, image, type = 'website', noindex }: SocialMeta): MetaDescriptor[] {
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    ...(noindex ? [{ name: 'robots', content: 'noindex, follow' }] : []),
    { property: 'og:type', content: type },
    { property: 'og:site_name', content: STORE_NAME },
    { property: 'og:locale', content: 'ar_EG' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    ...(image
      ? [
          { property: 'og:image', content: image },
          { property: 'og:image:width', content: String(IMAGE_VARIANTS.card.width) },
          { property: 'og:image:height', content: String(IMAGE_VARIANTS.card.height) },
          { property: 'og:image:alt', content: title },
        ]
      : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    ...(image ? [{ name: 'twitter:image', content: image }] : []),
  ];
}

/** The meta of a page whose loader threw (the 404 page). */
export const notFoundMeta: MetaDescriptor[] = [{ title: 'Page Not Found' }, { name: 'robots', content: 'noindex' }];
