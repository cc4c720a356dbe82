/** What page loaders share: reading the page number, keyword and colour filter of the address, and turning "no such record" into the 404 page. */
import { data } from 'react-router';
import { COLOR_NAME_MAX, KEYWORD_MAX } from '../../contracts/constants.ts';
import { IdSchema, removeControlCharacters } from '../../contracts/schemas.ts';
import { AppError } from '../../core/shared/errors.ts';

/** `?page=` as a page number; anything that is not a positive whole number is the first page. */
export function readPage(url: URL): number {
  const page = Number(url.searchParams.get('page'));
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

/** `?keyword=`, trimmed and cut where the API's schema stops. */
export function readKeyword(url: URL): string {
  // A search box forgives: control characters (a NUL byte PostgreSQL cannot take) are dropped.
  return removeControlCharacters(url.searchParams.get('keyword') ?? '').trim().slice(0, KEYWORD_MAX);
}

/** `?colorName=` of a listing's colour filter, trimmed and cut where the API's schema stops; undefined when blank. */
export function readColorName(url: URL): string | undefined {
  const name = removeControlCharacters(url.searchParams.get('colorName') ?? '').trim().slice(0, COLOR_NAME_MAX);
  return name || undefined;
}

/** The 404 page, for an address that names nothing. */
export function notFound(): never {
  throw data(null, { status: 404 });
}

/** The id of the address, or the 404 page: a malformed id names nothing. */
export function readId(id: string | undefined): string {
  const parsed = IdSchema.safeParse(id);
  if (!parsed.success) notFound();
  return parsed.data;
}

/** The record an address names, or the 404 page. */
export async function loadOr404<T>(id: string | undefined, load: (id: string) => Promise<T>): Promise<T> {
  const valid = readId(id);
  try {
    return await load(valid);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  }
}
