/**
 * Reads the admin's multipart forms: text fields (repeated ones as arrays) and image files,
 * each held in memory up to the upload limit. A JSON body is accepted too, without files.
 */
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MAX_IMAGES_WITH_COLORS, MAX_UPLOAD_BYTES, MSG } from '../../contracts/index.ts';
import { AppError, fieldError } from '../../core/shared/errors.ts';

/** Bytes of one text field (the description's 200 characters and the stock's JSON fit many times over). */
const FIELD_MAX_BYTES = 10_000;

export interface UploadedForm {
  fields: Record<string, string | string[]>;
  files: Record<string, Buffer[]>;
}

/** Reads the form; files under names other than `fileFields` are refused. */
export async function readForm(request: FastifyRequest, fileFields: readonly string[]): Promise<UploadedForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null) return { fields: {}, files: {} };
    if (typeof body !== 'object' || Array.isArray(body)) throw new AppError(400, MSG.invalidJson);
    return { fields: body as Record<string, string | string[]>, files: {} };
  }
  const fields: Record<string, string | string[]> = {};
  const files: Record<string, Buffer[]> = {};
  // A product with colours may have 30 pictures; one more than that (and the cover) reaches core,
  // which refuses it with the count's own message, as it does a sixth picture without colours.
  const maxFiles = MAX_IMAGES_WITH_COLORS + 2;
  const parts = request.parts({
    limits: { fileSize: MAX_UPLOAD_BYTES, files: maxFiles, fields: 40, parts: maxFiles + 40, fieldSize: FIELD_MAX_BYTES },
  });
  try {
    for await (const part of parts) {
      const name = part.fieldname.replace(/\[\]$/, '');
      if (part.type === 'file') {
        if (!fileFields.includes(name)) {
          await part.toBuffer();
          throw fieldError(name, MSG.invalidValue);
        }
        const bytes = await part.toBuffer();
        if (bytes.length > 0) (files[name] ??= []).push(bytes);
      } else {
        // A field past its limit arrives cut short: refused, never stored cut.
        if (part.valueTruncated || part.fieldnameTruncated) throw new AppError(413, MSG.payloadTooLarge);
        const value = String(part.value);
        const existing = fields[name];
        fields[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, MSG.imageTooLarge);
    if (code === 'FST_FILES_LIMIT') throw fieldError('images', MSG.tooManyImages);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError(413, MSG.payloadTooLarge);
    throw new AppError(400, MSG.invalidJson);
  }
  return { fields, files };
}

/** The single file of a field, or undefined. */
export function singleFile(form: UploadedForm, name: string): Buffer | undefined {
  const list = form.files[name];
  if (list && list.length > 1) throw fieldError(name, MSG.tooManyImages);
  return list?.[0];
}
