/**
 * Uploaded images: trusted only after their bytes say they are an image, then re-encoded to
 * WebP (metadata dropped) in the sizes the pages use, under names that never change.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { IMAGE_CACHE_CONTROL, IMAGE_CONTENT_TYPE, IMAGE_VARIANTS, MAX_IMAGE_PIXELS, MAX_UPLOAD_BYTES, MSG } from '../../contracts/index.ts';
import { AppError } from '../shared/errors.ts';
import type { S3Settings } from './s3-images.ts';

// libvips keeps the results of its last operations (50 MB and 20 open files by default, sharp's
// "cache" in its documentation) for a program that repeats them; every image here is new.
sharp.cache(false);

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

export type ImageFolder = 'products' | 'categories';


/** A replaced or deleted image stays this long, for pages and caches that still name it (docs/decisions/019). */
export const DEFAULT_IMAGE_REMOVAL_GRACE_MS = 24 * 60 * 60_000;

/** A stored file as a reader gets it. */
export interface StoredImage {
  body: Readable;
  contentType: string;
  cacheControl: string;
  size: number;
  etag?: string;
}

/**
 * Where images live: one folder per kind, each served at /<folder>/<name>; a folder on the local
 * disk (localImageStore) or a bucket (core/catalogue/s3-images.ts). Storage out of reach is a 503 AppError.
 */
export interface ImageStore {
  readonly kind: 'local' | 's3';
  /** The local store's folder (holding products/ and categories/); undefined for a bucket. */
  readonly root?: string;
  /** How long a replaced or deleted image stays (default DEFAULT_IMAGE_REMOVAL_GRACE_MS). */
  readonly removalGraceMs?: number;
  /**
   * Checks images and names them, but encodes and writes nothing: for a caller that writes
   * files of its own later. The demo seed stores its rows this way and draws their pictures
   * after the shop has opened, since drawing them took most of a first start.
   */
  deferWrites?: boolean;
  /** Writes a file whole: a reader sees it complete or not at all. */
  put(folder: ImageFolder, file: string, data: Buffer): Promise<void>;
  /** The file, or undefined when there is none; with `ifNoneMatch` equal to its ETag, 'not-modified'. */
  get(folder: ImageFolder, file: string, ifNoneMatch?: string): Promise<StoredImage | 'not-modified' | undefined>;
  /** The files whose names start with `prefix`, with their sizes in bytes. */
  list(folder: ImageFolder, prefix?: string): Promise<Map<string, number>>;
  /** Removes files; a missing one is not an error. */
  remove(folder: ImageFolder, files: string[]): Promise<void>;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Images in a folder on this machine: `<root>/products`, `<root>/categories`. */
export function localImageStore(root: string, options: { removalGraceMs?: number } = {}): ImageStore {
  return {
    kind: 'local',
    root,
    removalGraceMs: options.removalGraceMs,
    async put(folder, file, data) {
      const dir = path.join(root, folder);
      await mkdir(dir, { recursive: true });
      // Written aside and renamed: a file is never seen half written.
      const partial = path.join(dir, `.${file}.partial`);
      await writeFile(partial, data);
      await rename(partial, path.join(dir, file));
    },
    async get(folder, file) {
      const where = path.join(root, folder, path.basename(file));
      try {
        const { size } = await stat(where);
        return { body: createReadStream(where), contentType: IMAGE_CONTENT_TYPE, cacheControl: IMAGE_CACHE_CONTROL, size };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async list(folder, prefix = '') {
      const dir = path.join(root, folder);
      const names = await readdir(dir).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      const found = new Map<string, number>();
      for (const name of names.filter((n) => n.startsWith(prefix))) {
        const info = await stat(path.join(dir, name)).catch(() => undefined);
        if (info?.isFile()) found.set(name, info.size);
      }
      return found;
    },
    async remove(folder, files) {
      await Promise.all(files.map((file) => rm(path.join(root, folder, path.basename(file)), { force: true })));
    },
  };
}

/** Where the shop keeps its images: a bucket when `s3` is set, else `<uploadsDir>`. */
export interface ImageStoreSettings {
  uploadsDir: string;
  s3?: S3Settings;
  removalGraceMs?: number;
}

/**
 * The shop's image store. The S3 client is imported only when a bucket is configured: a shop
 * on its local disk never loads it.
 */
export async function openImageStore(settings: ImageStoreSettings): Promise<ImageStore> {
  if (!settings.s3) return localImageStore(settings.uploadsDir, { removalGraceMs: settings.removalGraceMs });
  const { s3ImageStore } = await import('./s3-images.ts');
  return s3ImageStore(settings.s3, { removalGraceMs: settings.removalGraceMs });
}

/** A file's bytes, read whole from a store (undefined when it has none). */
export async function readStoredImage(store: ImageStore, folder: ImageFolder, file: string): Promise<Buffer | undefined> {
  const found = await store.get(folder, file);
  if (!found || found === 'not-modified') return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The signature of an image format we accept, read from the first bytes. */
function sniffFormat(bytes: Buffer): string | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (/^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6))) return 'gif';
  if (bytes.toString('latin1', 4, 8) === 'ftyp' && /^(avif|avis|heic|heix|mif1)$/.test(bytes.toString('latin1', 8, 12))) return 'avif';
  return undefined;
}

/** Refuses anything that is not a real, reasonably sized raster image. */
export async function checkImage(bytes: Buffer): Promise<void> {
  if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError(413, MSG.imageTooLarge);
  if (!sniffFormat(bytes)) throw new AppError(415, MSG.imageOnly);
  let format: string | undefined;
  let pixels = 0;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw new AppError(415, MSG.imageOnly);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new AppError(415, MSG.imageOnly);
  if (pixels === 0) throw new AppError(415, MSG.imageOnly);
  if (pixels > MAX_IMAGE_PIXELS) throw new AppError(413, MSG.imageTooManyPixels);
}

/** The variant file names of a stored image, derived from the card name. */
export function imageVariantNames(cardName: string): Record<keyof typeof IMAGE_VARIANTS, string> {
  const base = cardName.replace(/\.webp$/, '');
  return {
    card: `${base}${IMAGE_VARIANTS.card.suffix}.webp`,
    zoom: `${base}${IMAGE_VARIANTS.zoom.suffix}.webp`,
    thumb: `${base}${IMAGE_VARIANTS.thumb.suffix}.webp`,
  };
}

/** Encodes every variant of an already checked image; returns the files, nothing written. */
async function encodeVariants(bytes: Buffer, base: string): Promise<{ name: string; data: Buffer }[]> {
  const names = imageVariantNames(`${base}.webp`);
  return Promise.all(
    (Object.keys(IMAGE_VARIANTS) as (keyof typeof IMAGE_VARIANTS)[]).map(async (variant) => {
      const { width, height } = IMAGE_VARIANTS[variant];
      const data = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false })
        .rotate()
        .resize(width, height, { fit: 'cover', position: 'attention' })
        .webp({ quality: variant === 'zoom' ? 82 : 78, effort: 4 })
        .toBuffer();
      return { name: names[variant], data };
    }),
  );
}

const newImageBase = (folder: ImageFolder) => `${folder === 'products' ? 'p' : 'c'}-${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;

/**
 * Checks, encodes and stores images, all or none: a bad file among several leaves nothing
 * behind. Returns the card-size file name of each, in order.
 */
export async function storeImages(store: ImageStore, folder: ImageFolder, uploads: Buffer[]): Promise<string[]> {
  for (const bytes of uploads) await checkImage(bytes);
  if (store.deferWrites) return uploads.map(() => `${newImageBase(folder)}.webp`);
  const encoded = [];
  for (const bytes of uploads) {
    const base = newImageBase(folder);
    // A file whose header reads fine but whose data is cut short or corrupt fails only here.
    const files = await encodeVariants(bytes, base).catch(() => {
      throw new AppError(415, MSG.imageOnly);
    });
    encoded.push({ card: `${base}.webp`, files });
  }
  const cards = encoded.map((image) => image.card);
  try {
    await Promise.all(encoded.flatMap((image) => image.files.map((f) => store.put(folder, f.name, f.data))));
  } catch (error) {
    await removeImages(store, folder, cards).catch(() => {});
    throw error;
  }
  return cards;
}

/**
 * Removes an image and its variants at once; a missing file is not an error. For images no page
 * has named yet; the others wait out their grace period (core/catalogue/image-removals.ts).
 */
export async function removeImages(store: ImageStore, folder: ImageFolder, cardNames: string[]): Promise<void> {
  if (cardNames.length === 0) return;
  await store.remove(folder, cardNames.flatMap((name) => Object.values(imageVariantNames(path.basename(name)))));
}
