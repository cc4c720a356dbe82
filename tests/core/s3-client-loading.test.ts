/** The S3 client is part of the process only when a bucket is configured. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('../fixtures/open-image-store.ts', import.meta.url));

/** Runs the child with these settings (and no others of the S3 kind); what it printed. */
function openStoreInChild(env: Record<string, string>): unknown {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(S3_|IMAGES_PUBLIC_URL|AWS_)/.test(key)));
  const child = spawnSync(process.execPath, ['--import', 'tsx', CHILD], { env: { ...clean, ...env }, encoding: 'utf8', timeout: 60_000 });
  expect(child.status, child.stderr).toBe(0);
  return JSON.parse(child.stdout.trim().split('\n').at(-1)!);
}

describe('the AWS SDK', () => {
  it('is never loaded without S3_BUCKET: the shop opens its local store, builds and serves', () => {
    expect(openStoreInChild({})).toEqual({ store: 'local', status: 404 });
  });

  it('is loaded once S3_BUCKET is set (the refusal the first case relies on works)', () => {
    expect(openStoreInChild({ S3_BUCKET: 'shop-images', S3_REGION: 'us-east-1', S3_ENDPOINT: 'http://127.0.0.1:9' })).toEqual({
      failed: 'AWS SDK imported: @aws-sdk/client-s3',
    });
  });
});
