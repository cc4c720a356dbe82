/**
 * The work that leaves memory behind runs in child processes of the server (decision 017): the
 * embedded database's first start (initdb, migrations, the demo seed) and drawing the demo
 * pictures. Both children are the server's own entry file, started here as the server starts
 * them, with the flag that gives them their role.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { DEMO_ACCOUNTS_FILE } from '../../seed/demo.ts';
import { copyEmbeddedTemplate, createEmbeddedTemplate, createInChild, embeddedFolder, isFirstStart } from '../../server/first-start.ts';
import { pictureDrawer } from '../../server/picture-drawer.ts';

const SERVER = { entry: path.resolve('server/main.ts'), execArgv: ['--import', 'tsx'] };
const root = mkdtempSync(path.join(tmpdir(), 'store-first-start-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs `work` with the environment variables `env` set, as the child reads its settings from them. */
async function withEnv<T>(env: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  try {
    return await work();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

async function productCount(dataDir: string): Promise<number> {
  const database = await openDatabase({ dataDir: embeddedFolder(dataDir) });
  try {
    return (await database.db.select({ n: count() }).from(products))[0]!.n;
  } finally {
    await database.close();
  }
}

// Each child loads the server from its TypeScript sources (tsx) before its work: slow on a busy machine.
describe('the first start', { timeout: 180_000 }, () => {
  it('creates the embedded database and seeds the demo shop in a child process', async () => {
    const dataDir = path.join(root, 'seeded');
    expect(isFirstStart(dataDir)).toBe(true);
    let stopped = false;
    await withEnv({ DATA_DIR: dataDir, SEED_DEMO: 'true' }, () => createInChild(() => (stopped = true), SERVER));
    expect(stopped).toBe(false);
    expect(isFirstStart(dataDir)).toBe(false);
    expect(await productCount(dataDir)).toBe(118);
    expect(Object.keys(JSON.parse(readFileSync(path.join(dataDir, DEMO_ACCOUNTS_FILE), 'utf8')) as object)).toEqual(['admin', 'customer']);
  });

  it('creates an empty shop when the demo is not wanted', async () => {
    const dataDir = path.join(root, 'empty');
    await withEnv({ DATA_DIR: dataDir, SEED_DEMO: 'false' }, () => createInChild(() => {}, SERVER));
    expect(isFirstStart(dataDir)).toBe(false);
    expect(await productCount(dataDir)).toBe(0);
  });

  it('stops with the server: the child ends, the demo all there or not at all', async () => {
    const dataDir = path.join(root, 'stopped');
    let stopped = false;
    const stopSoon = setTimeout(() => process.emit('SIGTERM', 'SIGTERM'), 3_000);
    try {
      await withEnv({ DATA_DIR: dataDir, SEED_DEMO: 'true' }, () => createInChild(() => (stopped = true), SERVER));
    } finally {
      clearTimeout(stopSoon);
    }
    expect(stopped).toBe(true);
    if (!isFirstStart(dataDir)) expect([0, 118]).toContain(await productCount(dataDir));
  });

  it('fails with a clear message when the child cannot create the database', async () => {
    // A data folder that is a file: the child cannot make its database folder there.
    const notAFolder = path.join(root, 'seeded', DEMO_ACCOUNTS_FILE);
    await withEnv({ DATA_DIR: notAFolder, SEED_DEMO: 'false' }, async () => {
      await expect(createInChild(() => {}, SERVER)).rejects.toThrow('Creating the embedded database failed (exit code 1).');
    });
  });
});

describe("the build's empty database", () => {
  const template = path.join(root, 'template');

  it('is copied into a new data folder, migrated, and the template stays as it was', async () => {
    await createEmbeddedTemplate(template);
    const dataDir = path.join(root, 'from-template');
    // A cluster whose creation was stopped halfway: no PG_VERSION yet.
    mkdirSync(embeddedFolder(dataDir), { recursive: true });
    writeFileSync(path.join(embeddedFolder(dataDir), 'half-made'), '');
    expect(isFirstStart(dataDir)).toBe(true);

    copyEmbeddedTemplate(embeddedFolder(dataDir), template);
    expect(isFirstStart(dataDir)).toBe(false);
    expect(existsSync(path.join(embeddedFolder(dataDir), 'half-made'))).toBe(false);
    expect(existsSync(`${embeddedFolder(dataDir)}.partial`)).toBe(false);
    // Every table is there (opening applies no migration, since the copy has them all).
    expect(await productCount(dataDir)).toBe(0);
    expect(existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
  });

  it('never replaces a database the data folder already has', async () => {
    const dataDir = path.join(root, 'from-template');
    writeFileSync(path.join(embeddedFolder(dataDir), 'kept'), '');
    copyEmbeddedTemplate(embeddedFolder(dataDir), template);
    expect(existsSync(path.join(embeddedFolder(dataDir), 'kept'))).toBe(true);
  });
});

describe('the demo pictures', () => {
  const uploads = path.join(root, 'uploads');

  it('are drawn by a child process, in the sizes the pages use', async () => {
    const drawer = pictureDrawer(uploads, SERVER);
    try {
      await Promise.all([drawer.draw({ key: 'categories/demo-tshirt.webp', part: 'small' }), drawer.draw({ key: 'categories/demo-tshirt.webp', part: 'zoom' })]);
    } finally {
      await drawer.close();
    }
    const size = async (name: string) => {
      const meta = await sharp(path.join(uploads, 'categories', name)).metadata();
      return [meta.format, meta.width, meta.height];
    };
    expect(await size('demo-tshirt.webp')).toEqual(['webp', 417, 555]);
    expect(await size('demo-tshirt-thumb.webp')).toEqual(['webp', 150, 200]);
    expect(await size('demo-tshirt-zoom.webp')).toEqual(['webp', 1200, 1800]);
  });

  it('answer a picture the child cannot draw with its reason, and a drawer let go starts again', async () => {
    const drawer = pictureDrawer(uploads, SERVER);
    try {
      await expect(drawer.draw({ key: 'products/not-a-demo-picture.webp', part: 'small' })).rejects.toThrow('No demo picture is called products/not-a-demo-picture.webp');
      await drawer.close();
      await drawer.draw({ key: 'products/demo-eg-ts-1001-front.webp', part: 'small' });
      expect(existsSync(path.join(uploads, 'products', 'demo-eg-ts-1001-front.webp'))).toBe(true);
    } finally {
      await drawer.close();
    }
  });
});
