/**
 * The session tokens' secret at start: JWT_SECRET when set, else the one every process on the
 * database shares (core/shared/shop-secrets.ts). A shop whose data folder kept its own secret (releases
 * before decision 019) has it carried into the database, so its shoppers stay logged in.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sessionTokenSecret } from '../core/shared/shop-secrets.ts';
import type { Db } from '../db/client.ts';

/** Where releases before decision 019 kept the secret, in the data folder. */
export const earlierSecretPath = (dataDir: string) => path.join(dataDir, 'jwt-secret');

/** The secret an earlier release kept in `dataDir`, if any. */
function readEarlierSecret(dataDir: string): string | undefined {
  try {
    return readFileSync(earlierSecretPath(dataDir), 'utf8').trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The secret this process signs and checks session tokens with. */
export function readSessionSecret(db: Db, { configured, dataDir }: { configured: string | undefined; dataDir: string }): Promise<string> {
  return sessionTokenSecret(db, { configured, earlier: configured ? undefined : readEarlierSecret(dataDir) });
}
