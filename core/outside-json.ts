/** Reading JSON an outside service sent (Bosta, WhatsApp): no shape is trusted until checked. */

export type Json = Record<string, unknown>;

/** A JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string as it is, a finite number as its text, anything else ''. */
export function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}
