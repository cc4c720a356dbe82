import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { localImageStore } from '../../core/catalogue/images.ts';
import { listProducts } from '../../core/catalogue/products.ts';
import { openDatabase } from '../../db/client.ts';
import { dumpEmbedded, latestDump, lockDataDir, restoreEmbedded } from '../../db/embedded.ts';
import { products } from '../../db/schema.ts';
import { createProductFixture } from '../fixtures/factories.ts';

const root = mkdtempSync(path.join(tmpdir(), 'store-embedded-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** What a second process trying to lock `dir` is told: 'taken', or the error's message. */
function lockFromAnotherProcess(dir: string): string {
  const script = `import { lockDataDir } from ${JSON.stringify(path.resolve('db/embedded.ts'))}; try { lockDataDir(${JSON.stringify(dir)}); console.log('taken'); } catch (e) { console.log(e.message); }`;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' }).stdout;
}

describe('data folder lock', () => {
  it('lets one process hold the folder and names it to a second', () => {
    const dir = path.join(root, 'locked');
    const release = lockDataDir(dir);
    // A second process trying the same folder is refused with a clear message.
    expect(lockFromAnotherProcess(dir)).toContain(`in use by another server (process ${process.pid})`);
    release();
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = path.join(root, 'stale');
    const lock = path.join(dir, 'server.lock');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    expect(Number(dead.stdout)).toBeGreaterThan(0);
    lockDataDir(dir)();
    writeFileSync(lock, dead.stdout);

    const release = lockDataDir(dir);
    // The lock is now this process's: it names it, and a second process is refused in its name.
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    expect(lockFromAnotherProcess(dir)).toContain(`in use by another server (process ${process.pid})`);
    release();
    expect(existsSync(lock)).toBe(false);
  });
});

describe('embedded dumps', () => {
  it('dumps the database and restores it into a new folder, keeping the old one', async () => {
    const dbDir = path.join(root, 'pglite');
    const backups = path.join(root, 'backups');
    const images = localImageStore(path.join(root, 'uploads'));
    const database = await openDatabase({ dataDir: dbDir });
    const product = await createProductFixture(database.db, images, { title: 'قميص لينين أبيض' });
    const file = await dumpEmbedded(database.pglite!, backups, 2);
    await database.db.delete(products);
    await database.close();
    expect(await latestDump(backups)).toBe(file);

    const previous = await restoreEmbedded(file, dbDir);
    expect(previous && existsSync(previous)).toBe(true);
    const restored = await openDatabase({ dataDir: dbDir });
    try {
      const page = await listProducts(restored.db, { page: 1, limit: 20, keyword: 'قميص لينين' });
      expect(page.data.map((p) => p.id)).toEqual([product.id]);
    } finally {
      await restored.close();
    }
  });

  it('keeps only the newest dumps', async () => {
    const backups = path.join(root, 'rolling');
    const database = await openDatabase({});
    try {
      const names = ['store-20260101T000000Z.sql', 'store-20260102T000000Z.sql', 'store-20260103T000000Z.sql'];
      await Promise.all(names.map((n) => import('node:fs/promises').then((fs) => fs.mkdir(backups, { recursive: true }).then(() => fs.writeFile(path.join(backups, n), '')))));
      const file = await dumpEmbedded(database.pglite!, backups, 2);
      expect(readdirSync(backups).sort()).toEqual([names[2], path.basename(file)]);
    } finally {
      await database.close();
    }
  });

  it('leaves the database untouched when a dump cannot be loaded', async () => {
    const dbDir = path.join(root, 'intact');
    const database = await openDatabase({ dataDir: dbDir });
    await createProductFixture(database.db, localImageStore(path.join(root, 'uploads2')));
    await database.close();
    const broken = path.join(root, 'broken.sql');
    writeFileSync(broken, 'create table oops (;');
    await expect(restoreEmbedded(broken, dbDir)).rejects.toThrow();
    const reopened = await openDatabase({ dataDir: dbDir });
    try {
      const [row] = await reopened.db.select({ n: count() }).from(products);
      expect(row!.n).toBe(1);
    } finally {
      await reopened.close();
    }
  });
});

describe('rolling backups of a running database', () => {
  it('leave the live database writable', async () => {
    const database = await openDatabase({});
    try {
      await dumpEmbedded(database.pglite!, path.join(root, 'live'), 5);
      const product = await createProductFixture(database.db, localImageStore(path.join(root, 'uploads3')));
      expect(product.id).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await database.close();
    }
  });
});
