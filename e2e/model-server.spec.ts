import { readFile } from 'node:fs/promises';
import { createApplication } from '../src/api/endpoints/applications';
import { getPendingCount } from '../src/api/endpoints/feedback';
import { getModelServer, putModelServer } from '../src/api/endpoints/model-server';
import { createSubject } from '../src/api/endpoints/subjects';
import { uploadMediaToSubject } from '../src/api/endpoints/uploads';
import { startReferenceServer, type ReferenceServerProcess } from './support/model-server';
import { accept, openAppQueue, signInToLabel } from './support/labelling';
import { apiAs, checkAndCapture, DEMO, expect, openDemoLab, test } from './support/fixtures';

let reference: ReferenceServerProcess;
test.beforeAll(async () => {
  reference = await startReferenceServer();
});
test.afterAll(async () => {
  await reference?.stop();
});

test("a labeller sees a model server's boxes and answers them; the server hears of the answer", async ({ browser, service }) => {
  test.setTimeout(120_000);
  const labellerContext = await browser.newContext();
  const labellerPage = await labellerContext.newPage();
  const labeller = await signInToLabel(labellerPage, service);
  const manager = await apiAs(service, DEMO.admin, labeller.tenantId);
  const camera = await createSubject(manager, { name: 'Crew camera' });
  const person = await createSubject(manager, { name: 'Crew person' });
  const app = await createApplication(manager, {
    name: 'Crew on a model server',
    type: 'box_detection',
    input_subjects: [camera.subject_uid],
    output_subjects: [person.subject_uid],
    feedback_scope: 'all',
  });
  await putModelServer(manager, app.application_id, { url: reference.url });
  await expect.poll(async () => (await getModelServer(manager, app.application_id))?.state, { timeout: 30_000 }).toBe('connected');
  const photo = await readFile(new URL('../server/demo/photos/astronaut.jpg', import.meta.url));
  await uploadMediaToSubject(manager, camera.subject_uid, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'astronaut.jpg');
  await expect.poll(async () => (await getPendingCount(manager, app.application_id)).pending, { timeout: 60_000 }).toBeGreaterThanOrEqual(1);

  const item = await openAppQueue(labellerPage, labeller.tenantId, app.application_id);
  const { boxes } = item.annotation as unknown as { boxes: { x0: number; y0: number; x1: number; y1: number }[] };
  // the astronaut fills most of the photograph: the server's box of a person covers much of it
  expect(boxes.length).toBeGreaterThanOrEqual(1);
  expect(Math.max(...boxes.map((box) => (box.x1 - box.x0) * (box.y1 - box.y0)))).toBeGreaterThan(512 * 512 * 0.2);
  await accept(labellerPage, item);
  await expect.poll(() => reference.webhooks(), { timeout: 30_000 }).toEqual(['ANNOTATION_CREATED']);
  await labellerContext.close();

  const managerContext = await browser.newContext();
  const managerPage = await managerContext.newPage();
  const tenantId = await openDemoLab(managerPage, DEMO.admin);
  await managerPage.goto(`/t/${tenantId}/apps/${app.application_id}/settings`);
  const form = managerPage.getByRole('form', { name: 'Model server' });
  await expect(form.getByLabel('URL')).toHaveValue(reference.url);
  await expect(form.getByLabel('Model server status')).toContainText('looplabel-centernet-1');
  await form.scrollIntoViewIfNeeded();
  await checkAndCapture(managerPage, 'model-server-settings');
  await managerPage.goto(`/t/${tenantId}/apps/${app.application_id}`);
  await expect(managerPage.getByRole('table', { name: 'Model server versions' })).toContainText('looplabel-centernet-1');
  await managerPage.getByRole('table', { name: 'Model server versions' }).scrollIntoViewIfNeeded();
  await checkAndCapture(managerPage, 'model-server-versions');
  await managerContext.close();
});
