import { listApplicationDetections } from '../src/api/endpoints/detections';
import { listGateways } from '../src/api/endpoints/gateways';
import { listTenantInvites } from '../src/api/endpoints/identity';
import { apiAs, checkAndCapture, DEMO, expect, openDemoLab, test } from './support/fixtures';
import { demoApp, pngOf } from './support/dashboard';

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
  // a failed upload shows why, not the full bar of its bytes sent
  await expect(page.getByRole('progressbar', { name: `Upload of notes-${stamp}.txt` })).toHaveCount(0);
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
