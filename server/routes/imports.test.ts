import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_INLINE_MAX_BYTES } from '../../src/api/limits';
import type { ImportReport, ImportStatus } from '../../src/api/schemas/imports';
import { applications, assertions, goldItems } from '../db/schema';
import { insertApplication, insertSubject } from '../feedback/test-fixtures';
import { importFiles, postImport, uploadNamed, type SentFile } from '../testing/import-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let tenantId: string;
let admin: Record<string, string>;
let adminId: string;
let car: string;
let person: string;
/** The input subject the applications read, which holds the uploads. */
let streets: string;
/** street_01.jpg is 640×480, street_02.jpg 320×240; two media items are named twin.jpg. */
const mediaIds: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  tenantId = t.demo!.tenantIds.demoLab;
  admin = await t.demoAuth('admin@demo.test', tenantId);
  adminId = t.demo!.userIds.admin;
  car = await insertSubject(t.db, tenantId, 'car');
  person = await insertSubject(t.db, tenantId, 'person');
  streets = await insertSubject(t.db, tenantId, 'streets');
  mediaIds.street_01 = (await uploadNamed(t, admin, 'street_01.jpg', 640, 480, streets)).media_id;
  mediaIds.street_02 = (await uploadNamed(t, admin, 'street_02.jpg', 320, 240, streets)).media_id;
  await uploadNamed(t, admin, 'twin.jpg', 20, 20, streets);
  await uploadNamed(t, admin, 'twin.jpg', 20, 20, streets);
  await uploadNamed(t, admin, 'elsewhere.jpg', 10, 10);
});
afterAll(() => t.close());

const appOf = async (type: Parameters<typeof insertApplication>[2], outputs: string[]) =>
  (await insertApplication(t.db, tenantId, type, outputs, { inputSubjects: [streets], appManagers: ['manager@demo.test'] })).applicationId;
const boxApp = () => appOf('box_detection', [car, person]);

/** The application's current answers by the importer, as `media subject → app_data` (true: True without app_data; false: False). */
async function answersOf(appId: string) {
  const rows = await t.db.select().from(assertions).where(and(eq(assertions.appId, appId), eq(assertions.current, true)));
  const named = (uid: string) => (uid === car ? 'car' : 'person');
  const media = (id: string) => Object.entries(mediaIds).find(([, mediaId]) => mediaId === id)?.[0];
  return Object.fromEntries(
    rows.filter((row) => row.userId === adminId).map((row) => [`${media(row.mediaId)} ${named(row.subjectUid)}`, row.probability === 1 ? (row.appData ?? true) : false]),
  );
}

const box = (x0: number, y0: number, x1: number, y1: number) => ({ box: { x0, y0, x1, y1 } });

/** COCO as another tool writes it: fractional pixels, a box leaving the image, a class the application lacks. */
const COCO: SentFile = [
  'instances_default.json',
  JSON.stringify({
    categories: [
      { id: 1, name: 'car' },
      { id: 2, name: 'person' },
      { id: 3, name: 'truck' },
    ],
    images: [
      { id: 1, file_name: 'images/street_01.jpg', width: 640, height: 480 },
      { id: 2, file_name: 'street_02.jpg', width: 320, height: 240 },
      { id: 3, file_name: 'elsewhere.jpg', width: 10, height: 10 },
      { id: 4, file_name: 'twin.jpg', width: 20, height: 20 },
    ],
    annotations: [
      { id: 1, image_id: 1, category_id: 1, bbox: [10.4, 20.6, 100.25, 50.5] },
      { id: 2, image_id: 1, category_id: 1, bbox: [600.2, 400, 80, 100] },
      { id: 3, image_id: 1, category_id: 3, bbox: [1, 1, 5, 5] },
      { id: 4, image_id: 2, category_id: 2, bbox: [0, 0, 10, 10] },
    ],
  }),
];

describe('importing COCO labels', () => {
  let appId: string;
  let first: ImportReport;

  beforeAll(async () => {
    appId = await boxApp();
    first = await importFiles(t, admin, appId, { format: 'coco', as: 'labels' }, [COCO]);
  });

  it('makes answers of the importing person: rounded, clipped, False for a covered class without boxes', async () => {
    expect(await answersOf(appId)).toEqual({
      'street_01 car': [box(10, 21, 111, 71), box(600, 400, 640, 480)],
      'street_01 person': false,
      'street_02 car': false,
      'street_02 person': [box(0, 0, 10, 10)],
    });
  });

  it('reports what it matched, created and skipped (with why), the unknown classes, and what it adjusted', () => {
    expect(first).toMatchObject({ format: 'coco', as: 'labels', model_id: null, images: 4, matched: 2, created: 2, unchanged: 0 });
    expect(first.skipped).toEqual([
      {
        image: 'elsewhere.jpg',
        reason:
          "No media item of this application (in its input subjects) is named elsewhere.jpg (by file name or external_media_id); to look among all the tenant's media, find the images among \"All the tenant's media\" (match=tenant).",
      },
      { image: 'twin.jpg', reason: expect.stringMatching(/^2 media items are named twin.jpg \(med_\w+, med_\w+\); name it by media_id or external_media_id\.$/) },
    ]);
    expect(first.unknown_classes).toEqual([{ name: 'truck', count: 1 }]);
    expect(first.notes).toEqual([
      { message: 'Fractional coordinates were rounded to whole pixels.', count: 2 },
      { message: 'Boxes reaching outside the image were clipped to it.', count: 1 },
    ]);
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await t.db.select().from(assertions).where(eq(assertions.appId, appId));
    const again = await importFiles(t, admin, appId, { format: 'coco', as: 'labels' }, [COCO]);
    expect(again).toMatchObject({ images: 4, matched: 2, created: 0, unchanged: 2 });
    expect(await t.db.select().from(assertions).where(eq(assertions.appId, appId))).toHaveLength(before.length);
  });

  it('counts its answers towards the next release, as a labeller’s, once', async () => {
    const [row] = await t.db.select({ answers: applications.answersSinceRelease }).from(applications).where(eq(applications.applicationId, appId));
    // Two images, one answer each (naming both subjects), as the workspace answers them.
    expect(row?.answers).toBe(2);
  });
});

describe('importing labels as gold items', () => {
  it('makes each image’s labels, checked as answers, the truth of a gold item: no answer, nothing counted; again, unchanged', async () => {
    const appId = await boxApp();
    const report = await importFiles(t, admin, appId, { format: 'coco', as: 'gold' }, [COCO]);
    expect(report).toMatchObject({ as: 'gold', model_id: null, matched: 2, created: 2, unchanged: 0 });
    const gold = await t.db.select().from(goldItems).where(eq(goldItems.appId, appId));
    expect(Object.fromEntries(gold.map((row) => [row.mediaId, { subjects: row.subjects, source: row.source, createdBy: row.createdBy }]))).toEqual({
      [mediaIds.street_01!]: {
        subjects: [
          { subject_uid: car, result: 'True', app_data_type: 'box_set', app_data: [box(10, 21, 111, 71), box(600, 400, 640, 480)] },
          { subject_uid: person, result: 'False' },
        ],
        source: 'imported',
        createdBy: adminId,
      },
      [mediaIds.street_02!]: {
        subjects: [{ subject_uid: car, result: 'False' }, { subject_uid: person, result: 'True', app_data_type: 'box_set', app_data: [box(0, 0, 10, 10)] }],
        source: 'imported',
        createdBy: adminId,
      },
    });
    expect(await answersOf(appId)).toEqual({});
    const [row] = await t.db.select({ answers: applications.answersSinceRelease }).from(applications).where(eq(applications.applicationId, appId));
    expect(row?.answers).toBe(0);
    expect(await importFiles(t, admin, appId, { format: 'coco', as: 'gold' }, [COCO])).toMatchObject({ created: 0, unchanged: 2 });
  });

  it('skips an image whose labels make no answer, as an import of answers does', async () => {
    const appId = await appOf('classification', [car]);
    const report = await importFiles(t, admin, appId, { format: 'coco', as: 'gold' }, [COCO]);
    expect(report).toMatchObject({ matched: 2, created: 1 });
    expect(report.skipped).toContainEqual({ image: 'street_02.jpg', reason: expect.stringMatching(/none of the classes/) });
  });
});

describe('importing YOLO, VOC and CSV labels', () => {
  it('YOLO: normalised boxes sized by the stored media, the classes from classes.txt', async () => {
    const appId = await boxApp();
    const files: SentFile[] = [
      ['classes.txt', 'person\ncar\n'],
      ['labels/street_01.txt', '1 0.5 0.5 0.25 0.5\n'],
      ['labels/street_02.txt', '0 0.1 0.1 0.2 0.2 \n1 0.95 0.5 0.2 0.2\n'],
    ];
    const report = await importFiles(t, admin, appId, { format: 'yolo', as: 'labels' }, files);
    expect(report).toMatchObject({ images: 2, matched: 2, created: 2, skipped: [], unknown_classes: [] });
    expect(await answersOf(appId)).toEqual({
      'street_01 car': [box(240, 120, 400, 360)],
      'street_01 person': false,
      'street_02 person': [box(0, 0, 64, 48)],
      'street_02 car': [box(272, 96, 320, 144)],
    });
  });

  it('VOC: one XML per image, boxes scaled when the file states another image size', async () => {
    const appId = await boxApp();
    const xml = (file: string, size: number, objects: string) =>
      `<annotation><filename>${file}</filename><size><width>${size}</width><height>${(size * 3) / 4}</height></size>${objects}</annotation>`;
    const files: SentFile[] = [
      ['Annotations/street_01.xml', xml('street_01.jpg', 640, '<object><name>car</name><bndbox><xmin>10</xmin><ymin>10</ymin><xmax>20</xmax><ymax>30</ymax></bndbox></object>')],
      ['Annotations/street_02.xml', xml('street_02.jpg', 640, '<object><name>car</name><bndbox><xmin>10</xmin><ymin>10</ymin><xmax>20</xmax><ymax>30</ymax></bndbox></object>')],
    ];
    const report = await importFiles(t, admin, appId, { format: 'voc', as: 'labels' }, files);
    expect(report.notes).toEqual([{ message: "Marks of images whose stated size differs from the stored media's were scaled to the media.", count: 1 }]);
    expect(await answersOf(appId)).toEqual({ 'street_01 car': [box(10, 10, 20, 30)], 'street_02 car': [box(5, 5, 10, 15)] });
  });

  it('CSV: counts into a static_count application, by external_media_id or file name', async () => {
    const appId = await appOf('static_count', [car]);
    const csv = 'filename,class,count\nstreet_01.jpg,car,4\nstreet_02.jpg,car,2.6\n';
    const report = await importFiles(t, admin, appId, { format: 'csv', as: 'labels' }, [['counts.csv', csv]]);
    expect(report).toMatchObject({ matched: 2, created: 2, notes: [{ message: 'Counts and offsets were rounded to whole numbers.', count: 1 }] });
    expect(await answersOf(appId)).toEqual({ 'street_01 car': 4, 'street_02 car': 3 });
  });

  it('CSV: a classification takes the one class an image shows, and skips an image showing two', async () => {
    const appId = await appOf('classification', [car, person]);
    const csv = 'filename,label\nstreet_01.jpg,person\nstreet_02.jpg,car\nstreet_02.jpg,person\n';
    const report = await importFiles(t, admin, appId, { format: 'csv', as: 'labels' }, [['classes.csv', csv]]);
    expect(report.skipped).toEqual([{ image: 'street_02.jpg', reason: 'It shows several classes (car, person), and a classification answer names one.' }]);
    expect(await answersOf(appId)).toEqual({ 'street_01 person': true });
  });
});

describe('an import larger than IMPORT_INLINE_MAX_BYTES', () => {
  it('runs as a job: 202 with its status, progress by GET, then the report; its files removed', async () => {
    const appId = await boxApp();
    const rows = Array.from({ length: 150_000 }, (_, index) => `missing_${index % 15_000}.jpg,car,${index % 100},1,${(index % 100) + 5},5`);
    const csv = ['filename,class,x0,y0,x1,y1', 'street_01.jpg,car,10,10,50,50', ...rows].join('\n');
    expect(csv.length).toBeGreaterThan(IMPORT_INLINE_MAX_BYTES);
    const started = await postImport(t, admin, appId, { format: 'csv' }, [['big.csv', csv]]);
    expect(started.statusCode).toBe(202);
    const status = started.json<ImportStatus>();
    expect(status).toMatchObject({ application_id: appId, format: 'csv', as: 'labels', state: 'running', report: null });
    let current = status;
    for (let tries = 0; current.state === 'running' && tries < 300; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const response = await t.inject({ method: 'GET', url: `/1/applications/${appId}/imports/${status.import_id}`, headers: admin });
      expect(response.statusCode).toBe(200);
      current = response.json<ImportStatus>();
    }
    expect(current).toMatchObject({ state: 'done', done: 15_001, total: 15_001, message: null });
    expect(current.report).toMatchObject({ images: 15_001, matched: 1, created: 1 });
    expect(await answersOf(appId)).toEqual({ 'street_01 car': [box(10, 10, 50, 50)] });
    await expect.poll(() => t.app.blobs.has(`imports/${status.import_id}-0`)).toBe(false);
    const elsewhere = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.harbour);
    expect((await t.inject({ method: 'GET', url: `/1/applications/${appId}/imports/${status.import_id}`, headers: elsewhere })).statusCode).toBe(404);
  });
});

describe('which media an import matches', () => {
  it("looks among the application's own media, and among all the tenant's with match=tenant", async () => {
    const appId = await boxApp();
    const csv: SentFile = ['labels.csv', 'filename,class,x0,y0,x1,y1\nelsewhere.jpg,car,1,1,5,5\n'];
    expect(await importFiles(t, admin, appId, { format: 'csv' }, [csv])).toMatchObject({ matched: 0, skipped: [{ image: 'elsewhere.jpg' }] });
    expect(await importFiles(t, admin, appId, { format: 'csv', match: 'tenant' }, [csv])).toMatchObject({ matched: 1, created: 1, skipped: [] });
  });
});

describe('what an import refuses', () => {
  let appId: string;
  beforeAll(async () => {
    appId = await appOf('box_detection', [car]);
  });

  it.each([
    [{ format: 'xml' }, [COCO], 'format is one of coco, yolo, voc, csv.'],
    [{ format: 'coco', as: 'predictions' }, [COCO], 'Predictions need the name of the model that made them (model).'],
    [{ format: 'coco', model: 'x' }, [COCO], 'model is only for predictions'],
    [{ format: 'coco' }, [['a.json', '{"images": []}']], 'a.json is not COCO detection JSON'],
    [{ format: 'yolo' }, [['a.txt', '0 0.5 0.5 0.1 0.1']], 'A YOLO import needs its classes'],
    [{ format: 'csv' }, [['a.csv', 'filename,class\na.jpg,bus\n']], "None of the files' classes (bus) is an output subject of this application (car)"],
    [{ format: 'coco' }, [['a.zip', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])]], 'a.zip is not a zip file that can be read ('],
  ] as [Record<string, string>, SentFile[], string][])('answers 400 to %j', async (fields, files, message) => {
    const response = await postImport(t, admin, appId, fields, files);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });

  it('needs files (400) in a multipart form (415)', async () => {
    expect((await postImport(t, admin, appId, { format: 'coco' }, [])).json()).toEqual({ message: 'Send the label files as file parts of the form.' });
    const json = await t.inject({ method: 'POST', url: `/1/applications/${appId}/imports`, headers: admin, payload: { format: 'coco' } });
    expect(json.statusCode).toBe(415);
  });

  it("lets the application's manager import, and refuses a labeller (403) and another tenant (404)", async () => {
    const manager = await t.demoAuth('manager@demo.test', tenantId);
    expect((await postImport(t, manager, appId, { format: 'coco' }, [COCO])).statusCode).toBe(200);
    const labeller = await t.demoAuth('labeller@demo.test', tenantId);
    expect((await postImport(t, labeller, appId, { format: 'coco' }, [COCO])).statusCode).toBe(403);
    const harbour = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.harbour);
    expect((await postImport(t, harbour, appId, { format: 'coco' }, [COCO])).statusCode).toBe(404);
  });

  it('answers 400 for an application type that takes no labels', async () => {
    const camera = (await insertApplication(t.db, tenantId, 'network_camera', [car])).applicationId;
    expect((await postImport(t, admin, camera, { format: 'coco' }, [COCO])).json()).toEqual({ message: 'A network_camera application takes no labels, so none can be imported.' });
  });
});
