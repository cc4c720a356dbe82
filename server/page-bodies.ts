/**
 * The bodies of the pages' form posts, read here before React Router sees them and bounded
 * while they arrive: a plain form (url-encoded, or multipart without files) up to
 * `formBytes`, each text field up to `fieldBytes`; an admin's multipart form with pictures up to
 * `uploadBytes`. A body past a limit is never held whole: reading stops at the limit and the
 * page's action gets no body and the refusal (app/lib/forms.server.ts `readPageForm`), so it shows
 * its form again with the message. Any other kind of body is refused the same way (415).
 */
import type { IncomingMessage } from 'node:http';
import { MAX_IMAGES_WITH_COLORS, MAX_UPLOAD_BYTES, MSG } from '../contracts/index.ts';

export interface PageBodyLimits {
  /** Bytes of one text field: the longest a page posts (an address, a review) fits many times over. */
  fieldBytes: number;
  /** Fields of one form, files included. */
  fields: number;
  /** A whole form without pictures. */
  formBytes: number;
  /** An admin's form with pictures: every picture at its limit and the text around them. */
  uploadBytes: number;
}

export const PAGE_BODY_LIMITS: PageBodyLimits = {
  fieldBytes: 8 * 1024,
  fields: 200,
  formBytes: 64 * 1024,
  // A product with colours may have 30 pictures besides its cover.
  uploadBytes: (MAX_IMAGES_WITH_COLORS + 1) * MAX_UPLOAD_BYTES,
};

export interface BodyRefusal {
  status: 413 | 415 | 400;
  message: string;
}

export type PageBody = { bytes?: Buffer; refused?: undefined } | { bytes?: undefined; refused: BodyRefusal };

const TOO_LARGE: BodyRefusal = { status: 413, message: MSG.payloadTooLarge };

/** What kind of form a Content-Type names, or undefined for anything else. */
function formKind(contentType: string | undefined): 'urlencoded' | 'multipart' | undefined {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') return 'urlencoded';
  if (type === 'multipart/form-data') return 'multipart';
  return undefined;
}

/** True when the request says it carries a body (a length above 0, or chunks). */
function hasBody(raw: IncomingMessage): boolean {
  const length = raw.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return raw.headers['transfer-encoding'] !== undefined;
}

/**
 * The body's bytes, or undefined once it passes `limit`: a declared length over it is refused
 * before a byte is read, and chunks stop being kept the moment they pass it (or the client
 * leaves). The rest is left unread; the answer closes the connection.
 */
function readAtMost(raw: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  if (Number(raw.headers['content-length'] ?? 0) > limit) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: Buffer | undefined) => {
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onGone);
      raw.off('aborted', onGone);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      chunks.length = 0;
      raw.pause();
      finish(undefined);
    };
    const onEnd = () => finish(Buffer.concat(chunks));
    // A client that left mid-body gets no answer anyway.
    const onGone = () => finish(undefined);
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('error', onGone);
    raw.on('aborted', onGone);
  });
}

/** A chosen file among the form's entries (a browser sends an empty one when none is chosen). */
const hasFiles = (form: FormData) => [...form.values()].some((value) => typeof value !== 'string' && value.size > 0);

/** The refusal a parsed form earns: too many fields, or a text field past its limit. */
function checkFields(entries: Iterable<[string, FormDataEntryValue]>, limits: PageBodyLimits, filesAllowed: boolean): BodyRefusal | undefined {
  let fields = 0;
  for (const [, value] of entries) {
    fields += 1;
    if (fields > limits.fields) return TOO_LARGE;
    if (typeof value === 'string') {
      if (Buffer.byteLength(value) > limits.fieldBytes) return TOO_LARGE;
    } else if (!filesAllowed && value.size > 0) return TOO_LARGE;
    else if (value.size > MAX_UPLOAD_BYTES) return { status: 413, message: MSG.imageTooLarge };
  }
  return undefined;
}

/**
 * Reads a page post's body within the limits. `mayUpload` is asked only for a multipart body
 * larger than a plain form (or of unknown length), or one holding a file: true lets an admin's
 * pictures through.
 */
export async function readPageBody(raw: IncomingMessage, mayUpload: () => Promise<boolean>, limits: PageBodyLimits = PAGE_BODY_LIMITS): Promise<PageBody> {
  if (!hasBody(raw)) return {};
  const kind = formKind(raw.headers['content-type']);
  if (!kind) return { refused: { status: 415, message: MSG.unsupportedMedia } };
  const declared = Number(raw.headers['content-length'] ?? NaN);
  let uploads = kind === 'multipart' && !(declared <= limits.formBytes) && (await mayUpload());
  const bytes = await readAtMost(raw, uploads ? limits.uploadBytes : limits.formBytes);
  if (!bytes) return { refused: TOO_LARGE };
  let refusal: BodyRefusal | undefined;
  if (kind === 'urlencoded') {
    refusal = checkFields(new URLSearchParams(bytes.toString('utf8')), limits, false);
  } else {
    try {
      const form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': raw.headers['content-type']! } }).formData();
      // A small form with a picture (a category's) is an upload too, if an admin sends it.
      if (!uploads && hasFiles(form)) uploads = await mayUpload();
      refusal = checkFields(form, limits, uploads);
    } catch {
      refusal = { status: 400, message: MSG.invalidJson };
    }
  }
  return refusal ? { refused: refusal } : { bytes };
}
