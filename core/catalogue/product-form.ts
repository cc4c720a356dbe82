/**
 * The admin's product form, whichever door it comes through (the API's POST and PUT /products,
 * the add and edit pages posted without JavaScript). Each door reads its body into a
 * ProductForm (the API: server/plugins/uploads.ts; the pages: app/components/admin/upload.server.ts);
 * from there one reading, by the contract's schemas, gives what createProduct and updateProduct
 * take, or refuses the form with a 400 naming each field to fix.
 */
import type { z } from 'zod';
import {
  MSG,
  ProductFieldsSchema,
  ProductPatchSchema,
  StockSeenSchema,
  type ProductFields,
  type ProductPatch,
  type StockInput,
} from '../../contracts/index.ts';
import { AppError, fieldError, parseOrThrow } from '../shared/errors.ts';
import type { ProductUploads } from './product-edits.ts';

/** The form's file fields: the cover, and the other images after it. */
export const PRODUCT_FILE_FIELDS = ['imageCover', 'images'] as const;

export interface ProductForm {
  /** The text fields (a repeated one as an array), or the values of a JSON body. */
  fields: Record<string, unknown>;
  /** The images of each file field, in the order sent. */
  files: { imageCover?: Buffer[]; images?: Buffer[] };
}

export interface NewProduct {
  fields: ProductFields;
  uploads: ProductUploads;
}

export interface ProductEdit {
  patch: ProductPatch;
  uploads: ProductUploads;
  /** The pieces per size the admin's form showed before the edit, when it sent them. */
  stockSeen?: StockInput;
}

/** A new product's form: every field it needs (the cover is checked by createProduct). */
export function readNewProduct(form: ProductForm): NewProduct {
  const fields = readFields(ProductFieldsSchema, form.fields);
  return { fields, uploads: uploadsOf(form) };
}

/** An edit's form: the fields sent, and the stock the form showed when it says. */
export function readProductEdit(form: ProductForm): ProductEdit {
  const patch = readFields(ProductPatchSchema, form.fields);
  const { stockSeen } = parseOrThrow(StockSeenSchema, form.fields);
  return { patch, uploads: uploadsOf(form), stockSeen };
}

/**
 * The form's fields by `schema`. A colour's problem is reported on `colors` (API.md "Additions:
 * colours beside sizes"), whichever colour and part of it it is about, once per message.
 */
function readFields<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.infer<S> {
  try {
    return parseOrThrow(schema, fields);
  } catch (error) {
    if (!(error instanceof AppError) || !error.fields) throw error;
    const seen = new Set<string>();
    const flat = error.fields
      .map((field) => (field.path.startsWith('colors.') ? { ...field, path: 'colors' } : field))
      .filter((field) => {
        const key = `${field.path}\u0000${field.msg}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    throw new AppError(400, error.message, flat);
  }
}

/** One cover at most; no image at all keeps an edited product's current ones. */
function uploadsOf(form: ProductForm): ProductUploads {
  const covers = form.files.imageCover;
  if (covers && covers.length > 1) throw fieldError('imageCover', MSG.tooManyImages);
  return { imageCover: covers?.[0], images: form.files.images };
}
