/** Where images are kept and named: the S3_* settings, IMAGES_PUBLIC_URL, the grace period, and the pages' image addresses. */
import { describe, expect, it } from 'vitest';
import { categoryImage, productImage } from '../../app/lib/images.ts';
import { loadConfig } from '../../server/config.ts';

const BUCKET = { S3_BUCKET: 'shop-images', S3_REGION: 'eu-central-1' };

describe('loadConfig: image storage', () => {
  it('keeps images on the local disk, named at the shop\'s own address, removed a day after they are replaced, while S3_BUCKET is unset', () => {
    expect(loadConfig({}).images).toEqual({ s3: undefined, publicUrl: undefined, removalGraceMs: 24 * 3_600_000 });
  });

  it('reads the bucket with its endpoint, keys and path style', () => {
    const config = loadConfig({
      ...BUCKET,
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret-key',
      S3_FORCE_PATH_STYLE: 'true',
      IMAGES_PUBLIC_URL: 'https://cdn.example.net/',
      IMAGE_REMOVAL_GRACE_HOURS: '2',
    });
    expect(config.images).toEqual({
      s3: { bucket: 'shop-images', endpoint: 'http://127.0.0.1:9000', region: 'eu-central-1', accessKeyId: 'key-id', secretAccessKey: 'secret-key', forcePathStyle: true },
      publicUrl: 'https://cdn.example.net',
      removalGraceMs: 2 * 3_600_000,
    });
    expect(loadConfig(BUCKET).images.s3).toMatchObject({ forcePathStyle: false, accessKeyId: undefined, endpoint: undefined });
  });

  it('says what a bucket still needs: its region, and both keys or neither', () => {
    expect(() => loadConfig({ S3_BUCKET: 'shop-images' })).toThrow(/S3_BUCKET=shop-images also needs S3_REGION/);
    expect(() => loadConfig({ ...BUCKET, S3_ACCESS_KEY_ID: 'key-id' })).toThrow(/needs S3_SECRET_ACCESS_KEY \(S3_ACCESS_KEY_ID is set\)/);
    expect(() => loadConfig({ ...BUCKET, S3_SECRET_ACCESS_KEY: 'secret-key' })).toThrow(/needs S3_ACCESS_KEY_ID/);
  });

  it('refuses S3 settings without a bucket, a public address that is not http(s), and a negative grace period', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'us-east-1' })).toThrow(/S3_ENDPOINT, S3_REGION set, but S3_BUCKET is not/);
    expect(() => loadConfig({ IMAGES_PUBLIC_URL: 'ftp://cdn.example.net' })).toThrow(/IMAGES_PUBLIC_URL must be an http or https address/);
    expect(() => loadConfig({ IMAGE_REMOVAL_GRACE_HOURS: '-1' })).toThrow(/IMAGE_REMOVAL_GRACE_HOURS/);
  });

  it('never shows the secret key in a message', () => {
    expect(() => loadConfig({ S3_BUCKET: 'shop-images', S3_SECRET_ACCESS_KEY: 'very-secret-key' })).toThrow(expect.objectContaining({ message: expect.not.stringContaining('very-secret-key') }));
  });
});

describe('the pages\' image addresses', () => {
  it('are the shop\'s own paths, or at IMAGES_PUBLIC_URL when given', () => {
    expect(productImage('p-1.webp')).toMatchObject({ src: '/products/p-1.webp', thumb: '/products/p-1-thumb.webp', zoom: '/products/p-1-zoom.webp' });
    expect(productImage('p-1.webp', 'https://cdn.example.net').srcSet).toBe(
      'https://cdn.example.net/products/p-1-thumb.webp 150w, https://cdn.example.net/products/p-1.webp 417w, https://cdn.example.net/products/p-1-zoom.webp 1200w',
    );
    expect(categoryImage('c-2.webp', 'https://cdn.example.net').src).toBe('https://cdn.example.net/categories/c-2.webp');
    expect(categoryImage('https://cdn.example.net/categories/c-2.webp', 'https://cdn.example.net').thumb).toBe('https://cdn.example.net/categories/c-2-thumb.webp');
    expect(categoryImage('/categories/c-2.webp').src).toBe('/categories/c-2.webp');
  });
});
