import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { createApiClient } from '../src/api/client';
import { getApplication, listApplications, updateApplication } from '../src/api/endpoints/applications';
import { listApplicationDetections } from '../src/api/endpoints/detections';
import { listGateways } from '../src/api/endpoints/gateways';
import { getToken, listTenantInvites } from '../src/api/endpoints/identity';
import { subjectMediaPath } from '../src/api/endpoints/media';
import { getSubject, listSubjects } from '../src/api/endpoints/subjects';
import { ForbiddenError } from '../src/api/errors';
import type { Application } from '../src/api/schemas/application';
import {
  apiAs,
  checkAndCapture,
  DEMO,
  DEMO_PASSWORD,
  expect,
  expectNoSeriousA11yViolations,
  openDemoLab,
  saveScreenshot,
  test,
} from './support/fixtures';
import type { RunningService } from './support/service';

const DEMO_APP_NAMES = ['Part kind', 'Parts present', 'Red bolts', 'Nut count', 'Washer position', 'Fill level', 'Markers'];

async function demoApp(service: RunningService, name: string): Promise<Application> {
  const api = await apiAs(service, DEMO.manager);
  const { data } = await listApplications(api);
  return data.find((application) => application.name === name)!;
}

async function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } }).png().toBuffer();
}

const applicationsTable = (page: Page) => page.getByRole('table', { name: 'Applications' });

test('the dashboard lists the seven demo applications, searchable and filterable', async ({ page }) => {
  await openDemoLab(page, DEMO.manager);
  const rows = applicationsTable(page).getByRole('row');
  await expect(rows).toHaveCount(1 + DEMO_APP_NAMES.length);
  for (const name of DEMO_APP_NAMES) await expect(applicationsTable(page).getByRole('link', { name, exact: true })).toBeVisible();

  const redBolts = rows.filter({ has: page.getByRole('link', { name: 'Red bolts' }) });
  await expect(redBolts.getByRole('cell')).toHaveText(['Red bolts', 'box_detection', 'Active', /^[1-9]\d*$/, 'red bolt', /\d{4}|\d:\d\d/, 'Label']);
  await expect(page.getByRole('navigation', { name: 'Tenant' }).getByRole('link')).toHaveText(['Dashboard', 'Upload', 'Gateways']);
  await expect(page.getByRole('button', { name: 'New application' })).toHaveCount(0);
  await checkAndCapture(page, 'dashboard', { readme: true });

  await page.getByRole('searchbox', { name: 'Search applications' }).fill('nut count');
  await expect(rows).toHaveCount(2);
  await expect(page).toHaveURL(/q=nut\+count/);
  await page.getByRole('searchbox', { name: 'Search applications' }).fill('');
  await page.getByLabel('Type').selectOption('offset_y');
  await expect(rows).toHaveCount(2);
  await expect(applicationsTable(page).getByRole('link', { name: 'Fill level', exact: true })).toBeVisible();
  await page.getByLabel('Status').selectOption('inactive');
  await expect(page.getByText('No applications match')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Type')).toHaveValue('offset_y');
  await expect(page.getByLabel('Status')).toHaveValue('inactive');
});

test('a labeller sees only what they can use: the applications, each with its Label action', async ({ page, service }) => {
  const tenantId = await openDemoLab(page, DEMO.labeller);
  const nav = page.getByRole('navigation', { name: 'Tenant' });
  await expect(applicationsTable(page).getByRole('row')).toHaveCount(1 + DEMO_APP_NAMES.length);
  await expect(nav.getByRole('link')).toHaveText(['Dashboard']);
  for (const name of DEMO_APP_NAMES) await expect(page.getByRole('link', { name: `Label ${name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Delete application/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New application' })).toHaveCount(0);
  await checkAndCapture(page, 'dashboard-labeller');

  const markers = await demoApp(service, 'Markers');
  await page.getByRole('link', { name: 'Label Markers' }).click();
  await expect(page).toHaveURL(`/t/${tenantId}/apps/${markers.application_id}/label`);
});

test('an admin creates an application with a new subject, then deletes it after confirming', async ({ page, service }) => {
  const tenantId = await openDemoLab(page, DEMO.admin);
  const name = `Scratches ${Date.now()}`;
  await page.getByRole('button', { name: 'New application' }).click();
  const dialog = page.getByRole('dialog', { name: 'New application' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Type', { exact: true }).selectOption('box_detection');
  await dialog.getByRole('group', { name: 'Input subjects' }).getByRole('checkbox', { name: 'Camera: Red bolts' }).check();
  const outputs = dialog.getByRole('group', { name: 'Output subjects' });
  await outputs.getByLabel('New subject for output subjects').fill(`scratch ${Date.now()}`);
  await outputs.getByRole('button', { name: 'Add subject' }).click();
  await expect(outputs.getByRole('checkbox', { name: /^scratch / })).toBeChecked();
  await expect(outputs.getByRole('checkbox', { name: /^scratch / })).toBeInViewport();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'dashboard-new-application');
  await dialog.getByRole('button', { name: 'Create application' }).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const admin = await apiAs(service, DEMO.admin, tenantId);
  const created = (await listApplications(admin)).data.find((application) => application.name === name)!;
  const subjects = await listSubjects(admin);
  expect(created.output_subjects.map((uid) => subjects.data.find((s) => s.subject_uid === uid)?.name)).toEqual([
    expect.stringMatching(/^scratch /),
  ]);

  await page.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('button', { name: `Delete application ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete application' });
  await expect(confirm).toContainText(name);
  await checkAndCapture(page, 'dashboard-delete-application');
  await confirm.getByRole('button', { name: 'Delete application' }).click();
  await expect(confirm).toBeHidden();
  await expect(applicationsTable(page).getByRole('link', { name })).toHaveCount(0);
  expect((await listApplications(admin)).data.map((application) => application.name)).not.toContain(name);
});

test('the application page shows its settings, pending feedback and activity, and leads to labelling', async ({ page, service }) => {
  const app = await demoApp(service, 'Nut count');
  const tenantId = await openDemoLab(page, DEMO.manager);
  await applicationsTable(page).getByRole('link', { name: 'Nut count', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nut count' })).toBeVisible();
  const settings = page.getByRole('region', { name: 'Settings' });
  await expect(settings).toContainText('static_count');
  await expect(settings).toContainText('yellow nut');
  await expect(settings).toContainText(DEMO.manager);
  const activity = page.getByRole('region', { name: 'Assertions by source' });
  await expect(activity.getByRole('definition').first()).toHaveText(/^[1-9]\d*$/);
  await activity.getByRole('radio', { name: 'Per hour' }).check();
  // The demo data is minutes old, so there are one or two hourly buckets; each must still show as a point.
  const hourly = activity.getByRole('table', { name: 'Assertions per hour' });
  await expect(hourly).toBeAttached();
  const buckets = await hourly.getByRole('row').count();
  expect(buckets).toBeGreaterThan(1);
  await expect(activity.locator('.chart__point--model')).toHaveCount(buckets - 1);
  await expect(activity.locator('.chart__point--model').first()).toBeVisible();
  await checkAndCapture(page, 'dashboard-application');

  await page.getByRole('link', { name: 'Start labelling' }).click();
  await expect(page).toHaveURL(`/t/${tenantId}/apps/${app.application_id}/label`);
});

test('detection filters change the results, live in the URL and survive a reload', async ({ page, service }) => {
  const app = await demoApp(service, 'Red bolts');
  const tenantId = await openDemoLab(page, DEMO.manager);
  await page.goto(`/t/${tenantId}/apps/${app.application_id}/detections`);
  await expect(page.getByRole('heading', { level: 1, name: 'Detections · Red bolts' })).toBeVisible();
  const thumbnails = page.getByRole('region', { name: 'Detections' }).getByRole('link', { name: /^Media / });
  await expect(thumbnails.first()).toBeVisible();
  // Each thumbnail names its subject and source, and draws the model's boxes over the image.
  await expect(thumbnails.first()).toHaveAccessibleName(/^Media \S+, red bolt by Model(, .+)?, probability \d\.\d\d$/);
  await expect(thumbnails.first()).toContainText('red bolt');
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

test('a manager changes the feedback rate and a threshold, and the service holds them', async ({ page, service }) => {
  const app = await demoApp(service, 'Washer position');
  const tenantId = await openDemoLab(page, DEMO.manager);
  await page.goto(`/t/${tenantId}/apps/${app.application_id}/settings`);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings · Washer position' })).toBeVisible();
  await checkAndCapture(page, 'dashboard-settings');

  await page.getByRole('radio', { name: 'A fixed number' }).check();
  await page.getByLabel('Requests per hour').fill('42');
  await page.getByLabel('Threshold for blue washer', { exact: true }).fill('0.35');
  await expect(page.getByLabel('Threshold for blue washer (slider)')).toHaveValue('0.35');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();

  const manager = await apiAs(service, DEMO.manager);
  const saved = await getApplication(manager, app.application_id);
  expect(saved.requested_feedback_per_hour).toBe(42);
  expect(Object.values(saved.detection_thresholds)).toEqual([0.35]);

  // the output subject's detector class: automatic (its name maps to none), then a class, saved at once
  const washer = app.output_subjects[0]!;
  const mapping = page.getByRole('combobox', { name: 'blue washer' });
  await expect(mapping).toHaveValue('');
  await expect(mapping.locator('option:checked')).toHaveText('Automatic (none)');
  await mapping.selectOption('cup');
  await expect.poll(async () => (await getSubject(manager, washer)).detector_class).toBe('cup');
  await mapping.selectOption({ label: 'Automatic (none)' });
  await expect.poll(async () => (await getSubject(manager, washer)).detector_class).toBeNull();

  await page.getByLabel('Description').fill('x'.repeat(10_001));
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByLabel('Description')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Description')).toHaveAccessibleDescription(/.+/);
  await saveScreenshot(page, 'dashboard-settings-error');
  expect((await getApplication(manager, app.application_id)).description).toBe(app.description);
});

test('a labeller sees settings read-only, and the service refuses their change', async ({ page, service }) => {
  const app = await demoApp(service, 'Fill level');
  const tenantId = await openDemoLab(page, DEMO.labeller);
  await page.goto(`/t/${tenantId}/apps/${app.application_id}/settings`);
  await expect(
    page.getByText(`Read-only for you: tenant administrators and this application’s managers (${DEMO.manager}) can change these settings.`),
  ).toBeVisible();
  await expect(page.getByLabel('Description')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
  await checkAndCapture(page, 'dashboard-settings-read-only');

  const labeller = await apiAs(service, DEMO.labeller);
  await expect(updateApplication(labeller, app.application_id, { requested_feedback_per_hour: 1 })).rejects.toBeInstanceOf(ForbiddenError);
  await expect(updateApplication(labeller, app.application_id, { requested_feedback_per_hour: 1 })).rejects.toMatchObject({ status: 403 });
});

test('upload sends several files with progress per file, refuses the bad ones and summarises', async ({ page, service }) => {
  await openDemoLab(page, DEMO.manager);
  await page.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'Upload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upload' })).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('');
  await page.getByRole('button', { name: 'Choose files' }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose the subject these images belong to first.');
  await page.getByLabel('Subject').selectOption({ label: 'Camera: Markers' });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Subject').locator('option:checked')).toHaveText('Camera: Markers');
  await checkAndCapture(page, 'dashboard-upload-empty');

  const stamp = Date.now();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles([
    { name: `first-${stamp}.png`, mimeType: 'image/png', buffer: await pngOf(64, 48) },
    { name: `second-${stamp}.png`, mimeType: 'image/png', buffer: await pngOf(80, 60) },
    { name: `notes-${stamp}.txt`, mimeType: 'text/plain', buffer: Buffer.from('not an image') },
    { name: `huge-${stamp}.png`, mimeType: 'image/png', buffer: Buffer.alloc(25 * 1024 * 1024 + 1) },
  ]);

  await expect(page.getByRole('status').filter({ hasText: 'uploaded' })).toHaveText('2 uploaded, 2 failed');
  for (const name of [`first-${stamp}.png`, `second-${stamp}.png`]) {
    await expect(page.getByRole('progressbar', { name: `Upload of ${name}` })).toHaveAttribute('value', '1');
  }
  await expect(page.getByRole('alert').filter({ hasText: `notes-${stamp}.txt` })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: `huge-${stamp}.png` })).toContainText('Too large');
  await checkAndCapture(page, 'dashboard-upload');

  const api = await apiAs(service, DEMO.manager);
  const markers = await demoApp(service, 'Markers');
  const uploaded = [`first-${stamp}.png`, `second-${stamp}.png`];
  await expect(async () => {
    const { data } = await listApplicationDetections(api, markers.application_id, { limit: 100, reverse: true });
    const names = data.map((record) => record.media.filename);
    expect(names).toEqual(expect.arrayContaining(uploaded));
  }).toPass({ timeout: 20_000 });
});

test('gateways: problems at a glance in the list, and a gateway page comparing the current report with the previous one', async ({
  page,
  service,
}) => {
  await openDemoLab(page, DEMO.manager);
  // The demo's reports are as old as the demo data; the browser's clock goes back to a minute after them.
  const reports = (await listGateways(await apiAs(service, DEMO.manager))).data;
  const lineOne = reports.find((gateway) => gateway.name === 'Line 1 edge box')!;
  const reportedAt = lineOne.current_status!.timestamp!;
  await page.clock.setFixedTime((reportedAt + 60) * 1000);

  await page.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'Gateways' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gateways' })).toBeVisible();
  await expect(page.getByText('1 of 2 gateways needs attention.')).toBeVisible();
  const table = page.getByRole('table', { name: 'Gateways' });
  const packing = table.getByRole('row').filter({ hasText: 'Packing station' });
  await expect(packing.getByRole('listitem')).toHaveText(['Offline', /^Disk 8\d% full$/, 'belt-cam-1 dropping frames']);
  await expect(packing).toContainText(/\d+ min(ute)?s? ago/);
  await expect(table.getByRole('row').filter({ hasText: 'Line 1 edge box' }).getByRole('cell').nth(2)).toHaveText('OK');
  await checkAndCapture(page, 'dashboard-gateways');

  await table.getByRole('link', { name: 'Packing station' }).click();
  const problems = page.getByRole('region', { name: 'Needs attention' });
  await expect(problems.getByRole('listitem')).toHaveText([
    /Offline: its last report says it has no connection to the cloud\./,
    /The disk is 8\d% full, \d+(\.\d)? GiB free\./,
    /Camera belt-cam-1 lost 7 frames since the previous report \(7 bad\)\./,
  ]);
  await checkAndCapture(page, 'dashboard-gateway-problems');

  await page.goBack();
  await table.getByRole('link', { name: 'Line 1 edge box' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Line 1 edge box' })).toBeVisible();
  await expect(page.getByText(/Reported .*ago/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Needs attention' })).toHaveCount(0);
  const status = page.getByRole('table', { name: 'Status' });
  await expect(status.getByRole('columnheader', { name: 'Now' })).toBeVisible();
  await expect(status.getByRole('columnheader', { name: 'Before' })).toBeVisible();
  await expect(status.getByRole('row').filter({ hasText: 'Disk free' }).getByRole('cell').last()).toHaveText(/^−\d+(\.\d)? MiB$/);
  await expect(page.getByRole('table', { name: 'Cameras' }).getByRole('row').nth(1)).toContainText('180');
  await checkAndCapture(page, 'dashboard-gateway');

  // An hour on without a report, the healthy gateway is flagged too.
  await page.clock.setFixedTime((reportedAt + 3600) * 1000);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Needs attention' })).toContainText(
    'Not reporting: no report for 60 minutes, though it reports every 60 seconds.',
  );
});

test('a tenant admin invites a user by email and resends the invite', async ({ page, service }) => {
  const tenantId = await openDemoLab(page, DEMO.admin);
  await page.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tenant admin' })).toBeVisible();
  const email = `invitee-${Date.now()}@example.test`;
  await page.getByLabel('Email to invite').fill(email);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  // The code to pass on is shown once, with the invite.
  await expect(page.getByText(`Invite sent to ${email}.`)).toBeVisible();
  await expect(page.locator('.invite-code')).toHaveText(/\S{8,}/);
  const invites = page.getByRole('table', { name: 'Pending invites' });
  const row = invites.getByRole('row').filter({ hasText: email });
  await expect(row.getByRole('cell').nth(2)).toHaveText('0');
  await checkAndCapture(page, 'dashboard-admin');

  await row.getByRole('button', { name: `Resend invite to ${email}` }).click();
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  const admin = await apiAs(service, DEMO.admin, tenantId);
  const invite = (await listTenantInvites(admin)).data.find((candidate) => candidate.invited_user_email === email);
  expect(invite?.resend_counter).toBe(1);
});
