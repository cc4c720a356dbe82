/**
 * The product form's fields and files as the API and the page action both read them, and the
 * browser's upload to the REST API with real progress (fetch cannot report upload progress).
 */
import { SIZES } from '../../../contracts/constants.ts';
import { MSG } from '../../../contracts/messages.ts';

/**
 * The text fields of the product form, as the schemas in contracts/ expect them. The form has a
 * stock row per size (`stock.<size>`); only the chosen sizes' rows count, and they become the
 * `stock` field as JSON text, `{"m": "3"}`, which StockSchema reads. `stockSeen.<size>` (the
 * pieces the edit form showed) becomes `stockSeen` the same way.
 */
export function readProductFields(form: FormData): Record<string, string | string[]> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const availableSizes = form.getAll('availableSizes').filter((v): v is string => typeof v === 'string');
  const perSize = (prefix: string, sizes: readonly string[]) =>
    JSON.stringify(Object.fromEntries(sizes.filter((size) => form.has(`${prefix}.${size}`)).map((size) => [size, text(`${prefix}.${size}`).trim()])));
  // What was seen is kept for every size, chosen or not, so a size unticked and ticked again between two tries keeps it.
  const stockSeen = perSize('stockSeen', SIZES);
  return {
    title: text('title'),
    description: text('description'),
    category: text('category'),
    price: text('price'),
    priceAfterDiscount: text('priceAfterDiscount'),
    stock: perSize('stock', availableSizes),
    ...(stockSeen !== '{}' && { stockSeen }),
    age: text('age'),
    season: text('season'),
    availableSizes,
    barcode: text('barcode'),
    sale: text('sale'),
    // A hidden "false" comes before the checkbox, so the last value is the switch's state.
    availability: String(form.getAll('availability').at(-1) ?? 'false'),
  };
}

/** Pieces per size from the JSON text of `stock` or `stockSeen`, as the form shows them; {} when unreadable. */
export function stockTexts(json: unknown): Record<string, string> {
  if (typeof json !== 'string') return {};
  try {
    const parsed = JSON.parse(json) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).map(([size, value]) => [size, String(value)]));
  } catch {
    return {};
  }
}

/** The form fields plus the images in API order: the first is the cover, the rest follow. */
export function toUploadBody(fields: Record<string, string | string[]>, images: File[]): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) body.append(name, item);
    else body.append(name, value);
  }
  const [cover, ...others] = images;
  if (cover) body.append('imageCover', cover, cover.name);
  for (const file of others) body.append('images', file, file.name);
  return body;
}

export interface UploadResult {
  status: number;
  /** The parsed JSON answer, or undefined when there was none. */
  body: unknown;
}

/**
 * Sends a multipart body with XMLHttpRequest, reporting the share of bytes sent (0 to 1). The
 * httpOnly session cookie goes with it, so the API knows the admin. A network failure resolves
 * with status 0.
 */
export function sendMultipart(url: string, method: 'POST' | 'PUT', body: FormData, onProgress: (share: number) => void): Promise<UploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.response ?? undefined });
    xhr.onerror = () => resolve({ status: 0, body: undefined });
    xhr.send(body);
  });
}

/** Field names of the API that the form shows under another field. */
const FIELD_OF: Record<string, string> = { imageCover: 'images' };

/**
 * Errors keyed by the form's fields: "availableSizes.1" is a message about the sizes group. A
 * size's stock keeps its own key, "stock.m", so the message shows beside that size's row; what
 * the edit form showed of a size ("stockSeen.m") is hidden in that row, so its message shows there too.
 */
export function errorsByField(errors: Record<string, string>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const [root, size] = path.split('.');
    const field = root === 'stock' || root === 'stockSeen' ? (size ? `stock.${size}` : 'stock') : root || 'form';
    fields[FIELD_OF[field] ?? field] ??= message;
  }
  return fields;
}

/** The API's error answer as form errors: field messages by field, and a message for the whole form. */
export function readApiErrors(result: UploadResult): { fields: Record<string, string>; message?: string } {
  const body = result.body as { errors?: { msg?: unknown; path?: unknown }[]; message?: unknown } | undefined;
  if (result.status === 400 && Array.isArray(body?.errors)) {
    const byPath: Record<string, string> = {};
    for (const error of body.errors) {
      if (typeof error.msg === 'string') byPath[typeof error.path === 'string' && error.path ? error.path : 'form'] ??= error.msg;
    }
    const { form, ...fields } = errorsByField(byPath);
    return { fields, message: form };
  }
  const message = typeof body?.message === 'string' ? body.message : undefined;
  if (result.status === 413 || result.status === 415) return { fields: { images: message ?? MSG.imageOnly } };
  return { fields: {}, message: result.status === 0 || result.status >= 500 || !message ? MSG.serverError : message };
}
