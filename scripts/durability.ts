/**
 * Durability check (DESIGN.md "Durability"): customers keep ordering over HTTP while the server
 * is killed with SIGKILL at random moments and started again. Afterwards the database must hold
 * every order a customer saw acknowledged, exactly once, no second order for one Idempotency-Key,
 * and the stock of every size adding up to the orders and to its ledger. Exits non-zero when any
 * check fails, and when too few orders went through for the checks to mean anything.
 *
 * On PostgreSQL two database faults follow the kills, with the customers still ordering: every
 * connection of the shop's database is terminated again and again, then the database is taken
 * out of the server's reach (the server reaches it through a TCP forwarder the check closes) and
 * brought back. The server must keep running, answer 503 with Retry-After meanwhile (API.md),
 * and take orders again by itself once the database is back.
 *
 *   npm run test:durability                                                          # embedded PGlite
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:durability  # PostgreSQL
 *
 * Embedded runs in a temporary DATA_DIR; PostgreSQL in a new database created under
 * TEST_DATABASE_URL and dropped at the end. A failed run keeps its DATA_DIR (server log included).
 */
import { main } from './durability/main.ts';

process.exit(await main());
