import { describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { fileBytes, readUploadForm } from '../../app/lib/forms.server.ts';

/** A multipart post as a browser sends it, with the length it declares (or none). */
async function post(form: FormData, declaredLength?: number | null): Promise<Request> {
  const encoded = new Request('http://shop.test/admin/add-category', { method: 'POST', body: form });
  const body = await encoded.arrayBuffer();
  const headers = new Headers({ 'Content-Type': encoded.headers.get('Content-Type')! });
  const length = declaredLength === undefined ? body.byteLength : declaredLength;
  if (length !== null) headers.set('Content-Length', String(length));
  return new Request('http://shop.test/admin/add-category', { method: 'POST', body, headers });
}

function sample(): FormData {
  const form = new FormData();
  form.set('name', 'قمصان');
  form.set('image', new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' }));
  form.set('empty', new File([], ''));
  return form;
}

describe('reading an upload posted to a page', () => {
  it('gives the form and its files when the declared size is within the limit', async () => {
    const read = await readUploadForm(await post(sample()), 10_000);
    expect('form' in read).toBe(true);
    if (!('form' in read)) return;
    expect(read.form.get('name')).toBe('قمصان');
    expect(await fileBytes(read.form.get('image'))).toEqual(Buffer.from([1, 2, 3]));
    expect(await fileBytes(read.form.get('empty'))).toBeUndefined();
    expect(await fileBytes(read.form.get('name'))).toBeUndefined();
  });

  it.each([
    ['a body over the limit', 10, 413],
    ['a body that does not say its size', null, 411],
  ])('refuses %s before reading it', async (_, limitOrLength, status) => {
    const request = limitOrLength === null ? await post(sample(), null) : await post(sample());
    const read = await readUploadForm(request, limitOrLength ?? 10_000);
    expect('refusal' in read).toBe(true);
    if (!('refusal' in read)) return;
    expect(read.refusal.init?.status).toBe(status);
    expect(read.refusal.data).toEqual({ ok: false, toast: { type: 'error', message: MSG.payloadTooLarge } });
    expect(request.bodyUsed).toBe(false);
  });
});
