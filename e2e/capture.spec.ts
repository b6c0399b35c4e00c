import { getCaptureStatus } from '../src/api/endpoints/applications';
import { isStreetFrame, readPhotoManifest } from '../server/demo/photo-library';
import { demoApp } from './support/dashboard';
import { apiAs, checkAndCapture, DEMO, expect, openDemoLab, test } from './support/fixtures';

test("the demo camera's status shows its frames arriving, and its settings have a form of their own", async ({ page, service }) => {
  test.setTimeout(90_000);
  const camera = await demoApp(service, 'Street camera');
  const api = await apiAs(service, DEMO.manager);
  const tenantId = await openDemoLab(page, DEMO.manager);
  await page.goto(`/t/${tenantId}/apps/${camera.application_id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Street camera' })).toBeVisible();

  const capture = page.getByRole('region', { name: 'Capture' });
  await expect(capture.getByRole('img', { name: 'The latest captured image' })).toBeVisible({ timeout: 30_000 });
  await expect(capture).toContainText('Capturing');
  const stored = capture.getByRole('definition').nth(1);
  const before = Number(await stored.textContent());
  expect(before).toBeGreaterThanOrEqual(1);
  // the camera takes a frame every 10 s; the page asks again every 2 s
  await expect.poll(async () => Number(await stored.textContent()), { timeout: 30_000 }).toBeGreaterThan(before);
  expect((await getCaptureStatus(api, camera.application_id)).last_media?.media_id).toMatch(/^med_/);
  await expect(capture.getByRole('link')).toHaveAttribute('href', new RegExp(`^/t/${tenantId}/apps/${camera.application_id}/media/med_`));
  await checkAndCapture(page, 'capture-status');

  await page.goto(`/t/${tenantId}/apps/${camera.application_id}/settings`);
  const form = page.getByRole('form', { name: 'Camera' });
  await expect(form.getByLabel('Camera URL')).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/snapshot\.jpg$/);
  await expect(form.getByLabel('One frame every (seconds)')).toHaveValue('10');
  await form.getByLabel('One frame every (seconds)').fill('0');
  await form.getByRole('button', { name: 'Save camera' }).click();
  await expect(form.getByText(/Use a whole number of seconds from 1/)).toBeVisible();
  await form.getByLabel('One frame every (seconds)').fill('10');
  await expect(form.getByText(/Use a whole number of seconds from 1/)).toBeHidden();
  await form.getByRole('button', { name: 'Save camera' }).scrollIntoViewIfNeeded();
  await checkAndCapture(page, 'capture-settings');
});

test('the demo feed stores the photographs of its RSS feed with their licences', async ({ page, service }) => {
  // each photograph is decoded, stored and proposed on as it arrives: on a busy machine they take a minute
  test.setTimeout(120_000);
  const photos = (await readPhotoManifest()).filter((photo) => !isStreetFrame(photo.file));
  const feed = await demoApp(service, 'Photo feed');
  const api = await apiAs(service, DEMO.manager);
  await expect.poll(async () => (await getCaptureStatus(api, feed.application_id)).captured, { timeout: 90_000 }).toBeGreaterThanOrEqual(photos.length);
  const tenantId = await openDemoLab(page, DEMO.manager);
  await page.goto(`/t/${tenantId}/apps/${feed.application_id}/settings`);
  await expect(page.getByRole('form', { name: 'Feed' }).getByLabel('Feed URL')).toHaveValue(/\/photos\.rss$/);
});
