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

/** An outside service's answer longer than the shop reads (readAnswer). */
export class AnswerTooLarge extends Error {
  override name = 'AnswerTooLarge';
}

/**
 * An outside service's answer as text, read to at most `maxBytes`: a longer one (said so by its
 * Content-Length, or found while reading) is stopped there and refused with AnswerTooLarge, so a
 * service gone wrong can never make the shop hold more than that in memory.
 */
export async function readAnswer(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new AnswerTooLarge(`the answer says ${declared} bytes, over ${maxBytes}`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new AnswerTooLarge(`the answer runs over ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
