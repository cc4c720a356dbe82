/** 2. A product uploaded through one process is served by the other, from the bucket, with nothing in either data folder. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { App } from '../apps.ts';
import { Client, describe } from '../client.ts';
import { createProduct } from '../shop.ts';

/** Files (not folders) under `root`, relative to it. */
export function filesUnder(root: string): string[] {
  let entries;
  try {
    entries = readdirSync(root, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

export interface UploadedProduct {
  id: string;
  imageCover: string;
}

export async function checkPictureServedByOther(apps: [App, App], adminToken: string): Promise<{ failures: string[]; product?: UploadedProduct }> {
  const [one, other] = [new Client(apps[0].url), new Client(apps[1].url)];
  try {
    const product = await createProduct(one, adminToken, { title: 'قميص كتان التجربة', price: 350, sizes: ['m', 'l'], quantity: 40 });
    const failures: string[] = [];
    const picture = await other.send('GET', `/products/${product.imageCover}`);
    if (picture.status !== 200 || picture.headers['content-type'] !== 'image/webp') failures.push(`GET /products/${product.imageCover} on ${apps[1].name}: ${describe(picture)}`);
    for (const app of apps) {
      const files = filesUnder(path.join(app.dataDir, 'uploads'));
      if (files.length > 0) failures.push(`${files.length} file(s) in ${app.name}'s uploads, e.g. ${files[0]}`);
    }
    return { failures, product };
  } finally {
    one.close();
    other.close();
  }
}
