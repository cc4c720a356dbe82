/**
 * The product form posted without JavaScript: the page action reads the same fields and files
 * the API reads, after refusing a body too large for five images and the text around them.
 */
import { MAX_PRODUCT_IMAGES, MAX_UPLOAD_BYTES } from '../../../contracts/constants.ts';
import { StockSchema } from '../../../contracts/schemas.ts';
import type { ProductUploads } from '../../../core/products.ts';
import { fileBytes, readUploadForm } from '../../lib/forms.server.ts';
import { readProductFields } from './upload.ts';

/** Every image at the limit, plus one more image's worth for the text fields and the multipart framing. */
const MAX_BODY_BYTES = (MAX_PRODUCT_IMAGES + 1) * MAX_UPLOAD_BYTES;

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
export async function readProductPost(request: Request) {
  const read = await readUploadForm(request, MAX_BODY_BYTES);
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
