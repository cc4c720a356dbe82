/** Reading the admin's category form (multipart) in the page actions, with the same limits as the API. */
import { CategorySchema } from '../../../contracts/schemas.ts';
import { AppError } from '../../../core/shared/errors.ts';
import { fieldErrors, fileBytes, fromAppError, invalid, readPageForm } from '../../lib/forms.server.ts';
import type { AppLoadContext } from 'react-router';

type Answer = ReturnType<typeof invalid>;
export type CategoryForm = { name: string; image?: Buffer; values: { name: string } };

/** The name and the image of the posted form, or the answer that refuses it. Core decides whether an image is required. */
export async function readCategoryForm(request: Request, context: AppLoadContext): Promise<{ form: CategoryForm } | { answer: Answer }> {
  const read = await readPageForm(request, context);
  if ('refusal' in read) return { answer: read.refusal };
  const rawName = read.form.get('name');
  const values = { name: typeof rawName === 'string' ? rawName : '' };
  const parsed = CategorySchema.safeParse(values);
  if (!parsed.success) return { answer: invalid(fieldErrors(parsed.error.issues), values) };
  return { form: { name: parsed.data.name, image: await fileBytes(read.form.get('image')), values } };
}

/** Core's refusal as a form answer; a refused image (not an image, too big) belongs beside the image field. */
export function categoryFailure(error: unknown, values: CategoryForm['values']): Answer {
  if (error instanceof AppError && !error.fields?.length && (error.status === 413 || error.status === 415)) {
    return invalid({ image: error.message }, values);
  }
  return fromAppError(error, values);
}
