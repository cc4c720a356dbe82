/** What the server hands every loader and action: core's dependencies and the request's settings. */
import type { ImageStore } from '../core/catalogue/images.ts';
import type { CheckoutSettings } from '../core/checkout/checkout.ts';
import type { CourierSettings } from '../core/couriers/shipments.ts';
import type { AppError } from '../core/shared/errors.ts';
import type { Db } from '../db/client.ts';

export interface WebContext {
  db: Db;
  /** The public catalogue reads' database (their own bounded pool on PostgreSQL). */
  catalogueDb: Db;
  images: ImageStore;
  /** The images' address ('' for the shop's own; IMAGES_PUBLIC_URL for a CDN or public bucket). */
  imagesUrl: string;
  jwtSecret: string;
  storeUrl: string;
  wholesaleUrl: string;
  /** Card payments (undefined `paymob`: cash only). Server side only: loaders never return it. */
  payments: CheckoutSettings;
  /** Shipping with a courier (undefined: marked by hand). Server side only: loaders never return it. */
  couriers: CourierSettings | undefined;
  secureCookies: boolean;
  /** The URL of the enhancement script every page loads (docs/decisions/010). */
  enhanceScript: string;
  /**
   * The posted body was refused before the page saw it (too large, a field too long, not a
   * form): the action gets no body and answers this instead (app/lib/forms.server.ts readPageForm).
   */
  formRefused?: { status: number; message: string };
  /** This response's CSP nonce for inline scripts. */
  nonce: string;
  /** Counts a signup or password-change attempt for this phone and this client's address, as the API does; throws a 429 AppError past the limit. */
  limitAuthAttempts(phone: unknown): Promise<void>;
  /** Counts a login attempt from this client's address and refuses an account closed to it, as the API does (429 AppError). */
  limitLogin(phone: unknown): Promise<void>;
  /** Counts a wrong password against the account and this address; returns the error to answer (401, or 429 while the account is closed). */
  loginFailed(phone: unknown): Promise<AppError>;
  /** Counts a mailing-list sign-up from this client's address, with the API's; throws a 429 AppError past the limit. */
  limitNewsletter(): Promise<void>;
  /** Counts a password-reset code asked for this phone from this client's address, with the API's; throws a 429 AppError past the hourly limits. */
  limitResetCodes(phone: unknown): Promise<void>;
  /** Runs a keyword search within the per-address rate (429) and the concurrent searches' bound (503), as the API does. */
  guardSearch<T>(search: () => Promise<T>): Promise<T>;
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends WebContext {}
}
