import { readFile } from 'node:fs/promises';
import { createApplication } from '../src/api/endpoints/applications';
import { createSubject } from '../src/api/endpoints/subjects';
import { mediaSchema } from '../src/api/schemas/media';
import { z } from '../src/api/zod';
import { apiAs, checkAndCapture, DEMO, expect, openDemoLab, test } from './support/fixtures';

const STREET_CLIP = new URL('../server/testing/video/street.mp4', import.meta.url).pathname;

test('a video uploaded through the UI plays on its media page with its poster, and its frames reach the output subject', async ({ page, service }) => {
  // ffmpeg probes, posters and cuts the clip on the same two cores as both workers' services and browsers
  test.setTimeout(120_000);
  const stamp = Date.now();
  const tenantId = await openDemoLab(page, DEMO.admin);
  const api = await apiAs(service, DEMO.admin, tenantId);
  const videos = await createSubject(api, { name: `Street videos ${stamp}` });
  const frames = await createSubject(api, { name: `Street frames ${stamp}` });
  const segmenter = await createApplication(api, {
    name: `Street frames ${stamp}`,
    type: 'video_segmentation',
    input_subjects: [videos.subject_uid],
    output_subjects: [frames.subject_uid],
    custom_fields: { frames_per_second: 2, max_frames: 4 },
  });

  await page.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'Upload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upload' })).toBeVisible(); // before reloading it
  await page.reload(); // the subjects were made after the page had listed them
  await page.getByLabel('Subject').selectOption({ label: videos.name });
  // frames.spec (and a retry of this test) upload the same clip to this tenant
  await page.getByLabel('Keep duplicates as new media').check();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files' }).click();
  const filename = `street-${stamp}.mp4`;
  await (await chooser).setFiles([{ name: filename, mimeType: 'video/mp4', buffer: await readFile(STREET_CLIP) }]);
  await expect(page.getByRole('status').filter({ hasText: 'uploaded' })).toHaveText('1 uploaded, 0 failed');

  const found = await api.request(`/1/media/all/search?filename=${encodeURIComponent(filename)}`, z.object({ data: z.array(mediaSchema) }));
  const video = found.data[0]!;
  expect(video).toMatchObject({ video: true, media_format: 'mp4', duration: 5 });

  await page.goto(`/t/${tenantId}/media/${video.media_id}`);
  await expect(page.getByText('384 × 288 · mp4 · video, 5.0 s')).toBeVisible();
  const player = page.locator('video');
  await expect(player).toHaveAttribute('controls', '');
  const poster = (await player.getAttribute('poster'))!;
  const posterResponse = await page.request.get(poster);
  expect(posterResponse.status()).toBe(200);
  expect(posterResponse.headers()['content-type']).toBe('image/jpeg');
  // The browser reads the served file: its length, then a seek to the end (byte ranges).
  const duration = await player.evaluate(
    (element: HTMLVideoElement) =>
      new Promise<number>((resolve, reject) => {
        if (element.readyState >= 1) resolve(element.duration);
        element.addEventListener('loadedmetadata', () => resolve(element.duration));
        element.addEventListener('error', () => reject(new Error(`The video did not load: ${element.error?.message ?? 'no reason'}`)));
        element.load();
      }),
  );
  expect(duration).toBeCloseTo(5, 0);
  await checkAndCapture(page, 'media-video');

  await page.goto(`/t/${tenantId}/apps/${segmenter.application_id}/detections`);
  const frameNames = [0, 5, 10, 15].map((frame) => `street-${stamp}-frame-${String(frame).padStart(6, '0')}.jpg`);
  await expect(async () => {
    await page.reload();
    for (const name of frameNames) await expect(page.getByRole('link', { name: new RegExp(`^Media ${name}`) })).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 60_000 });
  await checkAndCapture(page, 'video-frames');

  // The video's page lists its frames; a frame's page names its video.
  await page.goto(`/t/${tenantId}/media/${video.media_id}`);
  const framesList = page.getByRole('region', { name: 'Frames' });
  await expect(framesList.getByRole('link')).toHaveCount(4);
  await checkAndCapture(page, 'media-video-frames');
  await framesList.getByRole('link', { name: 'Frame 5' }).click();
  await expect(page.getByText('frame 5 of the video')).toBeVisible();
  await checkAndCapture(page, 'media-frame');
  await page.getByRole('link', { name: filename }).click();
  await expect(page.getByText('384 × 288 · mp4 · video, 5.0 s')).toBeVisible();

  // A segmenter takes no feedback: no feedback rate, release metric or Review tab, and no such settings.
  await page.goto(`/t/${tenantId}/apps/${segmenter.application_id}`);
  await expect(page.getByRole('heading', { level: 1, name: segmenter.name })).toBeVisible();
  await expect(page.getByRole('navigation', { name: `Application ${segmenter.name}` }).getByRole('link')).toHaveText(['Overview', 'Detections', 'Settings']);
  await expect(page.getByRole('region', { name: 'Settings' })).not.toContainText(/Feedback per hour|Release metric/);
  await checkAndCapture(page, 'video-segmentation-application');
  await page.goto(`/t/${tenantId}/apps/${segmenter.application_id}/settings`);
  await expect(page.getByRole('form', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Requested feedback per hour' })).toHaveCount(0);
  await checkAndCapture(page, 'video-segmentation-settings');
});
