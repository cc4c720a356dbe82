/**
 * Copies a local uploads folder (default DATA_DIR/uploads) to the bucket the shop is configured
 * with (S3_BUCKET and the other S3_* settings), with the images' content type and cache lifetime.
 * An object already in the bucket with the same size is left as it is, so a second run copies
 * nothing; nothing is removed from the folder or the bucket.
 *
 * Usage: npm run migrate-uploads [-- <uploads folder>]
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { localImageStore, openImageStore, readStoredImage, type ImageFolder, type ImageStore } from '../core/catalogue/images.ts';
import { loadConfig } from '../server/config.ts';
import { run } from './lib.ts';

const FOLDERS: ImageFolder[] = ['products', 'categories'];

export interface MigrationReport {
  copied: number;
  skipped: number;
}

/** Copies every image file of `from` that `to` lacks, or holds at another size; says each folder's counts through `log`. */
export async function migrateUploads(from: ImageStore, to: ImageStore, log: (line: string) => void = () => {}): Promise<MigrationReport> {
  const report: MigrationReport = { copied: 0, skipped: 0 };
  for (const folder of FOLDERS) {
    const [local, stored] = await Promise.all([from.list(folder), to.list(folder)]);
    // Dot files are the local store's writes in progress, never an image.
    const files = [...local].filter(([name]) => !name.startsWith('.'));
    let copied = 0;
    for (const [name, size] of files) {
      if (stored.get(name) === size) continue;
      const data = await readStoredImage(from, folder, name);
      if (!data) continue;
      await to.put(folder, name, data);
      copied += 1;
    }
    log(`${folder}: ${copied} copied, ${files.length - copied} already in the bucket`);
    report.copied += copied;
    report.skipped += files.length - copied;
  }
  return report;
}

async function main() {
  const config = loadConfig();
  if (!config.images.s3) throw new Error('S3_BUCKET is not set: there is no bucket to copy the images to.');
  const folder = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'uploads'));
  if (!existsSync(folder)) throw new Error(`${folder} does not exist: give the uploads folder to copy (npm run migrate-uploads -- <folder>).`);
  const bucket = await openImageStore({ uploadsDir: folder, s3: config.images.s3 });
  console.log(`Copying ${folder} to the bucket ${config.images.s3.bucket}...`);
  const report = await migrateUploads(localImageStore(folder), bucket, (line) => console.log(`  ${line}`));
  console.log(`Done: ${report.copied} file(s) copied, ${report.skipped} already there.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) run(main);
