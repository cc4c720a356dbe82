/**
 * The product form posted without JavaScript: the page action turns the posted form into the
 * form the page's script sends the API (upload.ts), then reads it as the API does
 * (core/catalogue/product-form.ts); the server has bounded the body already (server/page-bodies.ts).
 */
import type { AppLoadContext } from 'react-router';
import { AppError } from '../../../core/shared/errors.ts';
import type { ProductForm } from '../../../core/catalogue/product-form.ts';
import { fileBytes, invalid, readPageForm } from '../../lib/forms.server.ts';
import { readFormState, readProductFields } from './upload.ts';

/**
 * The posted product form read by `read` (readNewProduct or readProductEdit), with the values
 * sent, for the form to show them again; or the answer that refuses it, each field with the
 * first message of its own. The first chosen image is the cover, the others follow it (up to 30
 * with colours: the server bounds the body, core counts them); no image means the current ones
 * are kept, as in the API. The values carry every colour row and what the form showed, for the
 * form to draw them again as they were.
 */
export async function readProductPost<T>(request: Request, context: AppLoadContext, read: (form: ProductForm) => T) {
  const posted = await readPageForm(request, context);
  if ('refusal' in posted) return posted;
  const files = await Promise.all(posted.form.getAll('images').map(fileBytes));
  const [cover, ...others] = files.filter((file): file is Buffer => file !== undefined);
  const fields = readProductFields(posted.form);
  const values = { ...fields, ...readFormState(posted.form) };
  const form: ProductForm = { fields, files: { imageCover: cover && [cover], images: others.length ? others : undefined } };
  try {
    return { post: read(form), values };
  } catch (error) {
    if (!(error instanceof AppError && error.fields)) throw error;
    const errors: Record<string, string> = {};
    for (const field of error.fields) errors[field.path || 'form'] ??= field.msg;
    return { refusal: invalid(errors, values) };
  }
}
