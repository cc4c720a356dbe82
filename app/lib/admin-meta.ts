/** Page metadata for admin screens: the title, and no indexing by search engines. */
import { STORE_NAME } from '../../contracts/constants.ts';

export function adminMeta(title: string) {
  return [{ title: `${title} | لوحة التحكم | ${STORE_NAME}` }, { name: 'robots', content: 'noindex' }];
}
