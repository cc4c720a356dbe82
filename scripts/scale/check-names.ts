/** The checks, by the names the run prints, in the order they run: a run cut short prints the rest as not run. */
import { AUTH_RATE_LIMIT, PRICE_SEEN_WITHIN_MS, RACE_ORDERS, RACE_PIECES } from './settings.ts';

export const CHECKS = {
  start: 'two processes started at once on an empty database are ready, and the demo shop exists once',
  pictures: 'a product uploaded through one process is served by the other, with no file in either data folder',
  price: `a price edit on one process is seen on the other within ${PRICE_SEEN_WITHIN_MS} ms`,
  sessions: 'a login on one process works on the other, and a logout on one is refused on the other',
  loginLimits: `login attempts over both processes stop at AUTH_RATE_LIMIT=${AUTH_RATE_LIMIT} in all, whatever X-Forwarded-For the client sends`,
  lastPieces: `${RACE_ORDERS} orders for the last ${RACE_PIECES} pieces of a size, half through each process, give ${RACE_PIECES} orders and no stock below 0`,
  paymentExpiry: 'unpaid card orders expire once each (one cancellation, their pieces returned once)',
  kill: 'kill -9 of one process under load fails no GET and loses no acknowledged order; it is started again',
  sigterm: 'SIGTERM of one process under load fails no request; it exits in time and is started again',
  redis: 'Redis stopped: logins, searches and product pages answer with no 5xx; Redis started again',
  bucket: 'the bucket stopped: no 500 (a picture at most 503 with Retry-After); the bucket started again',
} as const;
