/**
 * `npm run test:scale`: the shop on two processes behind HAProxy (deploy/haproxy.cfg as shipped),
 * sharing PostgreSQL, a private Redis and an S3 server, proved by checks that each print OK or
 * FAILED and a closing `N passed, N failed` (docs/deploy.md). Exits non-zero when any check failed.
 *
 *   npm run test:scale                                             # PostgreSQL at 127.0.0.1:5432/test
 *   TEST_DATABASE_URL=postgres://user@host:5432/db npm run test:scale
 *
 * Needs haproxy and redis-server on the PATH (Debian: apt-get install haproxy redis-server). The
 * build goes to BUILD_DIR (tmp/scale-build unless set); the database, the data folders and every
 * process it starts are removed at the end, Ctrl-C included.
 */
import { main } from './scale/main.ts';

process.exit(await main());
