import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { getApplication, listApplications, updateApplication } from '../src/api/endpoints/applications';
import { listApplicationDetections } from '../src/api/endpoints/detections';
import { listTenantInvites } from '../src/api/endpoints/identity';
import { listSubjects } from '../src/api/endpoints/subjects';
import { ForbiddenError } from '../src/api/errors';
import type { Application } from '../src/api/types';
import { apiAs, DEMO, expect, expectNoSeriousA11yViolations, saveScreenshot, signIn, test } from './support/fixtures';
import type { RunningService } from './support/service';

const DEMO_APP_NAMES = ['Part kind', 'Parts present', 'Red bolts', 'Nut count', 'Washer position', 'Fill level', 'Markers'];

/** Signs in and lands on the Demo Lab dashboard (an admin picks the tenant first). */
async function openDemoLab(page: Page, email: string): Promise<string> {
  await signIn(page, email);
  if (email === DEMO.admin) await page.getByRole('button', { name: /Demo Lab/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Lab' })).toBeVisible();
  return new URL(page.url()).pathname.split('/')[2]!;
}

async function demoApp(service: RunningService, name: string): Promise<Application> {
  const api = await apiAs(service, DEMO.manager);
  const { data } = await listApplications(api);
  return data.find((application) => application.name === name)!;
}

/** Checks the page as it stands, then saves it in light and in dark. */
async function checkAndCapture(page: Page, name: string, options: { readme?: boolean } = {}) {
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, name, options);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
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
  await expect(redBolts.getByRole('cell')).toHaveText(['Red bolts', 'box_detection', 'Active', /^[1-9]\d*$/, 'red bolt', /\d{4}|\d:\d\d/]);
  await expect(page.getByRole('button', { name: 'New application' })).toHaveCount(0);
  await checkAndCapture(page, 'dashboard', { readme: true });

  await page.getByRole('searchbox', { name: 'Search applications' }).fill('nut count');
  await expect(rows).toHaveCount(2);
  await expect(page).toHaveURL(/q=nut\+count/);
  await page.getByRole('searchbox', { name: 'Search applications' }).fill('');
  await page.getByLabel('Type').selectOption('offset_y');
  await expect(rows).toHaveCount(2);
  await expect(applicationsTable(page).getByRole('link', { name: 'Fill level' })).toBeVisible();
  await page.getByLabel('Status').selectOption('inactive');
  await expect(page.getByText('No applications match')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Type')).toHaveValue('offset_y');
  await expect(page.getByLabel('Status')).toHaveValue('inactive');
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
  await applicationsTable(page).getByRole('link', { name: 'Nut count' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nut count' })).toBeVisible();
  const settings = page.getByRole('region', { name: 'Settings' });
  await expect(settings).toContainText('static_count');
  await expect(settings).toContainText('yellow nut');
  await expect(settings).toContainText(DEMO.manager);
  const activity = page.getByRole('region', { name: 'Assertions by source' });
  await expect(activity.getByRole('definition').first()).toHaveText(/^[1-9]\d*$/);
  await page.getByRole('radio', { name: 'Per hour' }).check();
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
  await expect(page.getByRole('radio', { name: 'Users' })).not.toBeChecked();

  // No user has answered yet, so only-user finds nothing while only-model found some: they are exclusive.
  await page.getByRole('radio', { name: 'Users' }).click();
  await expect(page).toHaveURL(/source=user/);
  await expect(page.getByRole('radio', { name: 'Model' })).not.toBeChecked();
  await expect(page.getByText('No detections match')).toBeVisible();
});

test('scrolling the detections loads the next page', async ({ page, service }) => {
  // The demo feeds each application well over the 60 detections the browser asks for at a time.
  const app = await demoApp(service, 'Part kind');
  const api = await apiAs(service, DEMO.manager);
  const total = (await listApplicationDetections(api, app.application_id, { limit: 100 })).data.length;
  expect(total).toBeGreaterThan(60);

  const tenantId = await openDemoLab(page, DEMO.manager);
  await page.goto(`/t/${tenantId}/apps/${app.application_id}/detections`);
  await expect(page.getByRole('status')).toHaveText('60 shown, more load as you scroll');
  await page.getByRole('region', { name: 'Detections' }).evaluate((grid) => grid.scrollTo(0, grid.scrollHeight));
  await expect(page.getByRole('status')).toHaveText(/^(6[1-9]|[7-9]\d|1[01]\d|120) shown/);
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
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator('.media-view svg rect').first()).toBeVisible();
  const associations = page.getByRole('table', { name: 'Current associations' });
  await expect(associations.getByRole('row').nth(1)).toContainText(/red bolt|Camera: Red bolts/);
  await expect(associations.getByRole('columnheader', { name: 'Consensus' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'By models' })).toContainText('red bolt');
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
  await expect(page.getByText(/read-only for you/)).toBeVisible();
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
  await page.getByLabel('Subject').selectOption({ label: 'Camera: Markers' });
  await checkAndCapture(page, 'dashboard-upload-empty');

  const stamp = Date.now();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose images' }).click();
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

test('gateways: the list, and a gateway page comparing the current report with the previous one', async ({ page }) => {
  await openDemoLab(page, DEMO.manager);
  await page.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'Gateways' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gateways' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Gateways' });
  const packing = table.getByRole('row').filter({ hasText: 'Packing station' });
  await expect(packing).toContainText('Offline');
  await expect(packing).toContainText(/\d+ min(ute)?s? ago/);
  await checkAndCapture(page, 'dashboard-gateways');

  await table.getByRole('link', { name: 'Line 1 edge box' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Line 1 edge box' })).toBeVisible();
  await expect(page.getByText(/Reported .*ago/)).toBeVisible();
  const status = page.getByRole('table', { name: 'Status' });
  await expect(status.getByRole('columnheader', { name: 'Now' })).toBeVisible();
  await expect(status.getByRole('columnheader', { name: 'Before' })).toBeVisible();
  await expect(status.getByRole('row').filter({ hasText: 'Disk free' }).getByRole('cell').last()).toHaveText(/^−\d+(\.\d)? MiB$/);
  await expect(page.getByRole('table', { name: 'Cameras' }).getByRole('row').nth(1)).toContainText('180');
  await checkAndCapture(page, 'dashboard-gateway');
});

test('a tenant admin invites a user by email and resends the invite', async ({ page, service }) => {
  const tenantId = await openDemoLab(page, DEMO.admin);
  await page.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tenant admin' })).toBeVisible();
  const email = `invitee-${Date.now()}@example.test`;
  await page.getByLabel('Email to invite').fill(email);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText(`Invite sent to ${email}.`)).toBeVisible();
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
