/** An outside service's answer is read to a limit (core/shared/outside-json.ts readAnswer), never held whole past it. */
import { describe, expect, it } from 'vitest';
import { AnswerTooLarge, readAnswer } from '../../core/shared/outside-json.ts';

/** An answer streamed in `chunks` pieces of `size` bytes, counting how many were pulled. */
function streamed(chunks: number, size: number) {
  const pulled = { n: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.n === chunks) return controller.close();
      pulled.n++;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
  });
  return { response: new Response(body), pulled };
}

describe('readAnswer', () => {
  it('reads an answer within the limit whole, Arabic included', async () => {
    expect(await readAnswer(new Response('{"message":"تم"}'), 100)).toBe('{"message":"تم"}');
    expect(await readAnswer(new Response(null, { status: 204 }), 100)).toBe('');
  });

  it('refuses an answer whose Content-Length is over the limit without reading it', async () => {
    const response = new Response('x'.repeat(2_000), { headers: { 'content-length': '2000' } });
    await expect(readAnswer(response, 1_000)).rejects.toBeInstanceOf(AnswerTooLarge);
  });

  it('stops reading an answer that runs over the limit, however long it would go on', async () => {
    const { response, pulled } = streamed(1_000_000, 1_024);
    await expect(readAnswer(response, 64 * 1_024)).rejects.toBeInstanceOf(AnswerTooLarge);
    // Stopped a chunk past the limit, not a gigabyte later.
    expect(pulled.n).toBeLessThan(70);
  });

  it('reads an answer exactly at the limit', async () => {
    const { response } = streamed(4, 256);
    expect((await readAnswer(response, 1_024)).length).toBe(1_024);
  });
});
