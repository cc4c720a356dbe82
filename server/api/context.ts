import type { ImageStore } from '../../core/catalogue/images.ts';
import type { CheckoutSettings } from '../../core/checkout/checkout.ts';
import type { CourierSettings } from '../../core/couriers/shipments.ts';
import type { WhatsAppConnection } from '../../core/messages/outbox.ts';
import type { Db } from '../../db/client.ts';
import type { Guards } from '../plugins/auth.ts';
import type { AttemptLimiter, LoginLimiter, ResetCodeLimiter } from '../plugins/rate-limit.ts';
import type { SearchGuard } from '../plugins/search-limits.ts';

/** What the API routes need: the database, the image folder, the guards, the auth and payment settings. */
export interface ApiContext {
  payments: CheckoutSettings;
  /** Shipping with a courier; undefined while BOSTA_* is unset. */
  couriers: CourierSettings | undefined;
  /** Messages to customers on WhatsApp; undefined while WHATSAPP_* is unset. */
  whatsapp: WhatsAppConnection | undefined;
  db: Db;
  /** The public catalogue reads' database (their own bounded pool on PostgreSQL). */
  catalogueDb: Db;
  /** Runs a keyword search within the per-address rate and the concurrent searches' bound. */
  search: SearchGuard;
  images: ImageStore;
  /** The images' address ('' for the shop's own; IMAGES_PUBLIC_URL for a CDN or public bucket). */
  imagesUrl: string;
  guards: Guards;
  /** Signup and password-change attempts per address and phone. */
  limiter: AttemptLimiter;
  /** Login attempts per address, and wrong passwords per account and address. */
  logins: LoginLimiter;
  /** Mailing-list sign-ups per address, through the API and the page alike. */
  newsletter: AttemptLimiter;
  /** Password-reset codes an hour per phone and per address, through the API and the page alike. */
  resetCodes: ResetCodeLimiter;
  jwtSecret: string;
  /** The shop's public address (STORE_URL), for the links in customers' messages. */
  storeUrl: string;
}
