// nsfw, a type by special arrangement: a service of its own that allows it, an application made through the API,
// photographs and a drawing uploaded, and one item labelled in the workspace.
import { readFile } from 'node:fs/promises';
import type { ApiClient } from '../src/api/client';
import { createApplication } from '../src/api/endpoints/applications';
import { getPendingCount } from '../src/api/endpoints/feedback';
import { subjectMediaPath } from '../src/api/endpoints/media';
import { createSubject } from '../src/api/endpoints/subjects';
import { subjectMediaUploadSchema } from '../src/api/schemas/media';
import { renderDrawing } from '../server/types/testing/drawings';
import { apiAs, DEMO, expect, expectNoSeriousA11yViolations, saveScreenshot, test as demoTest } from './support/fixtures';
import { accept, assertionsOf, expectedAssertions, openAppQueue, shown, signInToLabel, syncStatus } from './support/labelling';
import { startService, type RunningService } from './support/service';
import type { Annotation } from '../src/features/labelling/types/annotation';

const test = demoTest.extend<object, { service: RunningService }>({
  service: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const service = await startService({ ALLOW_SPECIAL_TYPES: 'true' });
      await use(service);
      await service.dispose();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

const PHOTOS = new URL('../server/demo/photos/', import.meta.url);

async function upload(admin: ApiClient, subjectUid: string, image: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), name);
  await admin.request(subjectMediaPath(subjectUid), subjectMediaUploadSchema, { method: 'POST', body: form });
}

test('nsfw: the classes are proposed per photograph, and an edited yes/no answer reaches the service', async ({ page, service }) => {
  const labeller = await signInToLabel(page, service);
  const admin = await apiAs(service, DEMO.admin, labeller.tenantId);
  const camera = await createSubject(admin, { name: 'Uploads to check' });
  const outputs = await Promise.all(['Neutral', 'Drawing', 'Explicit'].map((name) => createSubject(admin, { name })));
  const app = await createApplication(admin, {
    name: 'Content check',
    type: 'nsfw',
    input_subjects: [camera.subject_uid],
    output_subjects: outputs.map((subject) => subject.subject_uid),
  });
  // the apple is the photograph the classifier doubts (it takes it for porn): a feedback request
  for (const photo of ['apple.jpg', 'robin.jpg']) await upload(admin, camera.subject_uid, await readFile(new URL(photo, PHOTOS)), photo);
  await upload(admin, camera.subject_uid, await renderDrawing('anime face'), 'anime-face.jpg');
  await expect.poll(async () => (await getPendingCount(admin, app.application_id)).pending, { timeout: 30_000 }).toBeGreaterThan(0);

  const item = await openAppQueue(page, labeller.tenantId, app.application_id);
  const panel = page.getByRole('group', { name: 'Applies to the image (keys 1–9)' });
  await expect(panel.getByRole('checkbox')).toHaveCount(3);
  await expect(panel).toContainText(/Neutral \(\d+%\).*Explicit \(\d+%\)/);
  await page.keyboard.press('1');
  const edited = await shown(page);
  expect(edited.annotation).not.toEqual(item.annotation);
  await saveScreenshot(page, 'label-nsfw');
  await expectNoSeriousA11yViolations(page);

  await accept(page, edited);
  const expected = expectedAssertions(edited.annotation as Annotation);
  const assertions = () => assertionsOf(labeller.api, labeller.userId, edited.mediaId!, app.application_id);
  await expect.poll(async () => (await assertions()).length).toBe(3);
  await expect(syncStatus(page)).toHaveText('All sent');
  expect(await assertions()).toEqual(expect.arrayContaining(expected.map((e) => expect.objectContaining(e))));
});
