/**
 * Images in an S3-compatible bucket, under `<folder>/<file>` keys. Imported by openImageStore
 * (images.ts) only when a bucket is configured; the AWS SDK itself is imported when the store is
 * made, so nothing of it loads in a shop that keeps its images on the local disk.
 */
import type { Readable } from 'node:stream';
import type { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { IMAGE_CACHE_CONTROL, IMAGE_CONTENT_TYPE, MSG } from '../../contracts/index.ts';
import { AppError } from '../shared/errors.ts';
import type { ImageFolder, ImageStore } from './images.ts';

export interface S3Settings {
  bucket: string;
  /** An S3-compatible service's address; unset: AWS's own for the region. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>` (most S3-compatible services). */
  forcePathStyle: boolean;
}

/** Seconds a client is asked to wait when the bucket does not answer. */
export const STORAGE_RETRY_AFTER_SECONDS = 5;

/** Keys one DeleteObjects call may name (S3's limit). */
const DELETE_BATCH = 1000;

const statusOf = (error: unknown) => (error as S3ServiceException).$metadata?.httpStatusCode;

/** The bucket out of reach, or answering with a failure of its own: a 503 the client may retry, the cause logged. */
function storageUnavailable(error: unknown): AppError {
  const unavailable = new AppError(503, MSG.serverError, undefined, { retryAfter: STORAGE_RETRY_AFTER_SECONDS });
  unavailable.cause = error;
  return unavailable;
}

export async function s3ImageStore(settings: S3Settings, options: { removalGraceMs?: number } = {}): Promise<ImageStore> {
  const { S3Client, PutObjectCommand, GetObjectCommand, ListObjectsV2Command, DeleteObjectsCommand } = await import('@aws-sdk/client-s3');
  const client: S3Client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    // S3-compatible services (MinIO, R2, s3rver) do not all accept the checksums the SDK adds by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket out of reach fails the request in seconds, not after the operating system's timeouts.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
    maxAttempts: 2,
  });
  const Bucket = settings.bucket;
  if (settings.forcePathStyle) {
    // The SDK addresses the bucket itself (listing, deleting several) as `/<bucket>/`; s3rver
    // signs that path without its slash and refuses the signature. `/<bucket>` is accepted by
    // AWS, MinIO and Ceph alike (nginx/nginx-s3-gateway#43), so bucket requests go without it.
    client.middlewareStack.add(
      (next) => (args) => {
        const request = args.request as { path?: string };
        if (request.path === `/${Bucket}/`) request.path = `/${Bucket}`;
        return next(args);
      },
      { step: 'build', name: 'bucketPathWithoutSlash' },
    );
  }
  const key = (folder: ImageFolder, file: string) => `${folder}/${file}`;
  const reach = async <T>(request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      throw storageUnavailable(error);
    }
  };

  return {
    kind: 's3',
    removalGraceMs: options.removalGraceMs,
    async put(folder, file, data) {
      await reach(() =>
        client.send(new PutObjectCommand({ Bucket, Key: key(folder, file), Body: data, ContentType: IMAGE_CONTENT_TYPE, CacheControl: IMAGE_CACHE_CONTROL })),
      );
    },
    async get(folder, file, ifNoneMatch) {
      try {
        const found = await client.send(new GetObjectCommand({ Bucket, Key: key(folder, file), IfNoneMatch: ifNoneMatch }));
        return {
          body: found.Body as Readable,
          contentType: found.ContentType ?? IMAGE_CONTENT_TYPE,
          cacheControl: found.CacheControl ?? IMAGE_CACHE_CONTROL,
          size: found.ContentLength ?? 0,
          etag: found.ETag,
        };
      } catch (error) {
        if (statusOf(error) === 304) return 'not-modified';
        if (statusOf(error) === 404) return undefined;
        throw storageUnavailable(error);
      }
    },
    async list(folder, prefix = '') {
      const found = new Map<string, number>();
      let ContinuationToken: string | undefined;
      do {
        const page = await reach(() => client.send(new ListObjectsV2Command({ Bucket, Prefix: key(folder, prefix), ContinuationToken })));
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(folder.length + 1);
          if (name && !name.includes('/')) found.set(name, object.Size ?? 0);
        }
        ContinuationToken = page.NextContinuationToken;
      } while (ContinuationToken);
      return found;
    },
    async remove(folder, files) {
      for (let i = 0; i < files.length; i += DELETE_BATCH) {
        const batch = files.slice(i, i + DELETE_BATCH);
        const answer = await reach(() =>
          client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((file) => ({ Key: key(folder, file) })), Quiet: true } })),
        );
        const failed = (answer.Errors ?? []).filter((error) => error.Code !== 'NoSuchKey');
        if (failed.length > 0) throw storageUnavailable(new Error(`The bucket kept ${failed.length} object(s): ${failed[0]!.Code}`));
      }
    },
  };
}
