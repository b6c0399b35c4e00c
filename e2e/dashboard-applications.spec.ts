import { getApplication, listApplications, updateApplication } from '../src/api/endpoints/applications';
import { getSubject, listSubjects } from '../src/api/endpoints/subjects';
import { ForbiddenError } from '../src/api/errors';
import { apiAs, checkAndCapture, DEMO, expect, expectNoSeriousA11yViolations, openDemoLab, saveScreenshot, test } from './support/fixtures';
import { DEMO_APP_NAMES, LABELLED_DEMO_APP_NAMES, demoApp, applicationsTable } from './support/dashboard';
import { CAPTURE_APP_NAMES } from './support/demo-apps';
import { PHOTO_APP_NAMES } from './support/demo-apps';

test('the dashboard lists the demo applications, those on real photographs first, searchable and filterable', async ({ page }) => {
  await openDemoLab(page, DEMO.manager);
  const rows = applicationsTable(page).getByRole('row');
  // other specs make applications in the same tenant meanwhile: every demo application is listed, and maybe theirs
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(1 + DEMO_APP_NAMES.length);
  await expect(rows.getByRole('cell').first()).toHaveText(PHOTO_APP_NAMES[0]!);
  for (const name of DEMO_APP_NAMES) await expect(applicationsTable(page).getByRole('link', { name, exact: true })).toBeVisible();
  const peopleAndCars = rows.filter({ has: page.getByRole('link', { name: 'People and cars', exact: true }) });
  await expect(peopleAndCars.getByRole('cell')).toHaveText(['People and cars', 'box_detection', 'Active', /^[1-9]\d*$/, 'person, car', /\d{4}|\d:\d\d/, 'Label']);

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
  // other specs make applications in the same tenant meanwhile: every demo application is listed, and maybe theirs
  await expect.poll(() => applicationsTable(page).getByRole('row').count()).toBeGreaterThanOrEqual(1 + DEMO_APP_NAMES.length);
  for (const name of DEMO_APP_NAMES) await expect(applicationsTable(page).getByRole('link', { name, exact: true })).toBeVisible();
  await expect(nav.getByRole('link')).toHaveText(['Dashboard']);
  for (const name of LABELLED_DEMO_APP_NAMES) await expect(page.getByRole('link', { name: `Label ${name}` })).toBeVisible();
  for (const name of CAPTURE_APP_NAMES) await expect(page.getByRole('link', { name: `Label ${name}` })).toHaveCount(0);
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
  // a count's releases go by the mean absolute error, whatever release_metrics says
  await expect(settings).toContainText('Mean absolute error');
  await expect(settings).not.toContainText('best_F1');
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

  // what sees the output subject: automatic (its name maps to none), so its colour; a new colour from the picker,
  // saved in the application; then a class, saved at once, which keeps the colour
  const washer = app.output_subjects[0]!;
  const mapping = page.getByRole('combobox', { name: 'blue washer' });
  await expect(mapping).toHaveValue('');
  await expect(mapping.locator('option:checked')).toHaveText('Automatic (none)');
  await expect(mapping).toHaveAccessibleDescription('Seen by the colour model, as the colour #2a5fc4.');
  const colour = page.getByRole('group', { name: 'Colour of blue washer' });
  await colour.getByLabel('Colour', { exact: true }).fill('#3366cc');
  await colour.getByRole('button', { name: 'Save colour' }).click();
  await expect(mapping).toHaveAccessibleDescription('Seen by the colour model, as the colour #3366cc.');
  await saveScreenshot(page, 'dashboard-settings-colour');
  const appearance = async () => ((await getApplication(manager, app.application_id)).custom_fields.appearance as Record<string, { color: string }>)[washer];
  await expect.poll(async () => (await appearance())?.color).toBe('#3366cc');
  await mapping.selectOption('cup');
  await expect.poll(async () => (await getSubject(manager, washer)).detector_class).toBe('cup');
  await expect(mapping).toHaveAccessibleDescription('Seen by the object detector, as “cup”.');
  expect((await appearance())?.color).toBe('#3366cc');
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
