/** Multipart bodies for `app.inject`, and a look into the uploads folder they fill. */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_IMAGE_REMOVAL_GRACE_MS, imageVariantNames, type ImageFolder, type ImageStore } from '../../core/catalogue/images.ts';

export interface FilePart {
  /** The form field, e.g. `imageCover` or `images`. */
  field: string;
  data: Buffer;
  filename?: string;
  contentType?: string;
}

export interface MultipartRequest {
  payload: Buffer;
  headers: { 'content-type': string };
}

/** Encodes text fields (an array repeats the field) and files as multipart/form-data. */
export async function multipart(fields: Record<string, string | string[]>, files: FilePart[] = []): Promise<MultipartRequest> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  for (const file of files) {
    form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.contentType ?? 'image/png' }), file.filename ?? `${file.field}.png`);
  }
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
}

/** The file names currently in an uploads folder, sorted. */
export async function listUploads(images: ImageStore, folder: ImageFolder): Promise<string[]> {
  return (await readdir(path.join(images.root!, folder))).sort();
}

/** A moment after the grace period of images replaced or deleted now (core/catalogue/image-removals.ts). */
export const afterGracePeriod = () => new Date(Date.now() + DEFAULT_IMAGE_REMOVAL_GRACE_MS + 60_000);

/** Every file stored for one uploaded image (its card name plus the other sizes), sorted. */
export function variantFiles(card: string): string[] {
  return Object.values(imageVariantNames(card)).sort();
}
