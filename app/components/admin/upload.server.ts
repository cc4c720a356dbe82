/**
 * The product form posted without JavaScript: the page action reads the same fields and files
 * the API reads; the server has bounded the body already (server/page-bodies.ts).
 */
import { StockSchema } from '../../../contracts/schemas.ts';
import type { ProductUploads } from '../../../core/products.ts';
import type { AppLoadContext } from 'react-router';
import { fileBytes, readPageForm } from '../../lib/forms.server.ts';
import { readProductFields } from './upload.ts';

export interface ProductPost {
  fields: Record<string, string | string[]>;
  uploads: ProductUploads;
  /** The pieces per size the edit form showed (see updateProduct); undefined when it showed none or they are unreadable. */
  stockSeen?: Record<string, number>;
}

/**
 * The posted product form, or the answer that refuses it. The first chosen image is the cover,
 * the others follow it; no image means the current ones are kept, as in the API.
 */
export async function readProductPost(request: Request, context: AppLoadContext) {
  const read = await readPageForm(request, context);
  if ('refusal' in read) return read;
  const files = await Promise.all(read.form.getAll('images').map(fileBytes));
  const [cover, ...others] = files.filter((file): file is Buffer => file !== undefined);
  const fields = readProductFields(read.form);
  const seen = fields.stockSeen === undefined ? undefined : StockSchema.safeParse(fields.stockSeen);
  const post: ProductPost = {
    fields,
    uploads: { imageCover: cover, images: others.length ? others : undefined },
    stockSeen: seen?.success ? seen.data : undefined,
  };
  return { post };
}
