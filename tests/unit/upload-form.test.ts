import { describe, expect, it } from 'vitest';
import type { AppLoadContext } from 'react-router';
import { MSG } from '../../contracts/index.ts';
import { fileBytes, readPageForm } from '../../app/lib/forms.server.ts';

function post(form: FormData): Request {
  return new Request('http://shop.test/admin/add-category', { method: 'POST', body: form });
}

function sample(): FormData {
  const form = new FormData();
  form.set('name', 'قمصان');
  form.set('image', new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' }));
  form.set('empty', new File([], ''));
  return form;
}

const context = (formRefused?: AppLoadContext['formRefused']) => ({ formRefused }) as AppLoadContext;

describe('reading a form posted to a page', () => {
  it('gives the form and its files', async () => {
    const read = await readPageForm(post(sample()), context());
    expect('form' in read).toBe(true);
    if (!('form' in read)) return;
    expect(read.form.get('name')).toBe('قمصان');
    expect(await fileBytes(read.form.get('image'))).toEqual(Buffer.from([1, 2, 3]));
    expect(await fileBytes(read.form.get('empty'))).toBeUndefined();
    expect(await fileBytes(read.form.get('name'))).toBeUndefined();
  });

  it('answers the refusal the server made of the body, without reading one', async () => {
    const request = post(sample());
    const read = await readPageForm(request, context({ status: 413, message: MSG.payloadTooLarge }));
    expect('refusal' in read).toBe(true);
    if (!('refusal' in read)) return;
    expect(read.refusal.init?.status).toBe(413);
    expect(read.refusal.data).toEqual({ ok: false, toast: { type: 'error', message: MSG.payloadTooLarge } });
    expect(request.bodyUsed).toBe(false);
  });

  it('answers 400 for a body that is not a form', async () => {
    const request = new Request('http://shop.test/login', { method: 'POST', body: 'x', headers: { 'Content-Type': 'multipart/form-data; boundary=zz' } });
    const read = await readPageForm(request, context());
    expect('refusal' in read && read.refusal.init?.status).toBe(400);
  });
});
