/**
 * The demo shop's pictures, drawn from garments.ts. Their file names say what they show
 * (`demo-eg-ts-1001-back.webp`), so the seed stores rows naming them before any is drawn: the
 * shop opens at once, the pictures are drawn behind it, one a visitor asks for first is drawn
 * on the spot, and a later start draws whatever an interrupted one left undrawn.
 */
import { arrayOverlaps, desc, inArray, or } from 'drizzle-orm';
import sharp from 'sharp';
import { IMAGE_VARIANTS } from '../contracts/index.ts';
import { imageVariantNames, type ImageFolder, type ImageStore } from '../core/catalogue/images.ts';
import type { Db } from '../db/client.ts';
import { categories, orderItems, products } from '../db/schema.ts';
import { seedCategories, seedProducts, type SeedCategory, type SeedProduct } from './catalogue.ts';
import { drawCategoryTile, drawGarment, type GarmentStyle } from './garments.ts';

const PREFIX = 'demo-';
const FOLDERS: ImageFolder[] = ['products', 'categories'];
const VIEWS = ['front', 'back', 'detail'] as const;

/** The views of each colour of a demo product with colours: few, since each is drawn for every colour. */
const COLOUR_VIEWS = ['front', 'back'] as const;

/**
 * The pictures of each colour of a demo product, in the product's order of colours: its views,
 * named by the colour's hex (`demo-eg-sw-1005-6d1f2f-back.webp`). None without colours.
 */
export function colourPictureNames(item: SeedProduct): string[][] {
  return (item.colours ?? []).map((colour) => COLOUR_VIEWS.map((view) => `${PREFIX}${item.barcode.toLowerCase()}-${colour.hex.slice(1)}-${view}.webp`));
}

/**
 * The pictures of a demo product, cover first: one to three views, as its catalogue entry says;
 * with colours, the first colour's front as the cover, then every colour's pictures.
 */
export function productPictureNames(item: SeedProduct): string[] {
  const views = item.colours ? VIEWS.slice(0, 1) : VIEWS.slice(0, Math.max(1, Math.min(VIEWS.length, item.images)));
  return [...views.map((view) => `${PREFIX}${item.barcode.toLowerCase()}-${view}.webp`), ...colourPictureNames(item).flat()];
}

export function categoryPictureName(category: SeedCategory): string {
  return `${PREFIX}${category.key}.webp`;
}

interface Artwork {
  folder: ImageFolder;
  /** The card-size file name, as the rows hold it. */
  name: string;
  draw: () => string;
}

/** Every demo picture by `<folder>/<card name>`; the SVG is written only when drawn. */
const ARTWORK = new Map<string, Artwork>();
for (const category of seedCategories) {
  const name = categoryPictureName(category);
  ARTWORK.set(`categories/${name}`, { folder: 'categories', name, draw: () => drawCategoryTile(category.garment, category.colour) });
}
for (const item of seedProducts) {
  const add = (name: string, style: GarmentStyle) => ARTWORK.set(`products/${name}`, { folder: 'products', name, draw: () => drawGarment(item.garment, style) });
  const { colour, accent, pattern, colours } = item;
  if (colours) {
    // The cover shows the first colour (the product's own) from the front, as that colour's front picture does.
    add(productPictureNames(item)[0]!, { colour, accent, pattern, view: 'front' });
    colourPictureNames(item).forEach((names, k) => names.forEach((name, i) => add(name, { colour: colours[k]!.hex, accent: colours[k]!.accent, pattern, view: COLOUR_VIEWS[i] })));
  } else {
    productPictureNames(item).forEach((name, i) => add(name, { colour, accent, pattern, view: VIEWS[i] }));
  }
}

/** The demo products' picture names, as products and order lines store them. */
const PRODUCT_ARTWORK = [...ARTWORK.values()].filter((art) => art.folder === 'products').map((art) => art.name);

/**
 * The work on one picture comes in two parts: the card and thumbnail, which listings show,
 * and the zoom, nine times a card's pixels, which only the product page's zoom and
 * high-density screens ask for.
 */
export type Part = 'small' | 'zoom';

interface Job {
  art: Artwork;
  part: Part;
  /** The files the part writes. */
  files: string[];
}

function partFiles(art: Artwork, part: Part): string[] {
  const names = imageVariantNames(art.name);
  return part === 'small' ? [names.card, names.thumb] : [names.zoom];
}

/**
 * The sizes and qualities uploads get (core/catalogue/images.ts), but each size is drawn as it is
 * instead of scaled down from the largest, and encoded with less effort: files about 6%
 * larger, encoded in 40% of the time.
 */
const WEBP_EFFORT = 2;
const QUALITY = { card: 78, thumb: 78, zoom: 82 } as const;

/** Renders an SVG just large enough to cover `width` x `height`, then crops it there. */
function renderCovering(svg: string, width: number, height: number) {
  const [, w = '0', h = '0'] = /^<svg [^>]*width="(\d+)" height="(\d+)"/.exec(svg) ?? [];
  const scale = Math.max(width / Number(w), height / Number(h));
  return sharp(Buffer.from(svg), { density: 72 * scale }).resize(width, height, { fit: 'cover', position: 'attention' });
}

async function drawPart(art: Artwork, part: Part): Promise<Buffer[]> {
  const svg = art.draw();
  if (part === 'zoom') {
    const { width, height } = IMAGE_VARIANTS.zoom;
    return [await renderCovering(svg, width, height).webp({ quality: QUALITY.zoom, effort: WEBP_EFFORT }).toBuffer()];
  }
  const { card, thumb } = IMAGE_VARIANTS;
  const { data, info } = await renderCovering(svg, card.width, card.height).raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  return Promise.all([
    sharp(data, raw).webp({ quality: QUALITY.card, effort: WEBP_EFFORT }).toBuffer(),
    sharp(data, raw).resize(thumb.width, thumb.height, { fit: 'cover' }).webp({ quality: QUALITY.thumb, effort: WEBP_EFFORT }).toBuffer(),
  ]);
}

/** One part of one demo picture, as a drawer is asked for it: `products/demo-eg-ts-1001-back.webp`. */
export interface PictureJob {
  /** `<folder>/<card name>`. */
  key: string;
  part: Part;
}

/**
 * Draws a part and puts its files in place; each appears whole or not at all. The server has it
 * done in a child process (server/picture-drawer.ts), whose drawing memory goes when it ends.
 */
export async function drawPicture(store: ImageStore, job: PictureJob): Promise<void> {
  const art = ARTWORK.get(job.key);
  if (!art) throw new Error(`No demo picture is called ${job.key}`);
  const images = await drawPart(art, job.part);
  await Promise.all(partFiles(art, job.part).map((file, i) => store.put(art.folder, file, images[i]!)));
}

/** Removes the files whose names start with one of `prefixes`, in both folders. */
async function removeFiles(store: ImageStore, prefixes: string[]): Promise<void> {
  await Promise.all(
    FOLDERS.flatMap((folder) =>
      prefixes.map(async (prefix) => {
        const files = await store.list(folder, prefix);
        await store.remove(folder, [...files.keys()]);
      }),
    ),
  );
}

/**
 * Removes every demo picture file. Seeding calls it on an empty database, where pictures left
 * from an earlier demo belong to no row and may show an older drawing under the same name.
 */
export async function removeDemoPictures(store: ImageStore): Promise<void> {
  await removeFiles(store, [PREFIX, `.${PREFIX}`]);
}

export interface DemoPictures {
  /** How many parts are still to draw. */
  readonly waiting: number;
  /**
   * When `url` asks for a demo picture not drawn yet, draws it now; resolves once the file is
   * there. Any other URL resolves at once.
   */
  drawRequested(url: string): Promise<void>;
  /**
   * Draws every part still missing, `concurrency` at a time: category tiles, then the cards and
   * thumbnails of the newest products first, zooms last. On abort it finishes the parts in hand
   * and stops.
   */
  drawAll(options: { concurrency: number; signal?: AbortSignal }): Promise<void>;
}

/**
 * The demo pictures that rows name but whose files are missing: all of them after seeding,
 * the rest after an interrupted start, none once drawn. A demo product deleted since has its
 * pictures drawn only where an order still shows its cover. `draw` draws one part (by default
 * here, with drawPicture).
 */
export async function findMissingPictures(
  db: Db,
  store: ImageStore,
  draw: (job: PictureJob) => Promise<void> = (job) => drawPicture(store, job),
): Promise<DemoPictures> {
  // Only rows that name a demo picture: a shop's own products and orders may number millions.
  const [productRows, categoryRows, orderedRows] = await Promise.all([
    db
      .select({ imageCover: products.imageCover, images: products.images })
      .from(products)
      .where(or(inArray(products.imageCover, PRODUCT_ARTWORK), arrayOverlaps(products.images, PRODUCT_ARTWORK)))
      .orderBy(desc(products.createdAt)),
    db.select({ image: categories.image }).from(categories),
    db.selectDistinct({ imageCover: orderItems.imageCover }).from(orderItems).where(inArray(orderItems.imageCover, PRODUCT_ARTWORK)),
  ]);
  const productPictures = [...productRows.flatMap((row) => [row.imageCover, ...row.images]), ...orderedRows.map((row) => row.imageCover)];
  const named = [
    ...categoryRows.map((row) => ARTWORK.get(`categories/${row.image}`)),
    ...new Set(productPictures.map((name) => ARTWORK.get(`products/${name}`))),
  ].filter((art) => art !== undefined);
  // A kill while a part was being written left its partial files (on the local disk); the part is drawn again.
  await removeFiles(store, [`.${PREFIX}`]);
  const present = new Map(await Promise.all(FOLDERS.map(async (folder) => [folder, await store.list(folder, PREFIX)] as const)));
  const jobs = (['small', 'zoom'] as const)
    .flatMap((part) => named.map((art): Job => ({ art, part, files: partFiles(art, part) })))
    .filter((job) => job.files.some((file) => !present.get(job.art.folder)!.has(file)));

  const byFile = new Map<string, Job>(jobs.flatMap((job) => job.files.map((file) => [`/${job.art.folder}/${file}`, job] as const)));
  const running = new Map<Job, Promise<void>>();
  const done = new Set<Job>();
  const start = (job: Job): Promise<void> => {
    if (done.has(job)) return Promise.resolve();
    let drawing = running.get(job);
    if (!drawing) {
      drawing = draw({ key: `${job.art.folder}/${job.art.name}`, part: job.part })
        .then(() => void done.add(job))
        .finally(() => running.delete(job));
      running.set(job, drawing);
    }
    return drawing;
  };

  return {
    get waiting() {
      return jobs.length - done.size;
    },
    async drawRequested(url) {
      const job = byFile.get(url.split(/[?#]/, 1)[0]!);
      if (job) await start(job);
    },
    async drawAll({ concurrency, signal }) {
      let next = 0;
      const worker = async () => {
        while (next < jobs.length && !signal?.aborted) await start(jobs[next++]!);
      };
      // Every worker settles before a failure is reported, so no file is still being written.
      const outcomes = await Promise.allSettled(Array.from({ length: concurrency }, worker));
      const failed = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
    },
  };
}
