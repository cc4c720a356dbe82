/** What the server hands every loader and action: core's dependencies and the request's settings. */
import type { ImageStore } from '../core/images.ts';
import type { PaymentSettings } from '../core/payments.ts';
import type { Db } from '../db/client.ts';

export interface WebContext {
  db: Db;
  /** The public catalogue reads' database (their own bounded pool on PostgreSQL). */
  catalogueDb: Db;
  images: ImageStore;
  jwtSecret: string;
  storeUrl: string;
  wholesaleUrl: string;
  /** Card payments (undefined `paymob`: cash only). Server side only: loaders never return it. */
  payments: PaymentSettings & { timeoutMinutes: number };
  secureCookies: boolean;
  /** The URL of the enhancement script every page loads (docs/decisions/010). */
  enhanceScript: string;
  /** This response's CSP nonce for inline scripts. */
  nonce: string;
  /** Counts a login or signup attempt for this phone and this client's address, as the API does; throws a 429 AppError past the limit. */
  limitAuthAttempts(phone: unknown): Promise<void>;
  /** Runs a keyword search within the per-address rate (429) and the concurrent searches' bound (503), as the API does. */
  guardSearch<T>(search: () => Promise<T>): Promise<T>;
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends WebContext {}
}
