import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportStatus } from '../../src/api/schemas/exports';
import { assertions } from '../db/schema';
import { insertApplication, insertSubject } from '../feedback/test-fixtures';
import { parse as parseCsv } from 'csv-parse/sync';
import { checkCoco, ZipContents } from '../testing/export-formats';
import { importFiles, uploadNamed } from '../testing/import-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let tenantId: string;
let admin: Record<string, string>;
let labeller: Record<string, string>;
let cat: string;
let dog: string;
let sourceApp: string;
/** Two media items uploaded as photo.jpg, one as street.png. */
let photos: string[];
let street: string;

const box = (x0: number, y0: number, x1: number, y1: number) => ({ box: { x0, y0, x1, y1 } });

async function answer(mediaId: string, subject: string, boxes: ReturnType<typeof box>[]) {
  const subjects = [boxes.length > 0 ? { subject_uid: subject, result: 'True', app_data_type: 'box_set', app_data: boxes } : { subject_uid: subject, result: 'False' }];
  const response = await t.inject({ method: 'POST', url: `/1/applications/${sourceApp}/feedback`, headers: labeller, payload: { media_id: mediaId, subjects } });
  expect(response.statusCode, response.body).toBe(204);
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  tenantId = t.demo!.tenantIds.demoLab;
  admin = await t.demoAuth('admin@demo.test', tenantId);
  labeller = await t.demoAuth('labeller@demo.test', tenantId);
  cat = await insertSubject(t.db, tenantId, 'cat');
  dog = await insertSubject(t.db, tenantId, 'dog');
  sourceApp = (await insertApplication(t.db, tenantId, 'box_detection', [cat, dog])).applicationId;
  photos = [(await uploadNamed(t, admin, 'photo.jpg', 200, 100)).media_id, (await uploadNamed(t, admin, 'photo.jpg', 200, 100)).media_id];
  street = (await uploadNamed(t, admin, 'street.png', 300, 150)).media_id;
  await answer(photos[0]!, cat, [box(10, 20, 50, 60)]);
  await answer(photos[0]!, dog, []);
  await answer(photos[1]!, cat, [box(0, 0, 20, 20), box(33, 31, 67, 59)]);
  await answer(photos[1]!, dog, [box(5, 5, 15, 15)]);
  await answer(street, cat, []);
  await answer(street, dog, [box(299, 0, 300, 1)]);
});
afterAll(() => t.close());

async function exportFile(format: string): Promise<[string, Uint8Array]> {
  const started = await t.inject({ method: 'POST', url: `/1/applications/${sourceApp}/exports`, headers: admin, payload: { format } });
  expect(started.statusCode, started.body).toBe(202);
  const { export_id, file_name } = started.json<ExportStatus>();
  await t.app.jobs.drain();
  const file = await t.inject({ method: 'GET', url: `/1/applications/${sourceApp}/exports/${export_id}/file`, headers: admin });
  expect(file.statusCode).toBe(200);
  return [file_name, file.rawPayload];
}

/** An application's current answers by people, as `media subject → app_data` (false for a False answer). */
async function labelsOf(appId: string) {
  const rows = await t.db.select().from(assertions).where(and(eq(assertions.appId, appId), eq(assertions.current, true)));
  return Object.fromEntries(rows.filter((row) => row.userId !== null).map((row) => [`${row.mediaId} ${row.subjectUid}`, row.probability === 1 ? row.appData : false]));
}

describe('exports name images by their uploaded file name', () => {
  it('numbers repeated names, and keeps each media id in COCO and in the manifest of a zip', async () => {
    const [, json] = await exportFile('coco');
    const coco = checkCoco(JSON.parse(Buffer.from(json).toString()));
    const named = Object.fromEntries(coco.images.map((image) => [image.file_name, image.media_id]));
    expect(Object.keys(named).sort()).toEqual(['photo-2.jpg', 'photo.jpg', 'street.png']);
    expect(named['street.png']).toBe(street);
    expect([named['photo.jpg'], named['photo-2.jpg']].sort()).toEqual([...photos].sort());

    const [name, zip] = await exportFile('yolo');
    expect(name).toMatch(/\.zip$/);
    const contents = ZipContents.read(zip);
    expect(contents.paths('labels/')).toEqual(['labels/photo-2.txt', 'labels/photo.txt', 'labels/street.txt']);
    const manifest = parseCsv(contents.text('manifest.csv'), { columns: true }) as Record<string, string>[];
    expect(manifest).toEqual(expect.arrayContaining(Object.entries(named).map(([file_name, media_id]) => ({ file_name, media_id }))));
    expect(manifest).toHaveLength(3);
  });
});

describe.each(['coco', 'yolo', 'voc'])('a %s export imported back', (format) => {
  it("gives another application the same labels, onto the same media items, and a second import changes nothing", async () => {
    const copy = (await insertApplication(t.db, tenantId, 'box_detection', [cat, dog])).applicationId;
    const file = await exportFile(format);
    const report = await importFiles(t, admin, copy, { format, as: 'labels' }, [file]);
    expect(report).toMatchObject({ images: 3, matched: 3, created: 3, unchanged: 0, skipped: [], unknown_classes: [] });
    expect(await labelsOf(copy)).toEqual(await labelsOf(sourceApp));
    expect(await importFiles(t, admin, copy, { format, as: 'labels' }, [file])).toMatchObject({ created: 0, unchanged: 3 });
  });
});
