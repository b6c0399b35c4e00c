// Setting up the workspace benchmarks' scenes: the demo labeller signed in, 4000×3000 photos uploaded to the
// box_detection demo application, and an item opened with a grid of boxes put in through the debug hook.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { createApiClient, type ApiClient } from '../../src/api/client';
import { getMedia, subjectMediaPath } from '../../src/api/endpoints/media';
import type { Media, SubjectMediaUpload } from '../../src/api/schemas/media';
import { getToken } from '../../src/api/endpoints/identity';
import type {} from '../../src/features/labelling/view/debug-hook';
import type { BoxAnnotation } from '../../src/features/labelling/types/box-detection/module';

export const LABELLER = 'labeller@demo.test';
export const UPLOADER = 'admin@demo.test';
const PASSWORD = 'looplabel-demo';
const LARGE = { width: 4000, height: 3000 };

export async function signIn(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/sign-in`);
  await page.getByLabel('Email').fill(LABELLER);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/t\//);
}

export async function signedInClient(baseUrl: string, email: string, tenantId?: string): Promise<{ client: ApiClient; token: string; tenantId: string }> {
  const token = await getToken(createApiClient({ baseUrl }), { email, password: PASSWORD }, tenantId);
  return { client: createApiClient({ baseUrl, getToken: () => token.access_token }), token: token.access_token, tenantId: token.tenant_id };
}

/** A 4000×3000 JPEG of noise over a gradient (so it compresses like a photo), uploaded to the subject. */
async function uploadLargeImage(baseUrl: string, token: string, subjectUid: string): Promise<string> {
  const { width, height } = LARGE;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i / 3 / width / height) * 200 + Math.random() * 55;
  const jpeg = await sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'bench-4000x3000.jpg');
  const response = await fetch(`${baseUrl}${subjectMediaPath(subjectUid)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`Uploading the 4000×3000 image: ${response.status} ${await response.text()}`);
  return ((await response.json()) as SubjectMediaUpload).media_id;
}

async function waitForMedia(client: ApiClient, mediaId: string): Promise<Media> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const media = await getMedia(client, mediaId);
    if (media.image_width > 0) return media;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Media ${mediaId} did not get its sizes in 20 s.`);
}

export async function uploadPhoto(baseUrl: string, uploaderToken: string, subjectUid: string, client: ApiClient): Promise<Media> {
  return waitForMedia(client, await uploadLargeImage(baseUrl, uploaderToken, subjectUid));
}

export const waitForDrawn = (page: Page, media: Media) =>
  page
    .waitForFunction((mediaId) => window.__looplabel?.drawn[mediaId], media.media_id)
    .then((handle) => handle.jsonValue() as Promise<number>);

/**
 * Puts a grid of `count` 30×30 px boxes over the whole image (the first one selected) through the debug hook, and
 * returns the milliseconds from the edit to the end of the frame that painted them.
 */
export async function insertBoxes(page: Page, media: Media, count: number): Promise<number> {
  return page.evaluate(
    ({ width, height, count }) =>
      new Promise<number>((resolve, reject) => {
        const columns = Math.ceil(Math.sqrt((count * width) / height));
        const rows = Math.ceil(count / columns);
        const debug = window.__looplabel!;
        const annotation = debug.annotation as BoxAnnotation;
        if (annotation.type !== 'box_detection') return reject(new Error('Not a box_detection item.'));
        const subject_uid = annotation.subjects[0]!;
        const boxes = Array.from({ length: count }, (_, i) => {
          const x0 = Math.floor(((i % columns) / columns) * (width - 40));
          const y0 = Math.floor((Math.floor(i / columns) / rows) * (height - 40));
          return { x0, y0, x1: x0 + 30, y1: y0 + 30, subject_uid };
        });
        const start = performance.now();
        debug.replaceAnnotation({ ...annotation, boxes, selected: 0 } as BoxAnnotation);
        const painted = () => (debug.marks?.count === count && debug.marks.paintedAt >= start ? resolve(performance.now() - start) : requestAnimationFrame(painted));
        // The frame that paints them ends before the next animation frame's callbacks run.
        requestAnimationFrame(painted);
        setTimeout(() => reject(new Error(`${count} boxes were not put on screen within 20 s.`)), 20_000);
      }),
    { width: media.image_width, height: media.image_height, count },
  );
}

export async function stageCentre(page: Page) {
  const box = (await page.getByTestId('stage').boundingBox())!;
  return { box, x: box.x + box.width / 2, y: box.y + box.height / 2 };
}
