/** What a run prints at the end: its figures, each database fault's, then every check, OK or FAIL with its first failures. */
import type { Check, ShopFindings } from './check-shop.ts';
import type { Customers } from './customers.ts';
import type { PhaseReport } from './database-faults.ts';
import type { ServerProcess } from './server-process.ts';
import { CUSTOMERS } from './settings.ts';

export interface RunReport {
  onPostgres: boolean;
  tookMs: number;
  kills: number;
  server: ServerProcess;
  customers: Customers;
  findings: ShopFindings;
  faultReports: PhaseReport[];
  /** The shop's checks, then the fault phases'. */
  checks: Check[];
}

export function printSummary({ onPostgres, tookMs, kills, server, customers, findings, faultReports, checks }: RunReport): void {
  const engine = onPostgres ? 'PostgreSQL' : 'embedded PGlite';
  const ready = server.readyAfterMs.map((ms) => (ms / 1000).toFixed(1));
  console.log(`\nDurability check on ${engine}: ${CUSTOMERS} customers, ${(tookMs / 1000).toFixed(0)} s`);
  console.log(`  orders acknowledged ${customers.acknowledged.length}, orders found ${findings.ordersFound}`);
  console.log(`  kills ${kills}${onPostgres ? '' : `, stale locks taken over ${server.staleLocks}`}, ready after ${ready.join(' / ')} s`);
  console.log(`  requests sent again after a kill ${customers.resent}, orders acknowledged only on a retry ${customers.answeredAfterRetry}`);
  const m = findings.messages;
  console.log(`  WhatsApp messages recorded ${m.recorded}, received by the stand-in ${m.sent}, unknown after a kill mid-send ${m.unknown}`);
  console.log(`  sizes sold out ${findings.soldOut} of ${findings.sizes} (one of them had none from the start)`);
  if (!onPostgres) console.log('  database fault phases: PostgreSQL only (the embedded database runs inside the server process)');
  for (const report of faultReports) console.log(`  ${report.summary}`);
  for (const check of checks) {
    console.log(`  ${check.failures.length ? 'FAIL' : 'OK  '} ${check.name}`);
    for (const failure of check.failures.slice(0, 5)) console.log(`       ${failure.replace(/\n/g, '\n       ')}`);
    if (check.failures.length > 5) console.log(`       ... and ${check.failures.length - 5} more`);
  }
}
