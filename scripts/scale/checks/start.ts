/** 1. Two processes started at once on an empty database: both ready, the demo shop made once. */
import type pg from 'pg';
import { DEMO_ACCOUNTS } from '../../../seed/demo.ts';
import { seedCategories, seedProducts } from '../../../seed/catalogue.ts';
import type { App } from '../apps.ts';
import { Client, describe } from '../client.ts';

/** The exit and the log's last line, from a crash as ServerProcess records it. */
export function lastLines(crash: string | undefined): string {
  if (!crash) return 'no answer';
  const lines = crash.split('\n').filter((line) => line.trim());
  return `${lines[0]}: ${lines.at(-1)}`;
}

export async function checkStartTogether(apps: App[], started: boolean[], db: pg.Pool): Promise<string[]> {
  const failures: string[] = [];
  apps.forEach((app, i) => {
    if (!started[i]) failures.push(`${app.name} did not start: ${lastLines(app.process.crashes.at(-1))}`);
  });
  for (const [i, app] of apps.entries()) {
    if (!started[i]) continue;
    const client = new Client(app.url);
    const ready = await client.send('GET', '/readyz');
    client.close();
    if (ready.status !== 200) failures.push(`${app.name} GET /readyz: ${describe(ready)}`);
  }
  const count = async (sql: string, params: unknown[] = []) => Number((await db.query<{ n: string }>(sql, params)).rows[0]!.n);
  const products = await count('select count(*) as n from products');
  const categories = await count('select count(*) as n from categories');
  const admins = await count('select count(*) as n from users where phone = $1', [DEMO_ACCOUNTS[0].phone]);
  if (products !== seedProducts.length) failures.push(`${products} products, one demo seed makes ${seedProducts.length}`);
  if (categories !== seedCategories.length) failures.push(`${categories} categories, one demo seed makes ${seedCategories.length}`);
  if (admins !== 1) failures.push(`${admins} demo admins`);
  return failures;
}
