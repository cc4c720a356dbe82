/**
 * Uploaded images: trusted only after their bytes say they are an image, then re-encoded to
 * WebP (metadata dropped) in the sizes the pages use, under names that never change.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_VARIANTS, MAX_IMAGE_PIXELS, MAX_UPLOAD_BYTES, MSG } from '../contracts/index.ts';
import { AppError } from './errors.ts';

// libvips keeps the results of its last operations (50 MB and 20 open files by default, sharp's
// "cache" in its documentation) for a program that repeats them; every image here is new.
sharp.cache(false);

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

export type ImageFolder = 'products' | 'categories';

/** Where images live: one folder per kind, each served at /<folder>/<name>. */
export interface ImageStore {
  root: string;
  /**
   * Checks images and names them, but encodes and writes nothing: for a caller that writes
   * files of its own later. The demo seed stores its rows this way and draws their pictures
   * after the shop has opened, since drawing them took most of a first start.
   */
  deferWrites?: boolean;
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
  const dir = path.join(store.root, folder);
  await mkdir(dir, { recursive: true });
  await Promise.all(encoded.flatMap((image) => image.files.map((f) => writeFile(path.join(dir, f.name), f.data))));
  return encoded.map((image) => image.card);
}

/** Removes an image and its variants; a missing file is not an error. */
export async function removeImages(store: ImageStore, folder: ImageFolder, cardNames: string[]): Promise<void> {
  const dir = path.join(store.root, folder);
  await Promise.all(
    cardNames.flatMap((name) =>
      Object.values(imageVariantNames(path.basename(name))).map((file) => rm(path.join(dir, file), { force: true })),
    ),
  );
}
