import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Media } from '../../src/api/schemas/media';
import { multipartBody } from '../testing/multipart-body';
import { createTestApp, type TestApp } from '../testing/test-app';
import { readStreetClip, STREET_CLIP, streetClipAs } from '../testing/videos';

let t: TestApp;
let labeller: Record<string, string>;
let clip: Buffer;

async function upload(bytes: Buffer, filename: string, url = '/1/media') {
  const body = await multipartBody([['file', bytes, filename]]);
  return t.inject({ method: 'POST', url, headers: { ...labeller, ...body.headers }, payload: body.payload });
}

/** A signed media URL as the service's own path, for inject. */
const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  labeller = await t.demoAuth('labeller@demo.test', t.demo!.tenantIds.demoLab);
  clip = await readStreetClip();
});
afterAll(() => t.close());

describe('video uploads', () => {
  it('take an MP4 as a video: its format, frame size, duration, and a JPEG poster of its first frame', async () => {
    const response = await upload(clip, 'street.mp4');
    expect(response.statusCode).toBe(201);
    const media = response.json<Media>();
    expect(media).toMatchObject({
      video: true,
      media_format: 'mp4',
      image_width: STREET_CLIP.width,
      image_height: STREET_CLIP.height,
      duration: STREET_CLIP.duration,
      size: clip.length,
    });
    const file = await t.inject({ method: 'GET', url: pathOf(media.media_url) });
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.rawPayload.equals(clip)).toBe(true);

    expect(Object.keys(media.resize_urls)).toEqual(['256', String(STREET_CLIP.width)]);
    const poster = await t.inject({ method: 'GET', url: pathOf(media.resize_urls[String(STREET_CLIP.width)]!) });
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: STREET_CLIP.width, height: STREET_CLIP.height });
    const thumbnail = await t.inject({ method: 'GET', url: pathOf(media.resize_urls['256']!) });
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256 });

    const fetched = await t.inject({ method: 'GET', url: `/1/media/${media.media_id}`, headers: labeller });
    expect(fetched.json()).toMatchObject({ video: true, duration: STREET_CLIP.duration, media_format: 'mp4' });
  });

  it.each(['webm', 'mov', 'mkv', 'avi', 'gif'] as const)('take a %s file as a video', async (format) => {
    const bytes = await streetClipAs(format);
    const response = await upload(bytes, `street.${format}`);
    expect(response.statusCode).toBe(201);
    const media = response.json<Media>();
    expect(media).toMatchObject({ video: true, media_format: format });
    expect(media.duration).toBeGreaterThan(1.5);
    expect(media.duration).toBeLessThanOrEqual(3);
    expect(media.image_width).toBe(format === 'gif' ? 96 : STREET_CLIP.width);
    expect(Object.keys(media.resize_urls)).toContain(String(media.image_width));
  });

  it('keep a GIF of one frame a still image', async () => {
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a6' } }).gif().toBuffer();
    const response = await upload(gif, 'still.gif');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ video: false, duration: null, media_format: 'gif' });
  });

  it('refuse a video cut short with 415 and a message', async () => {
    for (const bytes of [clip.subarray(0, Math.floor(clip.length * 0.6)), (await streetClipAs('avi')).subarray(0, 20_000)]) {
      const response = await upload(bytes, 'cut.mp4');
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: 'The video file is damaged or incomplete.' });
    }
  });

  it('refuse a file that is neither an image nor a video with 415', async () => {
    const response = await upload(Buffer.from('RIFF\0\0\0\0WAVEfmt not a video at all'), 'sound.wav');
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/MP4, MOV, WebM, MKV or AVI/);
  });
});

describe('the media file route', () => {
  let url: string;
  beforeAll(async () => {
    const media = (await upload(clip, 'street.mp4')).json<Media>();
    url = pathOf(media.media_url);
  });

  it('serves a byte range with 206, Accept-Ranges and Content-Range, so a browser can seek', async () => {
    const whole = await t.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');

    const part = await t.inject({ method: 'GET', url, headers: { range: 'bytes=100-1099' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${clip.length}`);
    expect(part.headers['content-length']).toBe('1000');
    expect(part.rawPayload.equals(clip.subarray(100, 1100))).toBe(true);

    const tail = await t.inject({ method: 'GET', url, headers: { range: 'bytes=-500' } });
    expect(tail.headers['content-range']).toBe(`bytes ${clip.length - 500}-${clip.length - 1}/${clip.length}`);
    expect(tail.rawPayload.equals(clip.subarray(clip.length - 500))).toBe(true);

    const open = await t.inject({ method: 'GET', url, headers: { range: `bytes=${clip.length - 10}-` } });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.length).toBe(10);
  });

  it('answers a range past the end with 416 and the size', async () => {
    const response = await t.inject({ method: 'GET', url, headers: { range: `bytes=${clip.length}-` } });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${clip.length}`);
    expect(response.json()).toHaveProperty('message');
  });

  it('ignores a malformed or multiple range and sends the whole file', async () => {
    for (const range of ['bytes=0-1,5-9', 'lines=1-2', 'bytes=9-1']) {
      const response = await t.inject({ method: 'GET', url, headers: { range } });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.length).toBe(clip.length);
    }
  });
});
