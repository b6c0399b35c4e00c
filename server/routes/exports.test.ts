import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportStatus } from '../../src/api/schemas/exports';
import type { AppData } from '../../src/api/application-types/answer';
import type { ApplicationType } from '../../src/api/types';
import { eq } from 'drizzle-orm';
import { databaseMaintenanceJob } from '../background/maintenance';
import { exports } from '../db/schema';
import { recordAssertions } from '../domain/assertions';
import { insertApplication, insertMedia, insertSubject } from '../feedback/test-fixtures';
import { makeImage } from '../media/test-images';
import { checkCoco, checkVoc, checkYolo, ZipContents } from '../testing/export-formats';
import { createTestApp, type TestApp } from '../testing/test-app';
import { unixNow } from '../db/unix-time';

let t: TestApp;
let tenantId: string;
let admin: Record<string, string>;
let labeller: Record<string, string>;
let labellerId: string;
let cat: string;
let dog: string;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  tenantId = t.demo!.tenantIds.demoLab;
  admin = await t.demoAuth('admin@demo.test', tenantId);
  labeller = await t.demoAuth('labeller@demo.test', tenantId);
  labellerId = t.demo!.userIds.labeller;
  cat = await insertSubject(t.db, tenantId, 'cat');
  dog = await insertSubject(t.db, tenantId, 'dog "spotted"');
});
afterAll(() => t.close());

interface Answer {
  subject: string;
  present: boolean;
  appData?: AppData;
  decidedAt?: number;
}

async function answer(appId: string, mediaId: string, answers: Answer[]) {
  for (const { subject, present, appData, decidedAt = 1_700_000_000 } of answers) {
    await recordAssertions(t.db, {
      tenantId,
      mediaId,
      userId: labellerId,
      appId,
      decisionTime: decidedAt,
      assertions: [{ subjectUid: subject, probability: present ? 1 : 0, appData: appData ?? null }],
    });
  }
}

/** An application of the type with two 200×100 PNG media items; their ids in order. */
async function appWithMedia(type: ApplicationType, overrides = {}) {
  const appRow = await insertApplication(t.db, tenantId, type, [cat, dog], { name: `Export ${type}`, ...overrides });
  const data = await makeImage('png', 200, 100);
  const mediaIds = [];
  for (let index = 0; index < 2; index += 1) mediaIds.push((await insertMedia(t.db, tenantId, { width: 200, height: 100 }, { blobs: t.app.blobs, data })).mediaId);
  return { appId: appRow.applicationId, mediaIds: mediaIds.sort(), data };
}

async function runExport(appId: string, body: object, headers = admin) {
  const started = await t.inject({ method: 'POST', url: `/1/applications/${appId}/exports`, headers, payload: body });
  expect(started.statusCode, started.body).toBe(202);
  const { export_id } = started.json<ExportStatus>();
  await t.app.jobs.drain();
  const status = (await t.inject({ method: 'GET', url: `/1/applications/${appId}/exports/${export_id}`, headers })).json<ExportStatus>();
  const file = await t.inject({ method: 'GET', url: `/1/applications/${appId}/exports/${export_id}/file`, headers });
  return { status, file };
}

const boxes = (...list: [number, number, number, number][]): AppData => list.map(([x0, y0, x1, y1]) => ({ box: { x0, y0, x1, y1 } }));

describe('exporting a box detection application', () => {
  let appId: string;
  let mediaIds: string[];
  let imageBytes: Buffer;

  beforeAll(async () => {
    ({ appId, mediaIds, data: imageBytes } = await appWithMedia('box_detection'));
    await answer(appId, mediaIds[0]!, [
      { subject: cat, present: true, appData: boxes([10, 20, 50, 60], [100, 0, 200, 100]), decidedAt: 1_700_000_000 },
      { subject: dog, present: true, appData: boxes([0, 0, 20, 20]) },
      // A later decision on the same item and subject replaces the earlier one.
      { subject: cat, present: true, appData: boxes([10, 20, 50, 60], [100, 0, 200, 100], [60, 60, 80, 90]), decidedAt: 1_700_000_100 },
    ]);
    await answer(appId, mediaIds[1]!, [{ subject: cat, present: false }]);
  });

  it('gives COCO as one JSON file: every answered image, the latest boxes, the subjects as categories', async () => {
    const { status, file } = await runExport(appId, { format: 'coco' });
    expect(status).toMatchObject({ state: 'ready', done: 2, total: 2, format: 'coco', include_images: false, file_name: 'export-box-detection-coco.json', notes: [] });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/json/);
    expect(file.headers['content-disposition']).toBe('attachment; filename="export-box-detection-coco.json"');
    expect(Number(file.headers['content-length'])).toBe(status.size);
    const coco = checkCoco(file.json());
    expect(coco.categories.map(({ id, name }) => ({ id, name }))).toEqual([{ id: 1, name: 'cat' }, { id: 2, name: 'dog "spotted"' }]);
    expect(coco.images.map(({ file_name, width, height }) => ({ file_name, width, height }))).toEqual(mediaIds.map((id) => ({ file_name: `${id}.png`, width: 200, height: 100 })));
    expect(coco.annotations.map(({ image_id, category_id, bbox, area }) => ({ image_id, category_id, bbox, area }))).toEqual([
      { image_id: 1, category_id: 1, bbox: [10, 20, 40, 40], area: 1600 },
      { image_id: 1, category_id: 1, bbox: [100, 0, 100, 100], area: 10000 },
      { image_id: 1, category_id: 1, bbox: [60, 60, 20, 30], area: 600 },
      { image_id: 1, category_id: 2, bbox: [0, 0, 20, 20], area: 400 },
    ]);
  });

  it('zips COCO with the images from the media store', async () => {
    const { status, file } = await runExport(appId, { format: 'coco', include_images: true });
    expect(status).toMatchObject({ state: 'ready', done: 2, total: 2, file_name: 'export-box-detection-coco.zip' });
    expect(file.headers['content-type']).toBe('application/zip');
    const zip = ZipContents.read(file.rawPayload);
    expect(zip.paths()).toEqual(['annotations.json', ...mediaIds.map((id) => `images/${id}.png`), 'manifest.csv']);
    expect(Buffer.from(zip.files[`images/${mediaIds[0]}.png`]!).equals(imageBytes)).toBe(true);
    expect(checkCoco(JSON.parse(zip.text('annotations.json'))).annotations).toHaveLength(4);
  });

  it('gives YOLO as a zip of data.yaml, classes.txt and one normalised label file per image', async () => {
    const { status, file } = await runExport(appId, { format: 'yolo' });
    expect(status).toMatchObject({ state: 'ready', file_name: 'export-box-detection-yolo.zip', notes: [] });
    const zip = ZipContents.read(file.rawPayload);
    const yolo = checkYolo(zip, 2);
    expect(yolo.names).toEqual(['cat', 'dog "spotted"']);
    expect(zip.text(`labels/${mediaIds[0]}.txt`).split('\n')[0]).toBe('0 0.150000 0.400000 0.200000 0.400000');
    expect(yolo.labels.get(mediaIds[0]!)).toHaveLength(4);
    expect(yolo.labels.get(mediaIds[1]!)).toEqual([]);
  });

  it('gives Pascal VOC as a zip of one XML file per image, with the images in JPEGImages', async () => {
    const { file } = await runExport(appId, { format: 'voc', include_images: true });
    const zip = ZipContents.read(file.rawPayload);
    const voc = checkVoc(zip, 2);
    expect(zip.paths('JPEGImages/')).toEqual(mediaIds.map((id) => `JPEGImages/${id}.png`));
    expect(voc.get(mediaIds[0]!)).toMatchObject({ filename: `${mediaIds[0]}.png`, width: 200, height: 100 });
    expect(voc.get(mediaIds[0]!)!.objects).toContainEqual({ name: 'dog "spotted"', xmin: 0, ymin: 0, xmax: 20, ymax: 20 });
    expect(voc.get(mediaIds[1]!)!.objects).toEqual([]);
  });
});

describe('what each application type exports', () => {
  it('points: COCO keypoints; YOLO small boxes, with a note', async () => {
    const { appId, mediaIds } = await appWithMedia('point');
    await answer(appId, mediaIds[0]!, [{ subject: cat, present: true, appData: [{ x: 100, y: 50 }, { x: 2, y: 98 }] }]);
    const coco = checkCoco((await runExport(appId, { format: 'coco' })).file.json());
    expect(coco.annotations[0]).toMatchObject({ keypoints: [100, 50, 2], num_keypoints: 1, bbox: [95, 45, 10, 10] });
    expect(coco.annotations[1]).toMatchObject({ bbox: [0, 93, 7, 7] });
    expect(coco.categories[0]).toMatchObject({ keypoints: ['point'] });
    const { status, file } = await runExport(appId, { format: 'yolo' });
    expect(status.notes).toEqual([{ message: 'Points were written as 10×10 pixel boxes centred on each point.', count: 2 }]);
    expect(checkYolo(ZipContents.read(file.rawPayload), 1).labels.get(mediaIds[0]!)![0]).toEqual({ classIndex: 0, cx: 0.5, cy: 0.5, w: 0.05, h: 0.1 });
  });

  it('classification: a class of the whole image in COCO; left out of YOLO and VOC with a reason', async () => {
    const { appId, mediaIds } = await appWithMedia('classification');
    await answer(appId, mediaIds[0]!, [{ subject: dog, present: true }]);
    const coco = checkCoco((await runExport(appId, { format: 'coco' })).file.json());
    expect(coco.images[0]).toMatchObject({ category_ids: [2] });
    expect(coco.annotations).toEqual([]);
    const { status, file } = await runExport(appId, { format: 'voc' });
    expect(status.notes).toEqual([{ message: 'Pascal VOC has no classes of a whole image, so image-level labels were left out (COCO keeps them).', count: 1 }]);
    expect(checkVoc(ZipContents.read(file.rawPayload), 1).get(mediaIds[0]!)!.objects).toEqual([]);
  });

  it('counts: per-image values in COCO; left out of YOLO with a reason', async () => {
    const { appId, mediaIds } = await appWithMedia('static_count');
    await answer(appId, mediaIds[1]!, [{ subject: cat, present: true, appData: 7 }]);
    const coco = checkCoco((await runExport(appId, { format: 'coco' })).file.json());
    expect(coco.images).toEqual([expect.objectContaining({ file_name: `${mediaIds[1]}.png`, values: [{ category_id: 1, name: 'count', value: 7 }] })]);
    const { status } = await runExport(appId, { format: 'yolo' });
    expect(status.notes).toEqual([{ message: 'YOLO has no per-image values, so count labels were left out (COCO keeps them).', count: 1 }]);
  });

  it('leaves out answers on a subject the application no longer outputs, with a note', async () => {
    const { appId, mediaIds } = await appWithMedia('box_detection', { outputSubjects: [cat] });
    await answer(appId, mediaIds[0]!, [{ subject: dog, present: true, appData: boxes([0, 0, 5, 5]) }]);
    const { status, file } = await runExport(appId, { format: 'coco' });
    expect(status.notes).toEqual([{ message: 'Labels of a subject that is no longer an output subject of the application were left out.', count: 1 }]);
    expect(checkCoco(file.json())).toMatchObject({ annotations: [], categories: [{ name: 'cat' }] });
  });

  it('an application without answers exports no images', async () => {
    const { appId } = await appWithMedia('box_detection');
    const { status, file } = await runExport(appId, { format: 'yolo' });
    expect(status).toMatchObject({ state: 'ready', done: 0, total: 0 });
    expect(checkYolo(ZipContents.read(file.rawPayload), 0).labels.size).toBe(0);
  });
});

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
    const { applicationId } = await insertApplication(t.db, tenantId, 'ocr', [cat]);
    const response = await t.inject({ method: 'POST', url: `/1/applications/${applicationId}/exports`, headers: admin, payload: { format: 'coco' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'A ocr application takes no labels, so it has none to export.' });
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
