import { readdir, readFile } from 'node:fs/promises';
import { inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_HELD_OUT_ANSWERS } from '../../src/api/limits';
import type { FeedbackRequest } from '../../src/api/schemas/feedback-requests';
import type { ModelPerformance } from '../../src/api/schemas/models';
import { rowsOf } from '../db/json-row';
import { media } from '../db/schema';
import { drainProcessing } from '../processing/pipeline';
import { multipartBody } from '../testing/multipart-body';
import { createTestApp, type TestApp } from '../testing/test-app';
import { DRAWINGS, renderDrawing } from '../types/testing/drawings';

const PHOTOS = new URL('../demo/photos/', import.meta.url);

let t: TestApp;
let admin: Record<string, string>;
let labeller: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { allowSpecialTypes: true } });
  admin = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.demoLab);
  labeller = await t.demoAuth('labeller@demo.test', t.demo!.tenantIds.demoLab);
});
afterAll(() => t.close());

const post = (url: string, headers: Record<string, string>, payload: unknown) => t.inject({ method: 'POST', url, headers, payload: payload as object });
const get = (url: string) => t.inject({ method: 'GET', url, headers: labeller });
const createSubject = async (name: string): Promise<string> => (await post('/1/subjects', admin, { name })).json().subject_uid;

async function upload(subjectUid: string, image: Buffer, filename: string): Promise<string> {
  const form = await multipartBody([['file', image, filename]]);
  const response = await t.inject({ method: 'POST', url: `/1/subjects/${subjectUid}/media`, headers: { ...admin, ...form.headers }, payload: form.payload });
  expect(response.statusCode).toBe(200);
  return response.json().media_id;
}

/** How many of these media items fall in the validation set (the answers the measures are taken on). */
async function validationCount(mediaIds: readonly string[]): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await t.db.execute(sql`SELECT count(*)::int AS n FROM ${media} WHERE ${inArray(media.mediaId, [...mediaIds])} AND answer_set(${media.mediaId}) = 'validation'`),
  );
  return rows[0]!.n;
}

describe('an nsfw application (ALLOW_SPECIAL_TYPES)', () => {
  it('proposes each class by its subject\'s name, asks about the doubtful items, takes yes/no answers and is measured on them', { timeout: 300_000 }, async () => {
    const camera = await createSubject('Uploads to check');
    const [neutral, drawing, explicit] = await Promise.all(['Neutral', 'Drawing', 'Explicit'].map(createSubject)) as [string, string, string];
    const created = await post('/1/applications', admin, { name: 'Content check', type: 'nsfw', input_subjects: [camera], output_subjects: [neutral, drawing, explicit] });
    expect(created.statusCode).toBe(201);
    const appId: string = created.json().application_id;

    const photos = (await readdir(PHOTOS)).filter((file) => file.endsWith('.jpg')).map((file) => ({ file, drawn: false }));
    const items = [...photos, ...Object.keys(DRAWINGS).map((file) => ({ file, drawn: true }))];
    const mediaIds = new Map<string, { file: string; drawn: boolean }>();
    for (const item of items) {
      const image = item.drawn ? await renderDrawing(item.file) : await readFile(new URL(item.file, PHOTOS));
      mediaIds.set(await upload(camera, image, item.drawn ? `${item.file}.jpg` : item.file), item);
    }
    // more copies of a photograph (each its own media) until the validation set can be measured on
    for (let quality = 90; (await validationCount([...mediaIds.keys()])) < MIN_HELD_OUT_ANSWERS; quality -= 1) {
      const copy = await sharp(await readFile(new URL('robin.jpg', PHOTOS))).jpeg({ quality }).toBuffer();
      mediaIds.set(await upload(camera, copy, `robin-${quality}.jpg`), { file: 'robin.jpg', drawn: false });
    }
    await drainProcessing(t.app);

    const proposalsOf = async (mediaId: string) => {
      const { detections } = (await get(`/1/media/${mediaId}/detections`)).json() as { detections: { app_id: string; subject_uid: string; probability: number; model_id: string | null }[] };
      return Object.fromEntries(detections.filter((row) => row.app_id === appId && row.model_id !== null).map((row) => [row.subject_uid, row.probability]));
    };
    const idOf = (file: string) => [...mediaIds].find(([, item]) => item.file === file)![0];
    const robin = await proposalsOf(idOf('robin.jpg'));
    expect(robin[neutral]).toBeGreaterThan(0.99);
    expect(robin[explicit]).toBeLessThan(0.01);
    expect(robin[neutral]! + robin[drawing]! + robin[explicit]!).toBeCloseTo(1);
    expect((await proposalsOf(idOf('anime face')))[drawing]).toBeGreaterThan(0.8);

    // the doubtful ones are asked about: the apple the classifier takes for porn, not the robin
    const requested: FeedbackRequest[] = [];
    for (let batch = (await get(`/1/applications/${appId}/feedback?limit=10`)).json(); batch.length > 0; batch = (await get(`/1/applications/${appId}/feedback?limit=10`)).json()) {
      requested.push(...batch);
    }
    const asked = new Set(requested.map((request) => mediaIds.get(request.media_id)?.file));
    expect(asked).toContain('apple.jpg');
    expect(asked).not.toContain('robin.jpg');
    for (const request of requested) expect(request.subjects.map((subject) => subject.subject_uid).sort()).toEqual([neutral, drawing, explicit].sort());

    for (const [mediaId, { drawn }] of mediaIds) {
      const subjects = [
        { subject_uid: neutral, result: drawn ? 'False' : 'True' },
        { subject_uid: drawing, result: drawn ? 'True' : 'False' },
        { subject_uid: explicit, result: 'False' },
      ];
      expect((await post(`/1/applications/${appId}/feedback`, labeller, { media_id: mediaId, subjects })).statusCode).toBe(204);
    }
    const halfAnswered = await post(`/1/applications/${appId}/feedback`, labeller, { media_id: idOf('dog.jpg'), subjects: [{ subject_uid: neutral, result: 'True' }] });
    expect(halfAnswered.statusCode).toBe(400);

    const [measured] = (await get(`/1/applications/${appId}/performance/newRandom`)).json<{ data: ModelPerformance[] }>().data;
    const validation = await validationCount([...mediaIds.keys()]);
    expect(measured).toMatchObject({ type: 'nsfw', version: 0, data_count: validation, model_performance: { kind: 'classes', n: validation, reason: null } });
    expect(Object.keys(measured!.model_performance_per_subject).sort()).toEqual([neutral, drawing, explicit].sort());
    expect(measured!.model_performance_per_subject[explicit]).toMatchObject({ kind: 'classes', accuracy: expect.any(Number) });
  });
});
