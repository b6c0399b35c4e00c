import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoxRegion } from '../../src/api/application-types/answer';
import type { Application } from '../../src/api/schemas/application';
import type { Subject } from '../../src/api/schemas/subjects';
import { media } from '../db/schema';
import { multipartBody } from '../testing/multipart-body';
import { createTestApp, type TestApp } from '../testing/test-app';
import { intersectionOverUnion } from '../../src/api/application-types/box-detection';

let t: TestApp;
let admin: Record<string, string>;
let labeller: Record<string, string>;
let photo: Buffer;
let person: { x0: number; y0: number; x1: number; y1: number };
let astronaut: Subject;
let bolt: Subject;
let app: Application;

interface Prediction {
  media_id: string | null;
  model_id: string;
  subjects: { subject_uid: string; probability: number; app_data_type: string | null; app_data: unknown }[];
}

const PHOTOS = new URL('../demo/photos/', import.meta.url);

async function post(url: string, headers: Record<string, string>, entries: [string, string | Buffer, string?][]) {
  const body = await multipartBody(entries);
  return t.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  admin = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.demoLab);
  labeller = await t.demoAuth('labeller@demo.test');
  photo = await readFile(new URL('astronaut.jpg', PHOTOS));
  person = (JSON.parse(await readFile(new URL('astronaut.json', PHOTOS), 'utf8')) as { objects: { box: typeof person }[] }).objects[0]!.box;
  const subject = async (name: string) =>
    (await t.inject({ method: 'POST', url: '/1/subjects', headers: admin, payload: { name } })).json<Subject>();
  [astronaut, bolt] = [await subject('Astronaut'), await subject('Bolt')];
  const created = await t.inject({
    method: 'POST',
    url: '/1/applications',
    headers: admin,
    payload: { name: 'Crew', type: 'box_detection', output_subjects: [astronaut.subject_uid, bolt.subject_uid] },
  });
  app = created.json<Application>();
}, 60_000);
afterAll(() => t.close());

const boxesOf = (prediction: Prediction, uid: string) => prediction.subjects.find((s) => s.subject_uid === uid)?.app_data as BoxRegion[];

describe('POST /1/applications/{id}/predict (extension)', () => {
  it('proposes from an uploaded image without storing it: the detector boxes the mapped subject, not the unknown one', async () => {
    const mediaBefore = await t.db.$count(media);
    const response = await post(`/1/applications/${app.application_id}/predict`, labeller, [['file', photo, 'astronaut.jpg']]);
    expect(response.statusCode).toBe(200);
    const prediction = response.json<Prediction>();
    expect(prediction.media_id).toBeNull();
    expect(prediction.model_id).toBeTruthy();
    const boxes = boxesOf(prediction, astronaut.subject_uid);
    expect(Math.max(...boxes.map((region) => intersectionOverUnion(region.box, person)))).toBeGreaterThanOrEqual(0.5);
    expect(boxesOf(prediction, bolt.subject_uid)).toEqual([]);
    expect(await t.db.$count(media)).toBe(mediaBefore);
  }, 60_000);

  it('proposes for a stored media item named by its id, within a focus', async () => {
    const uploaded = await post('/1/media', admin, [['file', photo, 'stored.jpg']]);
    expect(uploaded.statusCode).toBe(201);
    const mediaId = uploaded.json<{ media_id: string }>().media_id;
    const focus = { box: { x0: 0, y0: 0, x1: 512, y1: 512 } };
    const response = await t.inject({
      method: 'POST',
      url: `/1/applications/${app.application_id}/predict`,
      headers: labeller,
      payload: { media_id: mediaId, focus },
    });
    expect(response.statusCode).toBe(200);
    const prediction = response.json<Prediction & { focus: unknown }>();
    expect(prediction.media_id).toBe(mediaId);
    expect(prediction.focus).toEqual(focus);
    expect(boxesOf(prediction, astronaut.subject_uid).length).toBeGreaterThan(0);
  }, 60_000);

  it('answers bad requests with a message: unknown application or media (404), no media (400), not an image (415)', async () => {
    const unknownApp = await t.inject({ method: 'POST', url: '/1/applications/app_missing/predict', headers: labeller, payload: { media_id: 'med_x' } });
    expect(unknownApp.statusCode).toBe(404);
    const url = `/1/applications/${app.application_id}/predict`;
    const unknownMedia = await t.inject({ method: 'POST', url, headers: labeller, payload: { media_id: 'med_missing' } });
    expect(unknownMedia.statusCode).toBe(404);
    const noMedia = await t.inject({ method: 'POST', url, headers: labeller, payload: {} });
    expect(noMedia.statusCode).toBe(400);
    expect(noMedia.json<{ message: string }>().message).toMatch(/media_id/);
    const notImage = await post(url, labeller, [['file', Buffer.from('not an image'), 'notes.txt']]);
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json<{ message: string }>().message).toMatch(/not a JPEG/);
  });
});
