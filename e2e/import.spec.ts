import { getMedia } from '../src/api/endpoints/media';
import { listSubjectMedia } from '../src/api/endpoints/subjects';
import { demoApp } from './support/dashboard';
import { apiAs, DEMO, expect, expectNoSeriousA11yViolations, openDemoLab, saveScreenshot, test } from './support/fixtures';

const APP_NAME = 'People and cars';

test('a manager imports a small COCO file into a demo application and reads the report', async ({ page, service }) => {
  const app = await demoApp(service, APP_NAME);
  const api = await apiAs(service, DEMO.manager);
  const [first] = (await listSubjectMedia(api, app.input_subjects[0]!, 1)).data;
  const photo = await getMedia(api, first!.media.media_id);
  const coco = {
    categories: [
      { id: 1, name: 'person' },
      { id: 2, name: 'unicorn' },
    ],
    images: [
      { id: 1, file_name: photo.filename, width: photo.image_width, height: photo.image_height },
      { id: 2, file_name: 'not-in-the-demo.jpg', width: 100, height: 100 },
    ],
    annotations: [
      { id: 1, image_id: 1, category_id: 1, bbox: [10, 10, 40, 80] },
      { id: 2, image_id: 1, category_id: 2, bbox: [60, 10, 20, 20] },
    ],
  };

  await openDemoLab(page, DEMO.manager);
  await page.getByRole('table', { name: 'Applications' }).getByRole('link', { name: APP_NAME, exact: true }).click();
  const panel = page.getByRole('region', { name: 'Import labels' });
  await panel.getByLabel('Label files or a zip').setInputFiles({ name: 'people.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(coco)) });
  await panel.getByRole('button', { name: 'Import' }).click();

  const report = panel.getByRole('region', { name: 'Import report' });
  await expect(report).toContainText('Labels imported: 1 image recorded');
  await expect(report.getByRole('table', { name: 'Skipped images' })).toContainText('not-in-the-demo.jpg');
  await expect(report).toContainText('unicorn (1 mark)');
  await expectNoSeriousA11yViolations(page);
  await panel.screenshot({ path: 'test-results/screens/import-panel.png' });
  await panel.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'import-page');
  await page.emulateMedia({ colorScheme: 'dark' });
  await panel.screenshot({ path: 'test-results/screens/import-panel-dark.png' });
});
