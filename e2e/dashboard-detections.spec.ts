import { createApiClient } from '../src/api/client';
import { listApplicationDetections } from '../src/api/endpoints/detections';
import { getToken } from '../src/api/endpoints/identity';
import { subjectMediaPath } from '../src/api/endpoints/media';
import { presenceThreshold } from '../src/api/presence';
import { listSubjects } from '../src/api/endpoints/subjects';
import { apiAs, checkAndCapture, DEMO, DEMO_PASSWORD, expect, openDemoLab, test } from './support/fixtures';
import { demoApp, pngOf } from './support/dashboard';

test('detection filters change the results, live in the URL and survive a reload', async ({ page, service }) => {
  const app = await demoApp(service, 'Red bolts');
  const tenantId = await openDemoLab(page, DEMO.manager);
  await page.goto(`/t/${tenantId}/apps/${app.application_id}/detections`);
  await expect(page.getByRole('heading', { level: 1, name: 'Detections · Red bolts' })).toBeVisible();
  const thumbnails = page.getByRole('region', { name: 'Detections' }).getByRole('link', { name: /^Media / });
  await expect(thumbnails.first()).toBeVisible();
  // Each thumbnail names the subject when the model found it (at or above its threshold), and its source, and draws
  // the model's boxes over the image.
  await expect(thumbnails.first()).toHaveAccessibleName(/^Media \S+, (red bolt|Nothing found) by Model(, .+)?, probability \d\.\d\d$/);
  const threshold = presenceThreshold(app.detection_thresholds, app.output_subjects[0]!);
  for (const label of await thumbnails.evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')!))) {
    const probability = Number(/probability (\d\.\d+)$/.exec(label)![1]);
    if (Math.abs(probability - threshold) > 0.01) expect(label.includes(', red bolt by'), label).toBe(probability >= threshold);
  }
  const withBoxes = thumbnails.filter({ has: page.locator('rect.overlay-mark--model') }).first();
  await expect(withBoxes).toBeVisible();
  const image = await withBoxes.locator('img').boundingBox();
  const box = await withBoxes.locator('rect.overlay-mark--model').first().boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(image!.x);
  expect(box!.x + box!.width).toBeLessThanOrEqual(image!.x + image!.width + 1);
  expect(box!.y + box!.height).toBeLessThanOrEqual(image!.y + image!.height + 1);
  await checkAndCapture(page, 'dashboard-detections');
  const everything = await page.getByRole('status').textContent();

  await page.getByLabel('Lowest probability').fill('0.9');
  await expect(page).toHaveURL(/probability_lower=0\.9/);
  await expect(page.getByRole('status')).not.toHaveText(everything!);
  for (const label of await thumbnails.evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')!))) {
    expect(Number(/probability (\d\.\d+)/.exec(label)?.[1])).toBeGreaterThanOrEqual(0.9);
  }
  // The controls show the URL, which changes in a router transition: click, then wait for the state.
  await page.getByLabel('Newest first').click();
  await expect(page.getByLabel('Newest first')).toBeChecked();
  await page.getByRole('radio', { name: 'Model' }).click();
  await expect(page).toHaveURL(/reverse=true/);
  await expect(page).toHaveURL(/source=model/);

  await page.reload();
  await expect(page.getByLabel('Lowest probability')).toHaveValue('0.9');
  await expect(page.getByLabel('Newest first')).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Model' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'People' })).not.toBeChecked();

  // No user has answered yet, so only-user finds nothing while only-model found some: they are exclusive.
  await page.getByRole('radio', { name: 'People' }).click();
  await expect(page).toHaveURL(/source=user/);
  await expect(page.getByRole('radio', { name: 'Model' })).not.toBeChecked();
  await expect(page.getByText('No detections match')).toBeVisible();
});

test('thumbnails draw points and offset lines too, inside their images', async ({ page, service }) => {
  const tenantId = await openDemoLab(page, DEMO.manager);
  const thumbnails = page.getByRole('region', { name: 'Detections' }).getByRole('link', { name: /^Media / });
  for (const [name, mark] of [
    ['Fill level', 'line.overlay-mark--model'],
    ['Markers', 'path.overlay-mark--point'],
  ] as const) {
    const app = await demoApp(service, name);
    await page.goto(`/t/${tenantId}/apps/${app.application_id}/detections`);
    const marked = thumbnails.filter({ has: page.locator(mark) }).first();
    await expect(marked).toBeVisible();
    const image = (await marked.locator('img').boundingBox())!;
    const drawn = (await marked.locator(mark).first().boundingBox())!;
    expect(drawn.x).toBeGreaterThanOrEqual(image.x - 4);
    expect(drawn.y + drawn.height).toBeLessThanOrEqual(image.y + image.height + 4);
  }
  await checkAndCapture(page, 'dashboard-detections-points');
});

test('a filter the service refuses is explained in words beside it', async ({ page, service }) => {
  const app = await demoApp(service, 'Red bolts');
  const tenantId = await openDemoLab(page, DEMO.manager);
  await page.goto(`/t/${tenantId}/apps/${app.application_id}/detections`);
  await page.getByLabel('Highest probability').fill('0.2');
  await page.getByLabel('Lowest probability').fill('0.9');
  const lowest = page.getByLabel('Lowest probability');
  await expect(lowest).toHaveAccessibleDescription('The lowest probability cannot be above the highest.');
  await expect(lowest).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('These filters cannot be combined')).toBeVisible();
  await expect(page.getByText(/probability_lower/)).toHaveCount(0);
  await checkAndCapture(page, 'dashboard-detections-filter-error');

  await page.getByLabel('Highest probability').fill('1');
  await expect(lowest).not.toHaveAttribute('aria-invalid');
  await expect(page.getByRole('region', { name: 'Detections' }).getByRole('link', { name: /^Media / }).first()).toBeVisible();
});

test('scrolling the detections loads the next page', async ({ page, service }) => {
  // The demo keeps adding scenes (its feeder); 30 more make sure there is a second page of the 60 asked for.
  const app = await demoApp(service, 'Part kind');
  const api = await apiAs(service, DEMO.manager);
  const camera = (await listSubjects(api)).data.find((subject) => subject.name === 'Camera: Part kind')!;
  const token = (await getToken(createApiClient({ baseUrl: service.url }), { email: DEMO.manager, password: DEMO_PASSWORD })).access_token;
  for (let index = 0; index < 30; index += 1) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await pngOf(32 + index, 32))], { type: 'image/png' }), `extra-${index}.png`);
    const response = await fetch(`${service.url}${subjectMediaPath(camera.subject_uid)}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(response.ok).toBe(true);
  }
  await expect(async () => {
    expect((await listApplicationDetections(api, app.application_id, { limit: 100 })).data.length).toBeGreaterThan(60);
  }).toPass({ timeout: 30_000 });

  const tenantId = await openDemoLab(page, DEMO.manager);
  await page.goto(`/t/${tenantId}/apps/${app.application_id}/detections`);
  await expect(page.getByRole('status')).toHaveText('60 shown, more load as you scroll');
  await page.getByRole('region', { name: 'Detections' }).evaluate((grid) => grid.scrollTo(0, grid.scrollHeight));
  await expect(page.getByRole('status')).toHaveText(/^(6[1-9]|[7-9]\d|1\d\d+) shown/);
});

test('the media page draws the assertions and lists the timeline and associations', async ({ page, service }) => {
  const app = await demoApp(service, 'Red bolts');
  const tenantId = await openDemoLab(page, DEMO.manager);
  await page.goto(`/t/${tenantId}/apps/${app.application_id}/detections`);
  const first = page.getByRole('region', { name: 'Detections' }).getByRole('link', { name: /^Media / }).first();
  const filename = /^Media (\S+),/.exec((await first.getAttribute('aria-label'))!)![1]!;
  await first.click();

  await expect(page.getByRole('heading', { level: 1, name: filename })).toBeVisible();
  const image = page.getByRole('img', { name: filename });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator('.media-view svg rect').first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Marks of' })).toHaveValue(app.application_id);
  const associations = page.getByRole('table', { name: 'Current associations' });
  await expect(associations.getByRole('row').nth(1)).toContainText(/red bolt|Camera: Red bolts/);
  await expect(associations.getByRole('columnheader', { name: 'Consensus' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'By models' })).toContainText('red bolt');
  // The admin put the scene on its camera subject: shown by email, never by the internal user id.
  const people = page.getByRole('region', { name: 'By people' });
  await expect(people).toContainText(DEMO.admin);
  await expect(people).not.toContainText(/usr_/);
  await expect(page.getByRole('list', { name: 'Marks on the image' })).toContainText(/Model’s marks \(\d+\)/);
  await expect(page.getByRole('list', { name: 'Marks on the image' })).toContainText(/People’s marks \(\d+\)/);
  // The image is as large as the window allows beside the panel (more than half its width), and whole in view.
  const shown = await image.boundingBox();
  expect(shown!.width).toBeGreaterThan(1440 / 2);
  expect(shown!.y + shown!.height).toBeLessThanOrEqual(900);
  await checkAndCapture(page, 'dashboard-media');

  await page.getByRole('link', { name: 'Label this media' }).click();
  await expect(page).toHaveURL(new RegExp(`/t/${tenantId}/apps/${app.application_id}/media/[^/]+/label$`));
});

test('a photo marked by several applications shows whole in a smaller window, beside tables that fit their panel', async ({ page, service }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const app = await demoApp(service, 'People and cars');
  const tenantId = await openDemoLab(page, DEMO.manager);
  await page.goto(`/t/${tenantId}/apps/${app.application_id}/detections`);
  await page.getByRole('region', { name: 'Detections' }).getByRole('link', { name: /^Media / }).first().click();
  const models = page.getByRole('region', { name: 'By models' });
  await expect(models.getByRole('row').nth(1)).toBeVisible();
  await expect(models).not.toContainText('An earlier model');
  const image = page.locator('.media-view img');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // whole above the footer: inside the scrolling main area
  const shown = (await image.boundingBox())!;
  const main = (await page.getByRole('main').boundingBox())!;
  expect(shown.y + shown.height).toBeLessThanOrEqual(main.y + main.height);
  const overflowing = await page
    .locator('.media-side table')
    .evaluateAll((tables) => tables.filter((table) => table.scrollWidth > table.parentElement!.clientWidth).map((table) => table.getAttribute('aria-label') ?? table.parentElement!.getAttribute('aria-label')));
  expect(overflowing).toEqual([]);
  await checkAndCapture(page, 'dashboard-media-photo');
});
