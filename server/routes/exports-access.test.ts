import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportStatus } from '../../src/api/schemas/exports';
import { eq } from 'drizzle-orm';
import { databaseMaintenanceJob } from '../background/maintenance';
import { exports } from '../db/schema';
import { insertApplication } from '../feedback/test-fixtures';
import { checkCoco, ZipContents } from '../testing/export-formats';
import { createTestApp, type TestApp } from '../testing/test-app';
import { unixNow } from '../db/unix-time';
import { t, tenantId, admin, labeller, cat, useExportsApp, answer, appWithMedia, runExport, boxes } from '../testing/exports-fixture';

useExportsApp();

describe('who may export, and bad input', () => {
  let appId: string;
  beforeAll(async () => {
    ({ appId } = await appWithMedia('box_detection', { appManagers: ['manager@demo.test'] }));
  });

  it("lets the application's manager export", async () => {
    const manager = await t.demoAuth('manager@demo.test', tenantId);
    expect((await runExport(appId, { format: 'voc' }, manager)).status.state).toBe('ready');
  });

  it('refuses a labeller (403), a stranger (401) and another tenant (404)', async () => {
    const url = `/1/applications/${appId}/exports`;
    const refused = await t.inject({ method: 'POST', url, headers: labeller, payload: { format: 'coco' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Only a tenant administrator or a manager of this application may do this.' });
    expect((await t.inject({ method: 'POST', url, payload: { format: 'coco' } })).statusCode).toBe(401);
    const harbour = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.harbour);
    expect((await t.inject({ method: 'POST', url, headers: harbour, payload: { format: 'coco' } })).statusCode).toBe(404);
  });

  it("keeps one person's export from a labeller and from another application", async () => {
    const { status } = await runExport(appId, { format: 'coco' });
    const statusUrl = `/1/applications/${appId}/exports/${status.export_id}`;
    expect((await t.inject({ method: 'GET', url: statusUrl, headers: labeller })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: `${statusUrl}/file`, headers: labeller })).statusCode).toBe(403);
    const other = await appWithMedia('box_detection');
    const elsewhere = await t.inject({ method: 'GET', url: `/1/applications/${other.appId}/exports/${status.export_id}`, headers: admin });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ message: 'Export not found.' });
  });

  it.each([
    [{ format: 'csv' }, 'format is one of coco, yolo, voc.'],
    [{}, 'format is one of coco, yolo, voc.'],
    [{ format: 'coco', include_images: 'yes' }, 'include_images is true or false.'],
    [['coco'], 'The request body must be a JSON object.'],
  ])('answers 400 with a message to %j', async (payload, message) => {
    const response = await t.inject({ method: 'POST', url: `/1/applications/${appId}/exports`, headers: admin, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });

  it('answers 400 for an application type that takes no labels', async () => {
    const { applicationId } = await insertApplication(t.db, tenantId, 'network_camera', [cat]);
    const response = await t.inject({ method: 'POST', url: `/1/applications/${applicationId}/exports`, headers: admin, payload: { format: 'coco' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'A network_camera application takes no labels, so it has none to export.' });
  });

  it('gives the same export again while it is being prepared, and a new one after', async () => {
    const start = (payload: object) => t.inject({ method: 'POST', url: `/1/applications/${appId}/exports`, headers: admin, payload });
    const first = (await start({ format: 'yolo', include_images: true })).json<ExportStatus>();
    expect(first).toMatchObject({ state: 'preparing', done: 0, total: 0, size: null, file_name: 'export-box-detection-yolo.zip' });
    expect((await start({ format: 'yolo', include_images: true })).json<ExportStatus>().export_id).toBe(first.export_id);
    const early = await t.inject({ method: 'GET', url: `/1/applications/${appId}/exports/${first.export_id}/file`, headers: admin });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: 'This export is still being prepared; download it once its state is ready.' });
    expect((await start({ format: 'yolo' })).json<ExportStatus>().export_id).not.toBe(first.export_id);
    await t.app.jobs.drain();
    expect((await start({ format: 'yolo', include_images: true })).json<ExportStatus>().export_id).not.toBe(first.export_id);
    await t.app.jobs.drain();
  });

  it('answers 404 for an unknown export', async () => {
    const response = await t.inject({ method: 'GET', url: `/1/applications/${appId}/exports/exp_unknown/file`, headers: admin });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Export not found.' });
  });
});

describe('exports on several instances', () => {
  /** A second instance of the service on the same database and media store, as behind a load balancer. */
  let other: TestApp;
  let appId: string;

  beforeAll(async () => {
    other = await createTestApp({ sharing: t });
    let mediaIds: string[];
    ({ appId, mediaIds } = await appWithMedia('box_detection'));
    await answer(appId, mediaIds[0]!, [{ subject: cat, present: true, appData: boxes([10, 20, 50, 60]) }]);
  });
  afterAll(() => other.close());

  const statusUrl = (exportId: string) => `/1/applications/${appId}/exports/${exportId}`;

  /** Starts the export through `other` and waits until whichever instance took its job has finished it. */
  async function exportThroughOther(body: object) {
    const started = await other.inject({ method: 'POST', url: `/1/applications/${appId}/exports`, headers: admin, payload: body });
    expect(started.statusCode, started.body).toBe(202);
    await Promise.all([other.app.jobs.drain(), t.app.jobs.drain()]);
    return started.json<ExportStatus>().export_id;
  }

  it('gives the status and the file of an export started on one instance from another', async () => {
    const exportId = await exportThroughOther({ format: 'coco', include_images: true });
    const status = (await t.inject({ method: 'GET', url: statusUrl(exportId), headers: admin })).json<ExportStatus>();
    expect(status).toMatchObject({ export_id: exportId, state: 'ready', done: 1, total: 1, file_name: 'export-box-detection-coco.zip' });
    const file = await t.inject({ method: 'GET', url: `${statusUrl(exportId)}/file`, headers: admin });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toHaveLength(status.size!);
    expect(checkCoco(JSON.parse(ZipContents.read(file.rawPayload).text('annotations.json'))).annotations).toHaveLength(1);
    expect((await other.inject({ method: 'GET', url: `${statusUrl(exportId)}/file`, headers: admin })).rawPayload).toEqual(file.rawPayload);
  });

  it('answers 404 for an expired export, and the periodic maintenance removes its row and its file', async () => {
    const expiredId = await exportThroughOther({ format: 'coco' });
    const keptId = await exportThroughOther({ format: 'yolo' });
    const [expired] = await t.db.update(exports).set({ expiresAt: unixNow() - 1 }).where(eq(exports.exportId, expiredId)).returning();
    expect(await t.app.blobs.has(expired!.blobKey)).toBe(true);
    expect((await t.inject({ method: 'GET', url: statusUrl(expiredId), headers: admin })).statusCode).toBe(404);

    await databaseMaintenanceJob(other.app, () => other.app.maintainDatabase()).run();

    expect(await t.app.blobs.has(expired!.blobKey)).toBe(false);
    expect(await t.db.select().from(exports).where(eq(exports.exportId, expiredId))).toEqual([]);
    for (const url of [statusUrl(expiredId), `${statusUrl(expiredId)}/file`]) {
      const response = await t.inject({ method: 'GET', url, headers: admin });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Export not found.' });
    }
    expect((await t.inject({ method: 'GET', url: `${statusUrl(keptId)}/file`, headers: admin })).statusCode).toBe(200);
  });
});
