import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WORK_CONCURRENCY, runImageWork } from '../media/open-image';
import { makeImage } from '../media/test-images';
import { multipartBody } from '../testing/multipart-body';
import { drainProcessing } from '../processing/pipeline';
import { bearer, createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let labeller: Record<string, string>;
let admin: Record<string, string>;
let stranger: Record<string, string>;
let png: Buffer;

async function upload(headers: Record<string, string>, entries: [string, string | Buffer, string?][], url = '/1/media') {
  const body = await multipartBody(entries);
  return t.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
}

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { publicUrl: 'https://labels.example' } });
  const tenantId = t.demo!.tenantIds.demoLab;
  labeller = await t.demoAuth('labeller@demo.test', tenantId);
  admin = await t.demoAuth('admin@demo.test', tenantId);
  await t.inject({ method: 'POST', url: '/1/users', payload: { email: 'outsider@else.test', password: 'outsider-pass' } });
  stranger = bearer(await t.signIn('outsider@else.test', 'outsider-pass'));
  png = await makeImage('png', 300, 200);
});
afterAll(() => t.close());

describe('POST /1/media', () => {
  it('stores an image under any field name with its fields, and answers the media object with signed URLs', async () => {
    const response = await upload(labeller, [
      ['picture', png, 'shot.png'],
      ['media_timestamp', '1700000000.5'],
      ['meta_tags', 'dock'],
      ['meta_tags', 'night'],
      ['title', 'Dock at night'],
      ['author', 'Ann'],
      ['license', 'CC-BY'],
      ['external_media_id', 'ext-1'],
      ['set_assignment', 'validation'],
      ['public_read', 'true'],
    ]);
    expect(response.statusCode).toBe(201);
    const media = response.json();
    expect(media).toMatchObject({
      media_timestamp: 1700000000.5,
      media_format: 'png',
      image_width: 300,
      image_height: 200,
      size: png.length,
      meta_tags: ['dock', 'night'],
      title: 'Dock at night',
      author: 'Ann',
      license: 'CC-BY',
      external_media_id: 'ext-1',
      set_assignment: 'validation',
      filename: 'shot.png',
      video: false,
    });
    expect(media.media_url).toMatch(/^https:\/\/labels\.example\/media-files\/[0-9a-f]{64}\?exp=\d+&sig=/);
    expect(Object.keys(media.resize_urls)).toEqual(['256']);

    const file = await t.inject({ method: 'GET', url: media.media_url.replace('https://labels.example', '') });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(png);

    const read = await t.inject({ method: 'GET', url: `/1/media/${media.media_id}`, headers: admin });
    expect(read.statusCode).toBe(200);
    expect(read.json().media_id).toBe(media.media_id);
  });

  it('refuses a file that is not an image with 415, by its bytes', async () => {
    const response = await upload(labeller, [['file', Buffer.from('just some text, honestly'), 'fake.png']]);
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/not a JPEG, PNG, WebP or GIF/);
  });

  it('says an empty file is empty (400), not that it is the wrong kind', async () => {
    const response = await upload(labeller, [['file', Buffer.alloc(0), 'photo.jpg']]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The file is empty (0 bytes): send a JPEG, PNG, WebP or GIF image, or an MP4, MOV, WebM, MKV or AVI video.' });
  });

  it('refuses a file over 25 MiB with 413', async () => {
    const huge = Buffer.concat([png, Buffer.alloc(25 * 1024 * 1024)]);
    const response = await upload(labeller, [['file', huge, 'huge.png']]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The file is larger than 25 MiB.' });
  });

  it('refuses an image of too many pixels with 413 and a message, also one its decoder would call damaged', async () => {
    for (const [width, height] of [[12_000, 12_000], [30_000, 30_000]] as const) {
      const big = Buffer.from(png);
      big.writeUInt32BE(width, 16);
      big.writeUInt32BE(height, 20);
      big.writeUInt32BE(crc32(big.subarray(12, 29)), 29);
      const response = await upload(labeller, [['file', big, 'big.png']]);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: 'The image has more than 100 megapixels.' });
    }
  });

  it('decodes at most IMAGE_WORK_CONCURRENCY images at once, however many uploads arrive together', async () => {
    const images = await Promise.all(Array.from({ length: 12 }, (_, i) => makeImage('jpeg', 1200 + i, 900)));
    const responses = await Promise.all(images.map((image, i) => upload(labeller, [['file', image, `parallel-${i}.jpg`]])));
    expect(responses.map((response) => response.statusCode)).toEqual(images.map(() => 201));
    const stats = runImageWork.stats();
    console.log(`12 parallel uploads: at most ${stats.peak} decodes at once (limit ${IMAGE_WORK_CONCURRENCY}), up to ${stats.peakWaiting} waiting`);
    expect(stats.peak).toBeLessThanOrEqual(IMAGE_WORK_CONCURRENCY);
    expect(stats.peakWaiting).toBeGreaterThan(0);
  });

  it('needs exactly one file part (400) and a multipart body (415)', async () => {
    const none = await upload(labeller, [['title', 'no file']]);
    expect(none.statusCode).toBe(400);
    const two = await upload(labeller, [
      ['a', png, 'a.png'],
      ['b', png, 'b.png'],
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toMatch(/exactly one file/);
    const json = await t.inject({ method: 'POST', url: '/1/media', headers: labeller, payload: { media: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it.each([
    ['media_timestamp', 'yesterday'],
    ['set_assignment', 'not allowed!'],
    ['title', 'x'.repeat(1001)],
  ])('refuses a bad %s with 400 naming the field', async (field, value) => {
    const response = await upload(labeller, [
      ['file', png, 'a.png'],
      [field, value],
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe(field);
  });

  it('needs a bearer token', async () => {
    const response = await upload({}, [['file', png, 'a.png']]);
    expect(response.statusCode).toBe(401);
  });
});

describe('GET and DELETE /1/media/{id}', () => {
  it('is 404 for an unknown or foreign media id', async () => {
    const created = (await upload(labeller, [['file', png, 'a.png']])).json();
    expect((await t.inject({ method: 'GET', url: '/1/media/med_nothing', headers: labeller })).statusCode).toBe(404);
    for (const method of ['GET', 'DELETE'] as const) {
      const foreign = await t.inject({ method, url: `/1/media/${created.media_id}`, headers: stranger });
      expect(foreign.statusCode).toBe(404);
    }
    for (const path of ['detections', 'subjects']) {
      const foreign = await t.inject({ method: 'GET', url: `/1/media/${created.media_id}/${path}`, headers: stranger });
      expect(foreign.statusCode).toBe(404);
    }
  });

  it('lets the uploader and a tenant_admin delete, but not another tenant_user (403)', async () => {
    const byAdmin = (await upload(admin, [['file', await makeImage('jpeg', 40, 30), 'a.jpg']])).json();
    const refused = await t.inject({ method: 'DELETE', url: `/1/media/${byAdmin.media_id}`, headers: labeller });
    expect(refused.statusCode).toBe(403);

    const own = (await upload(labeller, [['file', await makeImage('gif', 40, 30), 'a.gif']])).json();
    const deleted = await t.inject({ method: 'DELETE', url: `/1/media/${own.media_id}`, headers: labeller });
    expect(deleted.statusCode).toBe(204);
    expect((await t.inject({ method: 'GET', url: `/1/media/${own.media_id}`, headers: labeller })).statusCode).toBe(404);
    const file = await t.inject({ method: 'GET', url: own.media_url.replace('https://labels.example', '') });
    expect(file.statusCode).toBe(404);

    expect((await t.inject({ method: 'DELETE', url: `/1/media/${byAdmin.media_id}`, headers: admin })).statusCode).toBe(204);
  });

  it('keeps the file another media item shares when one of them is deleted', async () => {
    const bytes = await makeImage('webp', 50, 50);
    const first = (await upload(labeller, [['file', bytes, 'a.webp']])).json();
    const second = (await upload(labeller, [['file', bytes, 'b.webp'], ['allow_duplicate', 'true']])).json();
    await t.inject({ method: 'DELETE', url: `/1/media/${first.media_id}`, headers: labeller });
    await drainProcessing(t.app);
    const file = await t.inject({ method: 'GET', url: second.media_url.replace('https://labels.example', '') });
    expect(file.statusCode).toBe(200);
  });
});

describe('GET /1/media/all/search', () => {
  it('finds the tenant\'s media by md5, filename and external_media_id, newest first', async () => {
    const image = await makeImage('png', 64, 48);
    const first = (await upload(labeller, [['file', image, 'search-me.png'], ['external_media_id', 'cam-7/1']])).json();
    const second = (await upload(labeller, [['file', image, 'search-me.png'], ['external_media_id', 'cam-7/2'], ['allow_duplicate', '1']])).json();
    const search = (query: string, headers = labeller) => t.inject({ method: 'GET', url: `/1/media/all/search?${query}`, headers });
    const byMd5 = await search(`md5=${first.md5.toUpperCase()}`);
    expect(byMd5.statusCode).toBe(200);
    expect(byMd5.json().data.map((media: { media_id: string }) => media.media_id)).toEqual([second.media_id, first.media_id]);
    expect(byMd5.json().data[0].media_url).toMatch(/^https:\/\/labels\.example\//);
    const both = await search(`filename=search-me.png&external_media_id=${encodeURIComponent('cam-7/1')}`);
    expect(both.json().data.map((media: { media_id: string }) => media.media_id)).toEqual([first.media_id]);
    expect((await search('filename=search-me.png&limit=1')).json().data).toHaveLength(1);
    expect((await search(`md5=${first.md5}`, stranger)).json()).toEqual({ data: [] });
  });

  it.each(['', 'md5=abc', 'filename=x&limit=0', 'limit=5'])('refuses "%s" with 400', async (query) => {
    const response = await t.inject({ method: 'GET', url: `/1/media/all/search?${query}`, headers: labeller });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });
});
