// What more answers buy: the demo's photo applications have a release history, and their models page draws it.
import { demoApp } from './support/dashboard';
import { checkAndCapture, DEMO, expect, openDemoLab, test } from './support/fixtures';

test('the models page of a demo photo application draws its learning curve and says what more answers buy', async ({ page, service }) => {
  const app = await demoApp(service, 'People and cars');
  const tenantId = await openDemoLab(page, DEMO.manager);
  await page.goto(`/t/${tenantId}/apps/${app.application_id}`);
  const curve = page.getByRole('img', { name: /^F1 on the same \d+ held-out answers, against the training answers each release learned from$/ });
  await expect(curve).toBeVisible({ timeout: 30_000 });
  // The history tried releases at 4, 8, 12 and 16 answers; a candidate no better than the current model is kept back,
  // and the pretrained detector already sees people and cars about as well as these answers teach: few are released.
  expect(await curve.locator('.chart__point--measure').count()).toBeGreaterThanOrEqual(1);
  await expect(
    page.getByText(/^(Still climbing: the last releases|Levelled off: the last releases|Too few releases yet to tell what more answers buy: \d+ measured on the same 9 held-out answers)/),
  ).toBeVisible();
  await curve.scrollIntoViewIfNeeded();
  await checkAndCapture(page, 'learning-curve-models');

  await page.goto(`/t/${tenantId}/apps/${app.application_id}/settings`);
  const rate = page.getByRole('group', { name: 'Requested feedback per hour' });
  await expect(rate.getByText(/^What more answers buy: /)).toBeVisible();
  await checkAndCapture(page, 'learning-curve-settings');
});

test('the models page of the calibration boards, a subject no detector knows, shows the curve still climbing', async ({ page, service }) => {
  const app = await demoApp(service, 'Calibration boards');
  const tenantId = await openDemoLab(page, DEMO.manager);
  await page.goto(`/t/${tenantId}/apps/${app.application_id}`);
  const curve = page.getByRole('img', { name: 'F1 on the same 6 held-out answers, against the training answers each release learned from' });
  await expect(curve).toBeVisible({ timeout: 30_000 });
  // the history released after 1, 4 and 16 boxed boards (server/demo/photo-history.test.ts measures the same)
  await expect(curve.locator('.chart__point--measure')).toHaveCount(3);
  await expect(page.getByText(/^Still climbing: the last releases \(from 1 to 16 answers\) raised F1 by/)).toBeVisible();
  await curve.scrollIntoViewIfNeeded();
  await checkAndCapture(page, 'learning-curve-climbing');
});
