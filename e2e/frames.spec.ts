import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { createApplication } from '../src/api/endpoints/applications';
import { getPendingCount, pullFeedback, returnFeedback } from '../src/api/endpoints/feedback';
import { subjectMediaPath } from '../src/api/endpoints/media';
import { createSubject } from '../src/api/endpoints/subjects';
import { subjectMediaUploadSchema } from '../src/api/schemas/media';
import type { Annotation } from '../src/features/labelling/types/annotation';
import { apiAs, DEMO, expect, saveScreenshot, test } from './support/fixtures';
import { drawBox, drawnItem, shown, signInToLabel, userAssertions, type Labeller, type Shown } from './support/labelling';

const STREET_CLIP = new URL('../server/testing/video/street.mp4', import.meta.url).pathname;

type Boxes = Extract<Annotation, { type: 'box_detection' }>['boxes'];
const boxesOf = (item: Shown): Boxes => (item.annotation as Extract<Annotation, { type: 'box_detection' }>).boxes;
const coords = (boxes: readonly { x0: number; y0: number; x1: number; y1: number }[]) => boxes.map(({ x0, y0, x1, y1 }) => ({ x0, y0, x1, y1 }));

/** Opens one frame in the application's editor, replaces the model's boxes by one drawn box, and accepts it. */
async function labelWithOneBox(page: Page, labeller: Labeller, appId: string, mediaId: string, box: { x0: number; y0: number; x1: number; y1: number }) {
  await page.goto(`/t/${labeller.tenantId}/apps/${appId}/media/${mediaId}/label?debug=1`);
  await page.waitForFunction((id) => window.__looplabel?.drawn[id] !== undefined && !!window.__looplabel.camera && window.__looplabel.answerable, mediaId);
  await page.keyboard.press('Shift+Delete');
  const item = await shown(page);
  await drawBox(page, item, { x: box.x0, y: box.y0 }, { x: box.x1, y: box.y1 });
  expect(boxesOf(await shown(page))).toHaveLength(1);
  await page.getByRole('button', { name: /^Accept and go/ }).click();
  await expect(page.getByTestId('stage')).toHaveCount(0);
}

test('a middle frame of a video takes boxes interpolated between the frames answered before and after it', async ({ page, service }) => {
  // ffmpeg cuts the clip and the detector runs on every frame, on the same two cores as the browsers
  test.setTimeout(150_000);
  const stamp = Date.now();
  const labeller = await signInToLabel(page, service);
  const admin = await apiAs(service, DEMO.admin, labeller.tenantId);
  const clips = await createSubject(admin, { name: `Street clips ${stamp}` });
  const frames = await createSubject(admin, { name: `Street clip frames ${stamp}` });
  const walkers = await createSubject(admin, { name: `Walkers ${stamp}`, detector_class: 'person' });
  await createApplication(admin, {
    name: `Clip frames ${stamp}`,
    type: 'video_segmentation',
    input_subjects: [clips.subject_uid],
    output_subjects: [frames.subject_uid],
    custom_fields: { every_nth_frame: 10, max_frames: 5 },
  });
  // A threshold near certainty makes the detector's confident frames ambiguous enough to ask about.
  const boxApp = await createApplication(admin, {
    name: `Walkers on frames ${stamp}`,
    type: 'box_detection',
    input_subjects: [frames.subject_uid],
    output_subjects: [walkers.subject_uid],
    detection_thresholds: { [walkers.subject_uid]: 0.9 },
  });
  const appId = boxApp.application_id;

  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await readFile(STREET_CLIP))], { type: 'video/mp4' }), `street-${stamp}.mp4`);
  await admin.request(subjectMediaPath(clips.subject_uid), subjectMediaUploadSchema, { method: 'POST', body: form });
  // All five frames (0, 10, …, 40) are asked about: the detector is certain of none of them against that threshold.
  await expect.poll(async () => (await getPendingCount(admin, appId)).pending, { timeout: 90_000 }).toBe(5);

  // Which frames are queued: the admin takes a look and hands them straight back, for anyone.
  const queued = (await pullFeedback(admin, appId, 10)).sort((a, b) => a.media.frame! - b.media.frame!);
  await returnFeedback(admin, appId, queued.map((request) => request.media_id), { skip: false });
  expect(queued[0]!.other_media!.length).toBeGreaterThanOrEqual(2);
  const first = queued[0]!.media;
  const last = queued.at(-1)!.media;

  await labelWithOneBox(page, labeller, appId, first.media_id, { x0: 60, y0: 80, x1: 110, y1: 200 });
  await labelWithOneBox(page, labeller, appId, last.media_id, { x0: 220, y0: 60, x1: 300, y1: 220 });
  const answered = async (mediaId: string) => {
    await expect.poll(async () => (await userAssertions({ ...labeller, apps: { ...labeller.apps, box_detection: appId } }, mediaId, 'box_detection')).length).toBeGreaterThan(0);
    const [assertion] = await userAssertions({ ...labeller, apps: { ...labeller.apps, box_detection: appId } }, mediaId, 'box_detection');
    return (assertion!.app_data as { box: { x0: number; y0: number; x1: number; y1: number } }[]).map((region) => region.box);
  };
  const [before] = await answered(first.media_id);
  const [after] = await answered(last.media_id);

  await page.goto(`/t/${labeller.tenantId}/apps/${appId}/label?debug=1`);
  const middle = await drawnItem(page);
  const frame = queued.find((request) => request.media_id === middle.mediaId)!.media.frame!;
  expect(frame).toBeGreaterThan(first.frame!);
  expect(frame).toBeLessThan(last.frame!);

  const strip = page.getByRole('region', { name: 'Frames of the video' });
  await expect(strip.locator('[aria-current]')).toHaveText(String(frame));
  await expect(strip.locator('li', { hasText: new RegExp(`^${first.frame}✓$`) })).toBeVisible();
  await expect(strip.getByRole('button', { name: /Boxes between/ })).toBeEnabled();
  await page.keyboard.press('i');

  const t = (frame - first.frame!) / (last.frame! - first.frame!);
  const between = (a: number, b: number) => Math.round(a + (b - a) * t);
  const expected = { x0: between(before!.x0, after!.x0), y0: between(before!.y0, after!.y0), x1: between(before!.x1, after!.x1), y1: between(before!.y1, after!.y1) };
  await expect.poll(async () => coords(boxesOf(await shown(page)))).toEqual([expected]);
  await saveScreenshot(page, 'frames-interpolated');

  await page.getByRole('button', { name: /^Accept and go/ }).click();
  expect(await answered(middle.mediaId!)).toEqual([expected]);

  // The next frame copies the nearest earlier answered frame: the one just answered here, or the first.
  const next = await drawnItem(page, middle.mediaId);
  const nextFrame = queued.find((request) => request.media_id === next.mediaId)!.media.frame!;
  await expect(strip.locator('li', { hasText: new RegExp(`^${frame}✓$`) })).toBeVisible();
  await page.keyboard.press('c');
  const copied = nextFrame > frame ? expected : before;
  await expect.poll(async () => coords(boxesOf(await shown(page)))).toEqual([copied]);
  await page.keyboard.press('Control+z');
  await expect.poll(async () => coords(boxesOf(await shown(page)))).toEqual(coords(boxesOf(next)));

  // On a phone the strip stays inside the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const stripBox = (await strip.boundingBox())!;
  expect(stripBox.x + stripBox.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'frames-phone');
});
