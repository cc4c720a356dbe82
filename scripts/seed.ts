/**
 * `npm run seed`: fills an empty database with the demo shop and draws its pictures (a start
 * of the server would draw any still missing), and gives the demo accounts new passwords, kept in
 * DATA_DIR/demo-accounts.json. `npm run seed -- --reset` first deletes everything (data and
 * uploaded images) - for development only.
 */
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { sql } from 'drizzle-orm';
import { openImageStore } from '../core/catalogue/images.ts';
import { demoAccountLines, isDatabaseEmpty, seedDemo } from '../seed/demo.ts';
import { findMissingPictures } from '../seed/pictures.ts';
import { run, scriptContext } from './lib.ts';

run(async () => {
  const ctx = scriptContext();
  const reset = process.argv.includes('--reset');
  const release = ctx.lock();
  const database = await ctx.open();
  try {
    if (reset) {
      await database.db.execute(
        sql`truncate table idempotency_keys, reviews, stock_movements, order_status_history, order_refunds, payment_callbacks, payment_attempts, order_items, orders, wishlist_items, cart_items, carts, product_stock, products, categories, users, sessions, newsletter_subscribers restart identity cascade`,
      );
      rmSync(ctx.uploadsDir, { recursive: true, force: true });
    } else if (!(await isDatabaseEmpty(database.db))) {
      console.log('The database already has data; nothing done. Use "npm run seed -- --reset" to replace it with the demo shop.');
      return;
    }
    // The bucket when S3_BUCKET is set; the demo seed replaces its own pictures there, nothing else.
    const images = await openImageStore({ ...ctx.config.images, uploadsDir: ctx.uploadsDir });
    // New random passwords for the demo accounts, kept in the data folder (and printed by `npm start`).
    const accounts = await seedDemo(database.db, images, { dataDir: ctx.config.dataDir });
    for (const line of demoAccountLines(accounts, ctx.config.dataDir)) console.log(line);
    const pictures = await findMissingPictures(database.db, images);
    await pictures.drawAll({ concurrency: availableParallelism() });
  } finally {
    await database.close();
    release();
  }
});
