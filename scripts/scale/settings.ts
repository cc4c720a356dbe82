/** The scale check's numbers: its waits, its load and the settings the app processes run with. */

/** Both processes must answer this soon after they are started together on an empty database. */
export const START_WITHIN_MS = 120_000;
/** A price edit on one process must be seen on the other this soon (the cache's invalidation through Redis). */
export const PRICE_SEEN_WITHIN_MS = 500;
/** The login attempts one address may make a minute (AUTH_RATE_LIMIT), over both processes together. */
export const AUTH_RATE_LIMIT = 6;
/** The race for the last pieces of a size: orders sent at once, pieces left. */
export const RACE_ORDERS = 20;
export const RACE_PIECES = 5;
/** Unpaid card orders left to expire. */
export const CARD_ORDERS = 3;
/** PAYMENT_TIMEOUT_MINUTES: short, so the sweep looks every few seconds (server/main.ts sweepEveryMs). */
export const PAYMENT_TIMEOUT_MINUTES = 0.2;
/** The sweep must have cancelled the orders this soon after their time is past. */
export const EXPIRED_WITHIN_MS = 15_000;
/** Shoppers in the load while a process is killed or stopped, and how long the load lasts around it. */
export const LOAD_SHOPPERS = 6;
export const LOAD_BEFORE_MS = 2_000;
export const LOAD_AFTER_MS = 3_000;
/** A request unanswered this long fails. */
export const REQUEST_TIMEOUT_MS = 20_000;
/** HAProxy checks every 500 ms and needs 2 answers to change its mind (deploy/haproxy.cfg). */
export const HAPROXY_SETTLE_MS = 2_000;
/** Requests sent while a service (Redis, the bucket) is stopped. */
export const OUTAGE_ROUNDS = 3;
export const BUCKET = 'shop-images';
export const PASSWORD = 'scale-check-password';
