// An answer is about what the labeller saw: a bounce or an impatient key never answers the next item. And the items
// a team building a dataset wants: every item, or those a manager queues by hand.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { createApplication, getCaptureStatus, listApplications } from '../src/api/endpoints/applications';
import { getPendingCount } from '../src/api/endpoints/feedback';
import { createSubject } from '../src/api/endpoints/subjects';
import { uploadMediaToSubject } from '../src/api/endpoints/uploads';
import type { ApiClient } from '../src/api/client';
import type { Annotation } from '../src/features/labelling/types/annotation';
import { apiAs, DEMO, expect, openDemoLab, saveScreenshot, test } from './support/fixtures';
import { drawnItem, onPage, openAppQueue, openQueue, releaseHeld, shown, signInToLabel, syncStatus, userAssertions } from './support/labelling';

/** The answers the page posts to the application, as sent. */
function postedAnswers(page: Page, appId: string) {
  const sent: { media_id: string }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/1/applications/${appId}/feedback`)) sent.push(request.postDataJSON());
  });
  return sent;
}

test('a double click on Accept answers the item on screen, not the next one', async ({ page, service }) => {
  const labeller = await signInToLabel(page, service);
  await releaseHeld(labeller, 'detection_fullframe');
  const sent = postedAnswers(page, labeller.apps.detection_fullframe);
  const item = await openQueue(page, labeller, 'detection_fullframe');
  await page.getByRole('button', { name: /^Accept and go/ }).dblclick();
  await expect(page.getByTestId('sight-cue')).toBeVisible();
  await saveScreenshot(page, 'workspace-too-soon');
  const next = await drawnItem(page, item.mediaId);
  await expect(syncStatus(page)).toHaveText('All sent');
  expect(sent.map((body) => body.media_id)).toEqual([item.mediaId]);
  expect(await userAssertions(labeller, next.mediaId!, 'detection_fullframe')).toHaveLength(0);
});

test('keys pressed while the next item loads answer nothing, and are not kept for when it shows', async ({ page, service }) => {
  const labeller = await signInToLabel(page, service);
  await releaseHeld(labeller, 'offset_y');
  const sent = postedAnswers(page, labeller.apps.offset_y);
  // One item in hand at a time: the next one's image is not loaded ahead, so it is still on its way as the keys land.
  await page.getByRole('button', { name: 'Preferences' }).click();
  const preferences = page.getByRole('dialog', { name: 'Preferences' });
  await preferences.getByLabel('Items per pull').selectOption('1');
  await preferences.getByRole('button', { name: 'Done' }).click();
  const item = await openQueue(page, labeller, 'offset_y');
  // Every image from now on takes a second and a half to arrive.
  await page.route('**/media-files/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.keyboard.press('Enter');
  await expect.poll(() => sent.length).toBe(1);
  for (const key of ['Enter', 'x', 'Enter', 's']) await page.keyboard.press(key);
  const next = await drawnItem(page, item.mediaId);
  await page.waitForTimeout(500);
  await expect(syncStatus(page)).toHaveText('All sent');
  expect(sent.map((body) => body.media_id)).toEqual([item.mediaId]);
  expect((await shown(page)).mediaId).toBe(next.mediaId);
  await page.unroute('**/media-files/**');
});

test('after a count the rule refuses, a click counts from the markers again: the count and its markers agree', async ({ page, service }) => {
  const labeller = await signInToLabel(page, service);
  type Counted = Extract<Annotation, { type: 'static_count' }>;
  let item = await openQueue(page, labeller, 'static_count');
  while ((item.annotation as Counted).markers.length === 0) {
    await page.keyboard.press('s');
    item = await drawnItem(page, item.mediaId);
  }
  const count = page.getByRole('spinbutton', { name: 'Count' });
  await count.fill('-1');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('A count is a whole number');
  await page.keyboard.press('Escape');
  // Shift+click: a marker exactly where clicked, in a corner of the item away from the model's.
  const { bounds, markers } = item.annotation as Counted;
  const at = await onPage(page, item, bounds.x0 + 3, bounds.y0 + 3);
  await page.keyboard.down('Shift');
  await page.mouse.click(at.x, at.y);
  await page.keyboard.up('Shift');
  await expect(count).toHaveValue(String(markers.length + 1));
  expect(((await shown(page)).annotation as Counted).markers).toHaveLength(markers.length + 1);
});

/** Plain images on the subject, each a shade of blue: a red detector is sure there is no red in them. */
async function uploadBlueImages(admin: ApiClient, subject: string, name: string, n: number): Promise<string[]> {
  const mediaIds: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const png = await sharp({ create: { width: 160, height: 120, channels: 3, background: { r: 20 + i, g: 110, b: 200 } } }).png().toBuffer();
    mediaIds.push((await uploadMediaToSubject(admin, subject, new Blob([new Uint8Array(png)], { type: 'image/png' }), `${name}-${i}.png`)).media_id);
  }
  return mediaIds;
}

const redDetector = (admin: ApiClient, name: string, input: string, output: string, feedback_scope: 'uncertain' | 'all') =>
  createApplication(admin, {
    name,
    type: 'detection_fullframe',
    input_subjects: [input],
    output_subjects: [output],
    app_managers: [DEMO.manager],
    custom_fields: { appearance: { [output]: { color: '#c81e1e' } } },
    feedback_scope,
  });

test('every item reaches the labellers where the application wants every item; a manager queues the others by hand', async ({ page, service }) => {
  const tenantId = await openDemoLab(page, DEMO.manager);
  const admin = await apiAs(service, DEMO.admin, tenantId);
  const { subject_uid: red } = await createSubject(admin, { name: `Red paint ${Date.now()}` });
  const { subject_uid: line } = await createSubject(admin, { name: `Paint line ${Date.now()}` });
  const every = await redDetector(admin, 'Every paint item', line, red, 'all');
  const unsure = await redDetector(admin, 'Unsure paint items', line, red, 'uncertain');
  const mediaIds = await uploadBlueImages(admin, line, 'paint', 3);
  const pending = async (appId: string) => (await getPendingCount(admin, appId)).pending;
  await expect.poll(() => pending(every.application_id), { timeout: 30_000 }).toBe(3);
  expect(await pending(unsure.application_id)).toBe(0);

  // The manager queues two of the sure ones from the Detections page.
  await page.goto(`/t/${tenantId}/apps/${unsure.application_id}/detections`);
  await page.getByRole('checkbox', { name: /^Select paint-0/ }).check();
  await page.getByRole('checkbox', { name: /^Select paint-1/ }).check();
  await saveScreenshot(page, 'detections-queue-selected');
  await page.getByRole('button', { name: 'Queue selected for labelling' }).click();
  await expect(page.getByText('Queued 2 items for labelling')).toBeVisible();
  await expect.poll(() => pending(unsure.application_id), { timeout: 30_000 }).toBe(2);

  // Queued again with the third: the two are said to be waiting, and only the third is new.
  await page.getByRole('button', { name: 'Queue all shown for labelling' }).click();
  await expect(page.getByText('Queued 1 item for labelling; each reaches the labellers once the model has looked at it. Left as they were: 2 items already waiting.')).toBeVisible();
  await expect.poll(() => pending(unsure.application_id), { timeout: 30_000 }).toBe(3);

  // The settings page says which items are queued, and the labeller labels them.
  await page.goto(`/t/${tenantId}/apps/${every.application_id}/settings`);
  await expect(page.getByRole('radio', { name: /^Every item, once/ })).toBeChecked();
  await page.getByRole('group', { name: 'Items to label' }).scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'settings-items-to-label');
  const item = await openAppQueue(page, tenantId, unsure.application_id);
  expect(mediaIds).toContain(item.mediaId);
});

test('a feed made from the New application dialog with only its address brings its images in', async ({ page, service }) => {
  const manager = await apiAs(service, DEMO.manager);
  const demoFeed = (await listApplications(manager)).data.find((app) => app.type === 'social_feed')!;
  const feedUrl = String(demoFeed.custom_fields['feed_url']);
  await openDemoLab(page, DEMO.admin);
  await page.getByRole('button', { name: 'New application' }).click();
  const dialog = page.getByRole('dialog', { name: 'New application' });
  await dialog.getByLabel('Name').fill('Our feed');
  await dialog.getByLabel('Type').selectOption('network_camera');
  await expect(dialog.getByLabel('Camera URL')).toBeVisible();
  await saveScreenshot(page, 'new-application-camera');
  await dialog.getByLabel('Type').selectOption('social_feed');
  await expect(dialog.getByRole('group', { name: /Input subjects/ })).toHaveCount(0);
  await expect(dialog.getByLabel('Read it every (seconds)')).toHaveValue('300');
  await dialog.getByRole('button', { name: 'Create application' }).click();
  await expect(dialog.getByText(/A feed needs its address \(feed_url\)/)).toBeVisible();
  await dialog.getByLabel('Feed URL').fill(feedUrl);
  await dialog.getByRole('group', { name: /Output subjects/ }).getByLabel('New subject for output subjects').fill('Our feed images');
  await dialog.getByRole('group', { name: /Output subjects/ }).getByRole('button', { name: 'Add subject' }).click();
  await saveScreenshot(page, 'new-application-feed');
  await dialog.getByRole('button', { name: 'Create application' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Our feed' })).toBeVisible();
  const appId = page.url().split('/apps/')[1]!.split('/')[0]!;
  await expect.poll(async () => (await getCaptureStatus(manager, appId)).captured, { timeout: 30_000 }).toBeGreaterThan(0);
});
