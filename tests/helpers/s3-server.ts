/**
 * A real S3-speaking server for the tests, in the test's process on a spare port: s3rver checks
 * every request's SigV4 signature (its key pair: S3RVER / S3RVER), so the shop's client is
 * tested as it talks to a bucket.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../../core/catalogue/s3-images.ts';

export interface TestS3Server {
  settings: S3Settings;
  /** The object's content type, cache lifetime and size; undefined when the bucket has no such key. */
  head(key: string): Promise<{ contentType?: string; cacheControl?: string; size?: number } | undefined>;
  /** Stops answering: the port refuses connections, as a bucket out of reach. */
  stop(): Promise<void>;
  /** Answers again on the same port, with the objects it had. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'shop-images'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'store-s3-'));
  const make = (port: number) => new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
  let server = make(0);
  const { port } = await server.run();
  let running = true;
  const settings: S3Settings = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    settings,
    async head(key) {
      try {
        const found = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { contentType: found.ContentType, cacheControl: found.CacheControl, size: found.ContentLength };
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
        throw error;
      }
    },
    async stop() {
      if (!running) return;
      running = false;
      await server.close();
    },
    async start() {
      if (running) return;
      server = make(port);
      await server.run();
      running = true;
    },
    async close() {
      client.destroy();
      if (running) await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
