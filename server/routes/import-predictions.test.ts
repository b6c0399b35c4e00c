import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExternalDetectionsResult } from '../../src/api/schemas/imports';
import { assertions } from '../db/schema';
import { insertApplication, insertSubject } from '../feedback/test-fixtures';
import { importFiles, uploadNamed, type SentFile } from '../testing/import-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let tenantId: string;
let admin: Record<string, string>;
let car: string;
let person: string;
let first: string;
/** The camera's images, the applications' input. */
let camera: string;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  tenantId = t.demo!.tenantIds.demoLab;
  admin = await t.demoAuth('admin@demo.test', tenantId);
  car = await insertSubject(t.db, tenantId, 'car');
  person = await insertSubject(t.db, tenantId, 'person');
  camera = await insertSubject(t.db, tenantId, 'camera');
  first = (await uploadNamed(t, admin, 'cam_0001.jpg', 400, 200, camera)).media_id;
  await uploadNamed(t, admin, 'cam_0002.jpg', 400, 200, camera);
});
afterAll(() => t.close());

const boxApp = async () => (await insertApplication(t.db, tenantId, 'box_detection', [car, person], { inputSubjects: [camera] })).applicationId;

/** The application's current model assertions, as `media subject → [model_id, probability, app_data]`. */
async function modelAssertions(appId: string) {
  const rows = await t.db.select().from(assertions).where(and(eq(assertions.appId, appId), eq(assertions.current, true)));
  const name = (row: (typeof rows)[number]) => `${row.mediaId === first ? 'first' : 'second'} ${row.subjectUid === car ? 'car' : 'person'}`;
  return Object.fromEntries(rows.filter((row) => row.userId === null).map((row) => [name(row), [row.modelId, row.probability, row.appData]]));
}

async function pull(appId: string) {
  const response = await t.inject({ method: 'GET', url: `/1/applications/${appId}/feedback?limit=10`, headers: admin });
  expect(response.statusCode).toBe(200);
  return response.json<{ media_id: string; subjects: { subject_uid: string; probability: number; app_data: unknown }[] }[]>();
}

const box = (x0: number, y0: number, x1: number, y1: number, probability?: number) => ({ box: { x0, y0, x1, y1 }, ...(probability === undefined ? {} : { probability }) });

/** The same predictions in each format: a doubtful car on the first image, a sure car on the second. */
const PREDICTIONS: Record<string, SentFile[]> = {
  coco: [
    [
      'results.json',
      JSON.stringify({
        categories: [
          { id: 0, name: 'car' },
          { id: 1, name: 'person' },
        ],
        images: [
          { id: 7, file_name: 'cam_0001.jpg', width: 400, height: 200 },
          { id: 8, file_name: 'cam_0002.jpg', width: 400, height: 200 },
        ],
        annotations: [
          { id: 1, image_id: 7, category_id: 0, bbox: [100, 50, 100, 50], score: 0.55 },
          { id: 2, image_id: 8, category_id: 0, bbox: [0, 0, 40, 20], score: 0.98 },
        ],
      }),
    ],
  ],
  yolo: [
    ['data.yaml', 'names: [car, person]\n'],
    ['labels/cam_0001.txt', '0 0.375 0.375 0.25 0.25 0.55\n'],
    ['labels/cam_0002.txt', '0 0.05 0.05 0.1 0.1 0.98\n'],
  ],
  voc: [
    ['a.xml', '<annotation><filename>cam_0001.jpg</filename><object><name>car</name><bndbox><xmin>100</xmin><ymin>50</ymin><xmax>200</xmax><ymax>100</ymax></bndbox><score>0.55</score></object><object><name>person</name><bndbox><xmin>1</xmin><ymin>1</ymin><xmax>2</xmax><ymax>2</ymax></bndbox><score>0.1</score></object></annotation>'],
    ['b.xml', '<annotation><filename>cam_0002.jpg</filename><object><name>car</name><bndbox><xmin>0</xmin><ymin>0</ymin><xmax>40</xmax><ymax>20</ymax></bndbox><score>0.98</score></object></annotation>'],
  ],
  csv: [['predictions.csv', 'image,class,xmin,ymin,xmax,ymax,score\ncam_0001.jpg,car,100,50,200,100,0.55\ncam_0002.jpg,car,0,0,40,20,0.98\ncam_0002.jpg,person,,,,,\n']],
};

describe.each(Object.keys(PREDICTIONS))('importing %s predictions', (format) => {
  let appId: string;
  beforeAll(async () => {
    appId = await boxApp();
  });

  it("records them as the named outside model's assertions, and queues the doubtful one for feedback", async () => {
    const report = await importFiles(t, admin, appId, { format, as: 'predictions', model: 'yolov8n' }, PREDICTIONS[format]!);
    expect(report).toMatchObject({ as: 'predictions', model_id: 'external:yolov8n', images: 2, matched: 2, created: 2, unchanged: 0, skipped: [] });
    const recorded = await modelAssertions(appId);
    expect(recorded['first car']).toEqual(['external:yolov8n', 0.55, [box(100, 50, 200, 100, 0.55)]]);
    expect(recorded['second car']).toEqual(['external:yolov8n', 0.98, [box(0, 0, 40, 20, 0.98)]]);
    const queued = await pull(appId);
    expect(queued.map((item) => item.media_id)).toEqual([first]);
    expect(queued[0]!.subjects.find((subject) => subject.subject_uid === car)).toMatchObject({ probability: 0.55, app_data: [box(100, 50, 200, 100, 0.55)] });
  });

  it('changes nothing when imported again', async () => {
    const count = (await t.db.select().from(assertions).where(eq(assertions.appId, appId))).length;
    const again = await importFiles(t, admin, appId, { format, as: 'predictions', model: 'yolov8n' }, PREDICTIONS[format]!);
    expect(again).toMatchObject({ created: 0, unchanged: 2 });
    expect(await t.db.select().from(assertions).where(eq(assertions.appId, appId))).toHaveLength(count);
  });
});

describe('POST /1/media/{id}/detections', () => {
  let appId: string;
  const post = (payload: object, headers = admin, mediaId = first) => t.inject({ method: 'POST', url: `/1/media/${mediaId}/detections`, headers, payload });
  const detections = (probability: number) => ({ subject_uid: car, probability, app_data_type: 'box_set', app_data: [box(10, 10, 50, 40, probability)] });

  beforeAll(async () => {
    appId = await boxApp();
  });

  it("records an outside model's detections like the service's own (201), and once only (200)", async () => {
    const body = { application_id: appId, model: 'detector v2', subjects: [detections(0.5), { subject_uid: person, probability: 0.02 }] };
    const created = await post(body);
    expect(created.statusCode, created.body).toBe(201);
    const result = created.json<ExternalDetectionsResult>();
    expect(result).toMatchObject({ media_id: first, application_id: appId, model_id: 'external:detector v2', created: true, queued_for_feedback: true });
    expect(result.detections.map(({ subject_uid, model_id, user_id, app_id, probability }) => ({ subject_uid, model_id, user_id, app_id, probability }))).toEqual([
      { subject_uid: car, model_id: 'external:detector v2', user_id: null, app_id: appId, probability: 0.5 },
      { subject_uid: person, model_id: 'external:detector v2', user_id: null, app_id: appId, probability: 0.02 },
    ]);
    expect((await pull(appId)).map((item) => item.media_id)).toEqual([first]);

    const again = await post(body);
    expect(again.statusCode).toBe(200);
    expect(again.json<ExternalDetectionsResult>()).toMatchObject({ created: false, queued_for_feedback: false, detections: result.detections });
  });

  it.each([
    ['no application', () => ({ application_id: undefined }), 'Give an application_id.'],
    ['no model name', () => ({ model: '' }), 'model is a name of 1 to 100'],
    ['another subject', () => ({ subjects: [{ ...detections(0.5), subject_uid: 'sub_elsewhere' }] }), 'sub_elsewhere is not an output subject of the application.'],
    ['a fractional pixel', () => ({ subjects: [{ ...detections(0.5), app_data: [box(10.5, 10, 50, 40)] }] }), 'A coordinate is a whole number of pixels.'],
    ['a box leaving the media', () => ({ subjects: [{ ...detections(0.5), app_data: [box(10, 10, 500, 40)] }] }), 'Box 1 must lie inside the media.'],
    ['another app_data_type', () => ({ subjects: [{ ...detections(0.5), app_data_type: 'count', app_data: 3 }] }), 'A box_detection detection has app_data_type box_set.'],
    ['a probability above 1', () => ({ subjects: [{ subject_uid: car, probability: 2 }] }), 'probability is a number from 0 to 1.'],
  ] as [string, () => object, string][])('answers 400 to %s', async (_case, overrides, message) => {
    const response = await post({ application_id: appId, model: 'm', subjects: [detections(0.5)], ...overrides() });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });

  it('refuses a labeller (403), and an unknown media item or application (404)', async () => {
    const labeller = await t.demoAuth('labeller@demo.test', tenantId);
    expect((await post({ application_id: appId, model: 'm', subjects: [detections(0.5)] }, labeller)).statusCode).toBe(403);
    expect((await post({ application_id: appId, model: 'm', subjects: [detections(0.5)] }, admin, 'med_unknown')).statusCode).toBe(404);
    expect((await post({ application_id: 'app_unknown', model: 'm', subjects: [detections(0.5)] })).statusCode).toBe(404);
  });
});
