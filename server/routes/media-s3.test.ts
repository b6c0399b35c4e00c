import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type ServiceConfig } from '../config';
import { s3ObjectKey } from '../media/s3-blob-store';
import { makeImage } from '../media/test-images';
import { multipartBody } from '../testing/multipart-body';
import { startS3Server, type TestS3Server } from '../testing/s3-server';
import { createTestApp, type TestApp } from '../testing/test-app';

const PUBLIC_URL = 'https://labels.example';

let s3: TestS3Server;
let config: Partial<ServiceConfig>;
/** Two instances sharing the bucket and the signing secret, as behind a load balancer. */
let first: TestApp;
let second: TestApp;
let labeller: Record<string, string>;

beforeAll(async () => {
  s3 = await startS3Server();
  config = { publicUrl: PUBLIC_URL, mediaStore: loadConfig([], s3.env).mediaStore };
  first = await createTestApp({ seed: true, config });
  second = await createTestApp({ config, secret: first.secret });
  labeller = await first.demoAuth('labeller@demo.test', first.demo!.tenantIds.demoLab);
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await s3?.stop();
});

interface UploadedMedia {
  media_id: string;
  media_url: string;
  resize_urls: Record<string, string>;
}

async function upload(image: Buffer): Promise<UploadedMedia> {
  const body = await multipartBody([['file', image, 'photo.jpg']]);
  const response = await first.inject({ method: 'POST', url: '/1/media', headers: { ...labeller, ...body.headers }, payload: body.payload });
  expect(response.statusCode).toBe(201);
  return response.json<UploadedMedia>();
}

const fetchFile = (instance: TestApp, url: string, headers: Record<string, string> = {}) =>
  instance.inject({ method: 'GET', url: url.replace(PUBLIC_URL, ''), headers });

/** The bucket object behind a signed media URL. */
const objectOf = (url: string) => s3ObjectKey(new URL(url).pathname.split('/').at(-1)!);

describe('media with MEDIA_STORE=s3', () => {
  it('stores an upload and its variants in the bucket and serves them from every instance by their signed URLs', async () => {
    const photo = await makeImage('jpeg', 1200, 800);
    const media = await upload(photo);

    expect(Object.keys(media.resize_urls)).toEqual(['256', '1024']);
    const urls = [media.media_url, ...Object.values(media.resize_urls)];
    expect(await s3.objectKeys()).toEqual(urls.map(objectOf).sort());

    for (const instance of [first, second]) {
      const original = await fetchFile(instance, media.media_url);
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toBe('image/jpeg');
      expect(original.rawPayload).toEqual(photo);
    }
    for (const [width, url] of Object.entries(media.resize_urls)) {
      const variant = await fetchFile(second, url);
      expect(variant.statusCode).toBe(200);
      expect(variant.headers['content-type']).toBe('image/webp');
      expect(Number(variant.headers['content-length'])).toBe(variant.rawPayload.length);
      expect((await sharp(variant.rawPayload).metadata()).width).toBe(Number(width));
    }

    const etag = (await fetchFile(first, media.media_url)).headers.etag as string;
    expect((await fetchFile(second, media.media_url, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('serves a byte range of a stored file with 206, as a browser seeking in a video asks', async () => {
    const photo = await makeImage('jpeg', 300, 200);
    const media = await upload(photo);
    const part = await fetchFile(second, media.media_url, { range: 'bytes=10-109' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-109/${photo.length}`);
    expect(part.rawPayload).toEqual(photo.subarray(10, 110));
    const tail = await fetchFile(first, media.media_url, { range: 'bytes=-20' });
    expect(tail.rawPayload).toEqual(photo.subarray(photo.length - 20));
  });

  it('refuses a signed URL made with another secret', async () => {
    const media = await upload(await makeImage('png', 64, 48));
    const stranger = await createTestApp({ config });
    try {
      expect((await fetchFile(stranger, media.media_url)).statusCode).toBe(403);
    } finally {
      await stranger.close();
    }
  });

  it('deletes the objects of a deleted media item', async () => {
    // Square, so that its variant shares no bytes with the other uploads' (a shared object would stay).
    const media = await upload(await makeImage('png', 500, 500));
    const objects = [media.media_url, ...Object.values(media.resize_urls)].map(objectOf);
    expect(await s3.objectKeys()).toEqual(expect.arrayContaining(objects));

    const deleted = await first.inject({ method: 'DELETE', url: `/1/media/${media.media_id}`, headers: labeller });
    expect(deleted.statusCode).toBe(204);
    const remaining = await s3.objectKeys();
    for (const object of objects) expect(remaining).not.toContain(object);
    expect((await fetchFile(second, media.media_url)).statusCode).toBe(404);
  });

  it('does not start when the bucket is missing, and says so', async () => {
    const mediaStore = { kind: 's3', s3: { ...s3.settings, bucket: 'no-such-bucket' } } as const;
    await expect(createTestApp({ config: { mediaStore } })).rejects.toThrow(
      `The S3 bucket "no-such-bucket" does not exist at ${s3.settings.endpoint}: create it, or fix S3_BUCKET.`,
    );
  });
});
