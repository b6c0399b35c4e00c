import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoxRegion, PointCoords } from '../../src/api/application-types/answer';
import type { BoxCoords } from '../../src/api/types';
import { foundBoxes } from '../types/measures/boxes';
import { loadManyInstancePhotos, type ManyInstancePhoto } from '../testing/many-instances';
import { multipartBody } from '../testing/multipart-body';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let admin: Record<string, string>;
let candies: ManyInstancePhoto;
let mediaId: string;
let candy: string;

interface Prediction {
  subjects: { subject_uid: string; probability: number; app_data_type: string | null; app_data: unknown; counted?: PointCoords[] }[];
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  admin = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.demoLab);
  candies = (await loadManyInstancePhotos()).find((photo) => photo.name === 'candies')!;
  const form = await multipartBody([['file', candies.bytes, 'candies.jpg']]);
  mediaId = (await t.inject({ method: 'POST', url: '/1/media', headers: { ...admin, ...form.headers }, payload: form.payload })).json().media_id;
  candy = (await t.inject({ method: 'POST', url: '/1/subjects', headers: admin, payload: { name: 'candy' } })).json().subject_uid;
}, 60_000);
afterAll(() => t.close());

async function application(type: string): Promise<string> {
  const created = await t.inject({ method: 'POST', url: '/1/applications', headers: admin, payload: { name: `Candies ${type}`, type, output_subjects: [candy] } });
  expect(created.statusCode).toBe(201);
  return created.json().application_id;
}

const predict = (appId: string, payload: Record<string, unknown>) => t.inject({ method: 'POST', url: `/1/applications/${appId}/predict`, headers: admin, payload });
const exemplarsOf = (indices: number[]) => indices.map((index) => candies.truth[index]!);
const subjectOf = (prediction: Prediction) => prediction.subjects.find((subject) => subject.subject_uid === candy)!;
const shownBoxes = (regions: BoxRegion[]) => regions.filter((region) => (region.probability ?? 1) >= 0.5).map((region) => region.box);

describe('predict with exemplars: find more like these (extension)', () => {
  it('box_detection: the box_set is the exemplars and the other candies they find', async () => {
    const appId = await application('box_detection');
    const before = subjectOf((await predict(appId, { media_id: mediaId })).json<Prediction>());
    expect(before.app_data).toEqual([]);
    const exemplars = exemplarsOf([0, 5, 9]);
    const response = await predict(appId, { media_id: mediaId, subject_uid: candy, exemplars });
    expect(response.statusCode).toBe(200);
    const boxes = subjectOf(response.json<Prediction>()).app_data as BoxRegion[];
    expect(boxes.slice(0, 3).map((region) => region.box)).toEqual(exemplars);
    const shown = shownBoxes(boxes);
    expect(foundBoxes(candies.truth, shown)).toBeGreaterThanOrEqual(11);
    expect(foundBoxes(candies.truth, shown) / shown.length).toBeGreaterThanOrEqual(0.9);
  }, 60_000);

  it('static_count: the count and its markers follow what the exemplars find; point: their centres', async () => {
    const countApp = await application('static_count');
    const counted = subjectOf((await predict(countApp, { media_id: mediaId, subject_uid: candy, exemplars: exemplarsOf([1, 6]) })).json<Prediction>());
    expect(counted.app_data_type).toBe('count');
    expect(counted.app_data).toBeGreaterThanOrEqual(11);
    expect(counted.app_data).toBeLessThanOrEqual(15);
    expect(counted.counted).toHaveLength(counted.app_data as number);
    const pointApp = await application('point');
    const pointed = subjectOf((await predict(pointApp, { media_id: mediaId, subject_uid: candy, exemplars: exemplarsOf([1, 6]) })).json<Prediction>());
    const points = pointed.app_data as PointCoords[];
    const inside = (point: PointCoords, box: BoxCoords) => point.x >= box.x0 && point.x <= box.x1 && point.y >= box.y0 && point.y <= box.y1;
    expect(points.length).toBeGreaterThanOrEqual(11);
    expect(points.every((point) => candies.truth.some((box) => inside(point, box)))).toBe(true);
  }, 60_000);

  it('an uploaded form takes the exemplars as JSON text', async () => {
    const appId = await application('box_detection');
    const form = await multipartBody([
      ['file', candies.bytes, 'candies.jpg'],
      ['subject_uid', candy],
      ['exemplars', JSON.stringify(exemplarsOf([2]))],
    ]);
    const response = await t.inject({ method: 'POST', url: `/1/applications/${appId}/predict`, headers: { ...admin, ...form.headers }, payload: form.payload });
    expect(response.statusCode).toBe(200);
    expect(shownBoxes(subjectOf(response.json<Prediction>()).app_data as BoxRegion[]).length).toBeGreaterThanOrEqual(8);
  }, 60_000);

  it('the exemplars teach the next images at once: another photo of candies gets boxes without exemplars', async () => {
    const appId = await application('box_detection');
    await predict(appId, { media_id: mediaId, subject_uid: candy, exemplars: exemplarsOf([0, 5, 9]) });
    // the candies from further off: the photo at 70 % of its size, in a frame of background
    const smaller = await sharp(candies.bytes).resize(289).extend({ top: 40, bottom: 40, left: 60, right: 60, background: '#ffffff' }).jpeg().toBuffer();
    const moved = candies.truth.map((box) => ({ x0: box.x0 * 0.7 + 60, y0: box.y0 * 0.7 + 40, x1: box.x1 * 0.7 + 60, y1: box.y1 * 0.7 + 40 }));
    const form = await multipartBody([['file', smaller, 'further.jpg']]);
    const response = await t.inject({ method: 'POST', url: `/1/applications/${appId}/predict`, headers: { ...admin, ...form.headers }, payload: form.payload });
    const shown = shownBoxes(subjectOf(response.json<Prediction>()).app_data as BoxRegion[]);
    expect(foundBoxes(moved, shown)).toBeGreaterThanOrEqual(10);
    expect(foundBoxes(moved, shown) / shown.length).toBeGreaterThanOrEqual(0.8);
  }, 60_000);
});
