/** The durability check's numbers: its customers and kills, how long each database fault lasts and how soon the shop must recover. */

export const CUSTOMERS = 6;
export const KILLS = 5;
export const KILL_AFTER_MS: [number, number] = [2_000, 6_000];
/**
 * Fewer orders acknowledged than this fails the run: with next to none, every other check would
 * hold for want of orders. A run acknowledges about 120 on embedded PGlite and 190 on PostgreSQL on
 * the 2-core machine with other work running; a quarter of the lower leaves room for a slower one.
 */
export const MIN_ORDERS_ACKNOWLEDGED = 30;
/** Ordering goes on this long after the last restart, so the last kill's retries are answered. */
export const LAST_STRETCH_MS = 3_000;
/** A request unanswered this long, through kills and restarts, fails the run. */
export const ANSWER_WITHIN_MS = 60_000;
export const PASSWORD = 'durability-check';
/** pg_terminate_backend on every connection of the shop's database this often, this long. */
export const TERMINATE_EVERY_MS = 200;
export const TERMINATE_FOR_MS = 8_000;
/** The database stays out of the server's reach this long. */
export const UNREACHABLE_FOR_MS = 4_000;
/** Orders must be acknowledged again this soon after the connections stop being dropped. */
export const RECOVER_AFTER_DROPS_MS = 5_000;
/** ... and this soon after the database is back: the pool waits up to 5 s for a connection. */
export const RECOVER_AFTER_OUTAGE_MS = 10_000;
/**
 * A request sent this soon after a fault ended may still meet it: a connection terminated just
 * before is discarded only when its end reaches the server.
 */
export const FAULT_GRACE_MS = 1_000;
/** A 503 is asked again sooner than its Retry-After, so each fault meets as many requests as it can. */
export const RETRY_UNAVAILABLE_MS = 200;
/**
 * Each size has its own stock (API.md "Stock per size"). The scarce product's sizes sell out
 * during the run, so orders race for the last pieces of each; one size has none from the start,
 * so no order may ever hold it.
 */
export const CATALOGUE: { title: string; stock: Record<string, number> }[] = [
  { title: 'تيشيرت قطن', stock: { s: 25_000, m: 25_000, l: 25_000, xl: 25_000 } },
  { title: 'بنطلون جينز', stock: { '30': 35_000, '32': 35_000, '34': 0 } },
  { title: 'هودي أطفال', stock: { '6': 25, '8': 15 } },
];
