/** Page metadata for the shopper's account pages: the title, what the page is for, and no indexing by search engines. */
import type { MetaDescriptor } from 'react-router';

export function accountMeta(title: string, description?: string): MetaDescriptor[] {
  return [{ title }, ...(description ? [{ name: 'description', content: description }] : []), { name: 'robots', content: 'noindex' }];
}
