// The workspace a labeller can trust: nothing answered comes back, nothing in hand is kept from others, no edit
// or answer is lost, and every key does what the overlay says for this application type.
import { listApplicationDetections } from '../src/api/endpoints/detections';
import { getPendingCount, MAX_FEEDBACK_PULL, pullFeedback, returnFeedback } from '../src/api/endpoints/feedback';
import { countAnswers } from '../src/api/endpoints/feedback-history';
import type { Annotation } from '../src/features/labelling/types/annotation';
import { expect, test } from './support/fixtures';
import { answerWithEnter, drawBox, drawnItem, onPage, openQueue, releaseHeld, shown, signInToLabel, syncStatus, userAssertions } from './support/labelling';

test('an item answered with quick keys just before leaving is never served again', async ({ page, service }) => {
  const labeller = await signInToLabel(page, service);
  const answered: string[] = [];
  for (let round = 0; round < 3; round += 1) {
    const item = await openQueue(page, labeller, 'classification');
    expect(answered).not.toContain(item.mediaId);
    answered.push(item.mediaId!);
    for (const key of ['2', '1', 'x', 'Enter']) await page.keyboard.press(key);
    await page.getByRole('link', { name: '← Back' }).click();
    await expect(page.getByRole('link', { name: 'Start labelling' })).toBeVisible();
  }
  for (const mediaId of answered) {
    await expect.poll(async () => (await userAssertions(labeller, mediaId, 'classification')).length).toBe(1);
  }
});

test('Enter pressed 30 times as fast as a keyboard repeats answers only what was on screen for the look time, each once', async ({ page, service }) => {
  const labeller = await signInToLabel(page, service);
  const appId = labeller.apps.detection_fullframe;
  await releaseHeld(labeller, 'detection_fullframe');
  const sent: { media_id: string; client_data: { decision_seconds: number } }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/1/applications/${appId}/feedback`)) sent.push(request.postDataJSON());
  });
  await openQueue(page, labeller, 'detection_fullframe');
  const before = (await countAnswers(labeller.api, appId, 'hour')).count;

  for (let press = 0; press < 30; press += 1) await page.keyboard.press('Enter');
  // The last press may have answered an item a moment before its answer reached the outbox: wait until the item now
  // shown could be answered (its look time is over, so is the last answer's sending), then until every answer sent is recorded.
  await drawnItem(page);
  await expect(syncStatus(page)).toHaveText('All sent');
  await expect.poll(async () => (await countAnswers(labeller.api, appId, 'hour')).count - before).toBe(sent.length);
  const answered = sent.length;
  // The first item was seen; the presses that landed on the next ones before they were seen did nothing.
  expect(answered).toBeGreaterThanOrEqual(1);
  expect(answered).toBeLessThan(30);
  expect(sent).toHaveLength(answered);
  expect(new Set(sent.map((body) => body.media_id)).size).toBe(answered);
  for (const body of sent) expect(body.client_data.decision_seconds).toBeGreaterThanOrEqual(0.25);
});

test('leaving the queue hands the items in hand back at once', async ({ page, service }) => {
  const labeller = await signInToLabel(page, service);
  const appId = labeller.apps.point;
  await releaseHeld(labeller, 'point');
  const before = await getPendingCount(labeller.api, appId);
  const item = await openQueue(page, labeller, 'point');
  await expect(page.locator('.workspace__status')).toContainText(/[1-9]\d* in hand/);
  expect((await getPendingCount(labeller.api, appId)).leased).toBeGreaterThan(before.leased);

  await page.getByRole('link', { name: '← Back' }).click();
  // The demo feeder keeps adding items: so follow the item on screen rather than the totals.
  await expect.poll(async () => (await getPendingCount(labeller.api, appId)).leased).toBeLessThanOrEqual(before.leased);
  const servedAgain = await pullFeedback(labeller.api, appId, MAX_FEEDBACK_PULL);
  await returnFeedback(labeller.api, appId, servedAgain.map((request) => request.media_id), { skip: false });
  expect(servedAgain.map((request) => request.media_id)).toContain(item.mediaId);
});

test('what the labeller holds from another device comes back first when the workspace opens', async ({ page, service }) => {
  const labeller = await signInToLabel(page, service);
  const appId = labeller.apps.static_count;
  await releaseHeld(labeller, 'static_count');
  const onOtherDevice = (await pullFeedback(labeller.api, appId, 2)).map((request) => request.media_id);
  expect(onOtherDevice).toHaveLength(2);
  // A plain pull never serves them again to the one who holds them.
  const next = await pullFeedback(labeller.api, appId, MAX_FEEDBACK_PULL);
  expect(next.map((request) => request.media_id)).not.toContain(onOtherDevice[0]);
  await returnFeedback(labeller.api, appId, next.map((request) => request.media_id), { skip: false });

  // Both come first, in the order the service holds them (gold items among them are interleaved at random).
  const first = await openQueue(page, labeller, 'static_count');
  expect(onOtherDevice).toContain(first.mediaId);
  await page.getByRole('button', { name: /^Skip/ }).click();
  const second = await drawnItem(page, first.mediaId);
  expect(onOtherDevice.filter((mediaId) => mediaId !== first.mediaId)).toEqual([second.mediaId]);
});

test('Skip hands the item back, and it is not served to the same labeller again', async ({ page, service }) => {
  const labeller = await signInToLabel(page, service);
  const skipped = await openQueue(page, labeller, 'offset_y');
  await page.getByRole('button', { name: /^Skip/ }).click();
  const next = await drawnItem(page, skipped.mediaId);
  expect(next.mediaId).not.toBe(skipped.mediaId);
  await page.getByRole('link', { name: '← Back' }).click();
  const again = await openQueue(page, labeller, 'offset_y');
  expect(again.mediaId).not.toBe(skipped.mediaId);
  expect(await userAssertions(labeller, skipped.mediaId!, 'offset_y')).toHaveLength(0);
});

test('an edit in progress survives a reload and a return with its undo steps, and answering clears it', async ({ page, service }) => {
  const labeller = await signInToLabel(page, service);
  const item = await openQueue(page, labeller, 'box_detection');
  const { bounds } = item.annotation as Extract<Annotation, { type: 'box_detection' }>;
  await drawBox(page, item, { x: bounds.x0 + 20, y: bounds.y0 + 20 }, { x: bounds.x0 + 120, y: bounds.y0 + 90 });
  const edited = await shown(page);
  expect(edited.annotation).not.toEqual(item.annotation);

  await page.reload();
  const reloaded = await drawnItem(page);
  expect(reloaded.mediaId).toBe(item.mediaId);
  expect(reloaded.annotation).toEqual(edited.annotation);
  // The draft keeps its history: the box drawn before the reload can be undone, and redone.
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await shown(page)).annotation).toEqual(item.annotation);
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(async () => (await shown(page)).annotation).toEqual(edited.annotation);
  await answerWithEnter(page, item);
  await expect.poll(async () => (await userAssertions(labeller, item.mediaId!, 'box_detection')).length).toBe(1);
});

test("number fields answer with Enter and give the keys back with Escape; the count starts from the model's markers", async ({ page, service }) => {
  const labeller = await signInToLabel(page, service);
  const offsetItem = await openQueue(page, labeller, 'offset_x');
  const offset = page.getByLabel(/Offset from the left edge/);
  await offset.fill('37');
  await page.keyboard.press('Escape');
  await expect(offset).not.toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(offset).toHaveValue('38');
  await offset.focus();
  await answerWithEnter(page, offsetItem);
  await expect.poll(async () => (await userAssertions(labeller, offsetItem.mediaId!, 'offset_x'))[0]?.app_data).toBe(38);

  type Counted = Extract<Annotation, { type: 'static_count' }>;
  let countItem = await openQueue(page, labeller, 'static_count');
  while ((countItem.annotation as Counted).count === 0) {
    await page.keyboard.press('s');
    countItem = await drawnItem(page, countItem.mediaId);
  }
  // The model's count is its markers, one on each object it counted.
  const { count: proposed, markers } = countItem.annotation as Counted;
  expect(markers).toHaveLength(proposed);
  const count = page.getByRole('spinbutton', { name: 'Count' });
  await expect(count).toHaveValue(String(proposed));
  // A click on a marker takes its object back; a click on the object counts it again.
  const at = await onPage(page, countItem, markers[0]!.x, markers[0]!.y);
  await page.mouse.click(at.x, at.y);
  await expect(count).toHaveValue(String(proposed - 1));
  await page.mouse.click(at.x, at.y);
  await expect(count).toHaveValue(String(proposed));
  expect(((await shown(page)).annotation as Counted).markers).toHaveLength(proposed);
  const typed = proposed + 2;
  await count.fill(String(typed));
  await expect(page.getByText(`The count (${typed}) is not the number of markers (${proposed})`)).toBeVisible();
  // A count apart from the markers on screen is asked about; Enter again sends it.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText(`The count is ${typed} but ${proposed} markers show`);
  await answerWithEnter(page, countItem);
  await expect.poll(async () => (await userAssertions(labeller, countItem.mediaId!, 'static_count'))[0]?.app_data).toBe(typed);
});

test('the ? overlay and the buttons show only what this application type has', async ({ page, service }) => {
  const labeller = await signInToLabel(page, service);
  await openQueue(page, labeller, 'detection_fullframe');
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog.getByText('Toggle subject')).toBeVisible();
  await expect(dialog.getByText(/Duplicate/)).toHaveCount(0);
  await expect(dialog.getByText(/Choose class/)).toHaveCount(0);
  await expect(dialog.getByText(/Zoom to 1:1/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: /^Not present/ })).toBeVisible();
  await expect(syncStatus(page)).toBeVisible();
});

test('an answer from "Label this media" is sent from whichever page is open, after the service refused it once', async ({ page, service }) => {
  const labeller = await signInToLabel(page, service);
  const appId = labeller.apps.detection_fullframe;
  const { data } = await listApplicationDetections(labeller.api, appId, { limit: 20 });
  const candidates = [];
  for (const record of data) {
    if ((await userAssertions(labeller, record.media.media_id, 'detection_fullframe')).length === 0) candidates.push(record.media.media_id);
  }
  const mediaId = candidates[0]!;
  let refused = 0;
  await page.route('**/feedback', async (route) => {
    if (route.request().method() !== 'POST' || refused > 0) return route.fallback();
    refused += 1;
    await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Busy.' }) });
  });
  await page.goto(`/t/${labeller.tenantId}/apps/${appId}/media/${mediaId}/label?debug=1`);
  await drawnItem(page);
  await page.keyboard.press('x');
  // The workspace is gone at once (back to the application); the answer waits in the app-wide outbox.
  await expect(page.getByRole('link', { name: 'Start labelling' })).toBeVisible();
  await expect.poll(async () => (await userAssertions(labeller, mediaId, 'detection_fullframe')).length, { timeout: 20_000 }).toBeGreaterThan(0);
  expect(refused).toBe(1);
  await expect(page.locator('.topbar__status').getByRole('status')).toHaveText('All sent');
});

test('an image that fails to load offers a retry, and Accept waits until the image is on screen', async ({ page, service }) => {
  const labeller = await signInToLabel(page, service);
  let failing = true;
  await page.route('**/media-files/**', (route) => (failing ? route.abort('connectionreset') : route.continue()));
  await page.goto(`/t/${labeller.tenantId}/apps/${labeller.apps.classification}/label?debug=1`);
  const alert = page.getByRole('alert').filter({ hasText: 'The image could not be loaded' });
  await expect(alert).toBeVisible();
  const acceptButton = page.getByRole('button', { name: /^Accept and go/ });
  await expect(acceptButton).toBeDisabled();
  await page.keyboard.press('Enter');
  await expect(page.locator('.workspace__status')).toContainText('0 answered');

  failing = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  const item = await drawnItem(page);
  await expect(alert).toBeHidden();
  await expect(acceptButton).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await userAssertions(labeller, item.mediaId!, 'classification')).length).toBe(1);
});

test('items per pull is a preference, set once from the top bar and used by every queue', async ({ page, service }) => {
  const labeller = await signInToLabel(page, service);
  await page.getByRole('button', { name: 'Preferences' }).click();
  const dialog = page.getByRole('dialog', { name: 'Preferences' });
  await dialog.getByLabel('Items per pull').selectOption('2');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await releaseHeld(labeller, 'detection_fullframe');
  await openQueue(page, labeller, 'detection_fullframe');
  await expect(page.locator('.workspace__status')).toContainText('2 in hand');
  await page.reload();
  await drawnItem(page);
  await expect(page.locator('.workspace__status')).toContainText('2 in hand');
});
