import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { listApplications } from '../src/api/endpoints/applications';
import { postFeedback, pullFeedback } from '../src/api/endpoints/feedback';
import type { Application } from '../src/api/schemas/application';
import { checkCoco, checkYolo, ZipContents } from '../server/testing/export-formats';
import { apiAs, DEMO, expect, expectNoSeriousA11yViolations, saveScreenshot, signIn, test } from './support/fixtures';
import type { RunningService } from './support/service';

const APP_NAME = 'Red bolts';

/** The manager answers three of the application's requests: two with a box each, one "no red bolt". */
async function answerSome(service: RunningService): Promise<Application> {
  const api = await apiAs(service, DEMO.manager);
  const app = (await listApplications(api)).data.find((candidate) => candidate.name === APP_NAME)!;
  const requests = await pullFeedback(api, app.application_id, 3);
  expect(requests).toHaveLength(3);
  for (const [index, request] of requests.entries()) {
    const { image_width: width, image_height: height } = request.media;
    const box = { x0: Math.round(width / 4), y0: Math.round(height / 4), x1: Math.round(width / 2), y1: Math.round(height / 2) };
    const answer = index < 2 ? { result: 'True' as const, app_data_type: 'box_set' as const, app_data: [{ box }] } : { result: 'False' as const };
    await postFeedback(api, app.application_id, { media_id: request.media_id, subjects: [{ subject_uid: app.output_subjects[0]!, ...answer }] }, `export-${index}`);
  }
  return app;
}

async function exportFrom(page: Page, format: string, includeImages: boolean, whilePreparing?: () => Promise<void>): Promise<Buffer> {
  const panel = page.getByRole('region', { name: 'Export labels' });
  await panel.getByRole('radio', { name: new RegExp(`^${format}`) }).check();
  await panel.getByRole('checkbox', { name: 'Include images' }).setChecked(includeImages);
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export' }).click();
  await whilePreparing?.();
  const file = await (await download).path();
  await expect(panel.getByRole('status')).toContainText('Saved');
  return readFile(file);
}

test('a manager exports COCO and YOLO from the application page, and the files load as training tools read them', async ({ page, service }) => {
  const app = await answerSome(service);
  await signIn(page, DEMO.manager);
  await page.getByRole('table', { name: 'Applications' }).getByRole('link', { name: APP_NAME, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: APP_NAME })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Export labels' });
  await expect(panel.getByRole('radio')).toHaveCount(3);

  // Progress answers held back a moment, to see the progress bar.
  await page.route('**/exports/*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  const cocoFile = await exportFrom(page, 'COCO JSON', false, async () => {
    await expect(panel.getByRole('progressbar', { name: 'Preparing the export' })).toBeVisible();
    await panel.screenshot({ path: 'test-results/screens/export-panel-preparing.png' });
  });
  await page.unroute('**/exports/*');
  const coco = checkCoco(JSON.parse(cocoFile.toString('utf8')));
  expect(coco.images.length).toBeGreaterThanOrEqual(3);
  expect(coco.annotations.length).toBeGreaterThanOrEqual(2);
  expect(coco.categories.map((category) => category.name)).toEqual(['red bolt']);
  await expect(panel.getByRole('status')).toContainText(`Saved ${app.name.toLowerCase().replace(' ', '-')}-coco.json`);
  await expectNoSeriousA11yViolations(page);
  await panel.screenshot({ path: 'test-results/screens/export-panel.png' });

  const zip = ZipContents.read(await exportFrom(page, 'YOLO', true));
  const yolo = checkYolo(zip, coco.images.length);
  expect(zip.paths('images/')).toHaveLength(coco.images.length);
  expect([...yolo.labels.values()].flat().length).toBe(coco.annotations.length);
  await saveScreenshot(page, 'export');
  await page.emulateMedia({ colorScheme: 'dark' });
  await panel.screenshot({ path: 'test-results/screens/export-panel-dark.png' });
});

test('a labeller sees no export control', async ({ page, service }) => {
  const api = await apiAs(service, DEMO.labeller);
  const app = (await listApplications(api)).data.find((candidate) => candidate.name === APP_NAME)!;
  await signIn(page, DEMO.labeller);
  await expect(page).toHaveURL(/\/t\/[^/]+/);
  const tenantId = new URL(page.url()).pathname.split('/')[2]!;
  await page.goto(`/t/${tenantId}/apps/${app.application_id}`);
  await expect(page.getByRole('heading', { level: 1, name: APP_NAME })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Export labels' })).toHaveCount(0);
});
