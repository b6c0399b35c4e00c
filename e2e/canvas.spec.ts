import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { ApiClient } from '../src/api/client';
import { getApplication, listApplications } from '../src/api/endpoints/applications';
import { getMedia, subjectMediaPath } from '../src/api/endpoints/media';
import { type Media, subjectMediaUploadSchema } from '../src/api/schemas/media';
import { SESSION_STORAGE_KEY, type Session } from '../src/lib/session/session-store';
import { FIT_PADDING_PX } from '../src/features/labelling/view/camera-store';
import { wheelZoomFactor } from '../src/features/labelling/canvas/wheel-zoom';
import type {} from '../src/features/labelling/view/debug-hook';
import { fitToView } from '../src/features/labelling/geometry/camera';
import { chooseImageUrl, previewImageUrl } from '../src/lib/image-choice';
import type { RunningService } from './support/service';
import { isInspectionLine } from './support/demo-apps';
import { apiAs, DEMO, expect, signIn, test } from './support/fixtures';

const LARGE = { width: 4000, height: 3000 };

async function signedInTenant(page: Page): Promise<string> {
  await signIn(page, DEMO.labeller);
  await expect(page).toHaveURL(/\/t\/[^/]+/);
  const stored = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_STORAGE_KEY);
  return (JSON.parse(stored!) as { state: { session: Session } }).state.session.tenantId;
}

async function boxApplication(service: RunningService, tenantId: string): Promise<{ appId: string; admin: ApiClient }> {
  const labeller = await apiAs(service, DEMO.labeller, tenantId);
  const app = (await listApplications(labeller)).data.find((a) => isInspectionLine(a) && a.type === 'box_detection')!;
  return { appId: app.application_id, admin: await apiAs(service, DEMO.admin, tenantId) };
}

/** A 4000×3000 JPEG uploaded to the application's camera, once the service has made its resized copies. */
async function uploadLargeImage(admin: ApiClient, appId: string): Promise<Media> {
  const subject = (await getApplication(admin, appId)).input_subjects[0]!;
  const jpeg = await sharp({ create: { ...LARGE, channels: 3, background: { r: 90, g: 120, b: 150 } } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'large.jpg');
  const { media_id } = await admin.request(subjectMediaPath(subject), subjectMediaUploadSchema, { method: 'POST', body: form });
  await expect.poll(async () => (await getMedia(admin, media_id)).image_width, { timeout: 20_000 }).toBe(LARGE.width);
  return getMedia(admin, media_id);
}

const pathOf = (url: string) => new URL(url).pathname;

async function openMedia(page: Page, tenantId: string, appId: string, media: Media) {
  await page.goto(`/t/${tenantId}/apps/${appId}/media/${media.media_id}/label?debug=1`);
  await page.waitForFunction((id) => window.__looplabel?.drawn[id] !== undefined, media.media_id);
}

test('a burst of wheel events zooms by every one of them, and the readout follows', async ({ page, service }) => {
  const tenantId = await signedInTenant(page);
  const { appId, admin } = await boxApplication(service, tenantId);
  const media = await uploadLargeImage(admin, appId);
  await openMedia(page, tenantId, appId, media);
  const before = (await page.evaluate(() => window.__looplabel!.camera!)).scale;

  const events = 50;
  const after = await page.evaluate((count) => {
    const stage = document.querySelector<HTMLElement>('[data-testid=stage]')!;
    const { left, top, width, height } = stage.getBoundingClientRect();
    for (let i = 0; i < count; i += 1) {
      stage.dispatchEvent(new WheelEvent('wheel', { deltaY: -20, clientX: left + width / 2, clientY: top + height / 2, bubbles: true, cancelable: true }));
    }
    // Read after the next frame, as the canvas has drawn it.
    return new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.__looplabel!.camera!.scale))));
  }, events);

  expect(after).toBeCloseTo(before * wheelZoomFactor({ deltaY: -20, ctrlKey: false }) ** events, 6);
  await expect(page.getByRole('status', { name: 'Zoom' })).toHaveText(`${Math.round(after * 100)}%`);
});

test('a cold open fetches the smallest copy first, then once the size the measured canvas needs', async ({ page, service }) => {
  const tenantId = await signedInTenant(page);
  const { appId, admin } = await boxApplication(service, tenantId);
  const media = await uploadLargeImage(admin, appId);
  const mediaPaths = new Set([media.media_url, ...Object.values(media.resize_urls)].map(pathOf));
  const requested: string[] = [];
  page.on('request', (request) => {
    if (mediaPaths.has(pathOf(request.url()))) requested.push(pathOf(request.url()));
  });

  await openMedia(page, tenantId, appId, media);
  const stage = (await page.getByTestId('stage').boundingBox())!;
  const dpr = await page.evaluate(() => window.devicePixelRatio);
  const fit = fitToView(LARGE, stage, FIT_PADDING_PX);
  const needed = pathOf(chooseImageUrl(media, LARGE.width * fit.scale, dpr, 1));
  await expect.poll(() => requested.includes(needed)).toBe(true);
  expect(requested).toEqual([pathOf(previewImageUrl(media)), needed]);
});

test('zooming in far fetches the original, and the zoom readout says 100% at 1:1', async ({ page, service }) => {
  const tenantId = await signedInTenant(page);
  const { appId, admin } = await boxApplication(service, tenantId);
  const media = await uploadLargeImage(admin, appId);
  await openMedia(page, tenantId, appId, media);

  const original = page.waitForRequest((request) => pathOf(request.url()) === pathOf(media.media_url));
  await page.getByRole('button', { name: /^Zoom to 100%/ }).click();
  await original;
  await expect(page.getByRole('status', { name: 'Zoom' })).toHaveText('100%');
  expect((await page.evaluate(() => window.__looplabel!.camera!)).scale).toBe(1);
});
