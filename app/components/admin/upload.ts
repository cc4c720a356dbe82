/**
 * The product form's fields and files as the API and the page action both read them, and the
 * browser's upload to the REST API with real progress (fetch cannot report upload progress).
 */
import { SIZES } from '../../../contracts/constants.ts';
import { MSG } from '../../../contracts/messages.ts';
import { toAsciiDigits } from '../../../contracts/schemas.ts';

/** A colour row of the form as posted, by its place in the form (API.md "Additions: colours beside sizes"). */
export interface ColorRowValues {
  name: string;
  hex: string;
  /** The numbers of the colour's pictures as the form counts them, the cover being 1: "2 3". */
  pictures: string;
  /** Pieces per size, as typed. */
  stock: Record<string, string>;
  /** Pieces per size the edit form showed, for a stored colour. */
  seen: Record<string, string>;
}

/** The field names of a colour row's parts: `colors.0.name`, `stock.0.m`, `stockSeen.0.m`. */
export const colorField = (row: number, part: 'name' | 'hex' | 'images') => `colors.${row}.${part}`;
export const colorStockField = (row: number, size: string) => `stock.${row}.${size}`;
export const colorSeenField = (row: number, size: string) => `stockSeen.${row}.${size}`;
/** The number of colours the product had when the edit form was drawn (hidden), so clearing them all removes them. */
export const COLORS_BEFORE_FIELD = 'colorsBefore';

/** The first picture a colour may name: 1 is the cover, which shows every colour. */
export const FIRST_COLOR_PICTURE = 2;

/** The colour rows of a posted product form, in order, blank ones included. */
export function readColorRows(form: FormData): ColorRowValues[] {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const bySize = (field: (size: string) => string) =>
    Object.fromEntries(SIZES.filter((size) => form.has(field(size))).map((size) => [size, text(field(size)).trim()]));
  const rows: ColorRowValues[] = [];
  for (let row = 0; form.has(colorField(row, 'name')); row++) {
    rows.push({
      name: text(colorField(row, 'name')),
      hex: text(colorField(row, 'hex')),
      // Ticked pictures send a number each; without JavaScript one text field holds them all.
      pictures: form
        .getAll(colorField(row, 'images'))
        .filter((v): v is string => typeof v === 'string')
        .join(' ')
        .trim(),
      stock: bySize((size) => colorStockField(row, size)),
      seen: bySize((size) => colorSeenField(row, size)),
    });
  }
  return rows;
}

/**
 * The colours the rows give: blank rows at the end are none (the empty row the form offers
 * without JavaScript, or the last colour whose name was cleared to remove it); a blank row before
 * a named one stays, for the schema to ask its name.
 */
export function namedColorRows(rows: ColorRowValues[]): ColorRowValues[] {
  let end = rows.length;
  while (end > 0 && rows[end - 1]!.name.trim() === '') end--;
  return rows.slice(0, end);
}

/** Picture numbers typed or ticked ("2 3", "٢، ٣") as indexes of the product's images; a word that is no number stays, for the schema to refuse. */
function pictureIndexes(text: string): (number | string)[] {
  return text
    .split(/[\s,،]+/)
    .filter(Boolean)
    .map((word) => {
      const number = Number(toAsciiDigits(word));
      return Number.isSafeInteger(number) ? number - FIRST_COLOR_PICTURE : word;
    });
}

/**
 * The text fields of the product form, as the schemas in contracts/ expect them. Without colours
 * the form has a stock row per size (`stock.<size>`); only the chosen sizes' rows count, and they
 * become the `stock` field as JSON text, `{"m": "3"}`, which StockSchema reads. With colours
 * (`colors.<row>.name`, `.hex`, `.images`) the rows become `colors` as JSON, `[{name, hex, images}]`,
 * and their pieces (`stock.<row>.<size>`) the `stock` by colour name then size. What the edit form
 * showed (`stockSeen.…`) becomes `stockSeen` the same way, for the chosen sizes only: core refuses
 * a size the product no longer offers.
 */
export function readProductFields(form: FormData): Record<string, string | string[]> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const availableSizes = form.getAll('availableSizes').filter((v): v is string => typeof v === 'string');
  const chosen = (bySize: Record<string, string>) => Object.fromEntries(availableSizes.filter((size) => size in bySize).map((size) => [size, bySize[size]!]));
  const colours = namedColorRows(readColorRows(form));
  const hadColours = Number(text(COLORS_BEFORE_FIELD)) > 0;
  let colorFields: Record<string, string> = {};
  if (colours.length > 0) {
    const seen = colours.filter((row) => Object.keys(chosen(row.seen)).length > 0);
    colorFields = {
      colors: JSON.stringify(colours.map((row) => ({ name: row.name.trim(), hex: row.hex, images: pictureIndexes(row.pictures) }))),
      stock: JSON.stringify(Object.fromEntries(colours.map((row) => [row.name.trim(), chosen(row.stock)]))),
      ...(seen.length > 0 && { stockSeen: JSON.stringify(Object.fromEntries(seen.map((row) => [row.name.trim(), chosen(row.seen)]))) }),
    };
  } else {
    const perSize = (prefix: string) =>
      JSON.stringify(Object.fromEntries(availableSizes.filter((size) => form.has(`${prefix}.${size}`)).map((size) => [size, text(`${prefix}.${size}`).trim()])));
    const stockSeen = perSize('stockSeen');
    colorFields = {
      // An edited product whose colours were all cleared sells in one colour again.
      ...(hadColours && { colors: '[]' }),
      stock: perSize('stock'),
      ...(stockSeen !== '{}' && { stockSeen }),
    };
  }
  return {
    title: text('title'),
    description: text('description'),
    category: text('category'),
    price: text('price'),
    priceAfterDiscount: text('priceAfterDiscount'),
    ...colorFields,
    age: text('age'),
    season: text('season'),
    availableSizes,
    barcode: text('barcode'),
    sale: text('sale'),
    // A hidden "false" comes before the checkbox, so the last value is the switch's state.
    availability: String(form.getAll('availability').at(-1) ?? 'false'),
    returnable: String(form.getAll('returnable').at(-1) ?? 'false'),
  };
}

/**
 * What a refused plain post shows again besides its fields: every colour row by its place, and
 * the pieces the edit form showed of every size, chosen or not, so a size unticked and ticked
 * again between two tries keeps them.
 */
export function readFormState(form: FormData): { colorRows: ColorRowValues[]; flatSeen: Record<string, string> } {
  const flatSeen = Object.fromEntries(
    SIZES.filter((size) => typeof form.get(`stockSeen.${size}`) === 'string').map((size) => [size, String(form.get(`stockSeen.${size}`)).trim()]),
  );
  return { colorRows: readColorRows(form), flatSeen };
}

/** Pieces per size from the JSON text of a flat `stock` or `stockSeen`, as the form shows them; {} when unreadable or given by colour. */
export function stockTexts(json: unknown): Record<string, string> {
  if (typeof json !== 'string') return {};
  try {
    const parsed = JSON.parse(json) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const entries = Object.entries(parsed).filter(([, value]) => typeof value !== 'object');
    return Object.fromEntries(entries.map(([size, value]) => [size, String(value)]));
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
 * size's stock keeps its own key, "stock.m", so the message shows beside that size's row, and a
 * colour's size its colour's, "stock.كحلي.m"; what the edit form showed ("stockSeen.m") is hidden
 * in that row, so its message shows there too. A colour's message ("colors.1.name") shows on its
 * row, "colors.1"; the API names only "colors", shown on the colours section.
 */
export function errorsByField(errors: Record<string, string>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const [root = '', ...rest] = path.split('.');
    let field = root || 'form';
    if (root === 'stock' || root === 'stockSeen') field = ['stock', ...rest].join('.');
    else if (root === 'colors' && rest.length > 0) field = `colors.${rest[0]}`;
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
  // A colour an unshipped order holds cannot be removed: said beside the colours.
  if (result.status === 409 && message?.startsWith(MSG.colorInOpenOrders)) return { fields: { colors: message } };
  if (result.status === 413 || result.status === 415) return { fields: { images: message ?? MSG.imageOnly } };
  return { fields: {}, message: result.status === 0 || result.status >= 500 || !message ? MSG.serverError : message };
}
