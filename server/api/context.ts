import type { ImageStore } from '../../core/images.ts';
import type { PaymentSettings } from '../../core/payments.ts';
import type { Db } from '../../db/client.ts';
import type { Guards } from '../plugins/auth.ts';
import type { AttemptLimiter } from '../plugins/rate-limit.ts';

/** What the API routes need: the database, the image folder, the guards, the auth and payment settings. */
export interface ApiContext {
  payments: PaymentSettings & { timeoutMinutes: number };
  db: Db;
  images: ImageStore;
  guards: Guards;
  limiter: AttemptLimiter;
  jwtSecret: string;
}
