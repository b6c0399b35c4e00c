import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainProcessing } from '../processing/pipeline';
import { multipartBody } from '../testing/multipart-body';
import { createTestApp, type TestApp } from '../testing/test-app';
import { renderSign } from '../types/testing/sign';

let t: TestApp;
let admin: Record<string, string>;
let labeller: Record<string, string>;
let camera: string;
let label: string;
let appId: string;
let mediaId: string;

interface Detection {
  subject_uid: string;
  app_id: string | null;
  user_id: string | null;
  app_data_type: string | null;
  app_data: unknown;
  probability: number;
}

const detectionsOf = async (id: string) =>
  (await t.inject({ method: 'GET', url: `/1/media/${id}/detections`, headers: labeller })).json().detections as Detection[];

const answer = (subjects: unknown[]) =>
  t.inject({ method: 'POST', url: `/1/applications/${appId}/feedback`, headers: labeller, payload: { media_id: mediaId, subjects } });

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const tenantId = t.demo!.tenantIds.demoLab;
  admin = await t.demoAuth('admin@demo.test', tenantId);
  labeller = await t.demoAuth('labeller@demo.test', tenantId);
  const subject = async (name: string) => (await t.inject({ method: 'POST', url: '/1/subjects', headers: admin, payload: { name } })).json().subject_uid as string;
  [camera, label] = [await subject('dock camera'), await subject('bay sign')];
  const created = await t.inject({
    method: 'POST',
    url: '/1/applications',
    headers: admin,
    payload: {
      name: 'Bay signs',
      type: 'ocr',
      input_subjects: [camera],
      output_subjects: [label],
      custom_fields: { character_set: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-', page_mode: 'single_line' },
    },
  });
  expect(created.statusCode).toBe(201);
  appId = created.json().application_id;
}, 60_000);
afterAll(() => t.close());

describe('an ocr application', () => {
  it('reads an uploaded sign: the detection carries the text and its confidence in app_data', async () => {
    const body = await multipartBody([['file', await renderSign({ lines: ['BAY 31-C'] }), 'sign.jpg']]);
    const uploaded = await t.inject({ method: 'POST', url: `/1/subjects/${camera}/media`, headers: { ...labeller, ...body.headers }, payload: body.payload });
    expect(uploaded.statusCode).toBe(200);
    mediaId = uploaded.json().media_id;
    await drainProcessing(t.app);
    const reading = (await detectionsOf(mediaId)).find((row) => row.app_id === appId);
    expect(reading).toMatchObject({ subject_uid: label, user_id: null, app_data_type: 'text', app_data: { text: 'BAY 31-C' } });
    const { confidence } = reading!.app_data as { confidence: number };
    expect(confidence).toBeGreaterThan(0.5);
    expect(reading!.probability).toBeCloseTo(confidence);
  }, 60_000);

  it("takes a labeller's corrected text as feedback", async () => {
    const response = await answer([{ subject_uid: label, result: 'True', app_data_type: 'text', app_data: { text: 'BAY 31-G' } }]);
    expect(response.statusCode).toBe(204);
    const mine = (await detectionsOf(mediaId)).find((row) => row.app_id === appId && row.user_id !== null);
    expect(mine).toMatchObject({ app_data_type: 'text', app_data: { text: 'BAY 31-G' } });
  });

  it.each([
    [{ subject_uid: 'x', result: 'True', app_data_type: 'text', app_data: { text: '   ' } }, 'some text'],
    [{ subject_uid: 'x', result: 'True', app_data_type: 'text', app_data: { text: 'A', font: 'serif' } }, 'has only text, confidence'],
    [{ subject_uid: 'x', result: 'True', app_data_type: 'text', app_data: 'BAY 31-C' }, 'text'],
    [{ subject_uid: 'x', result: 'True', app_data_type: 'count', app_data: 3 }, 'text'],
  ])('refuses a bad answer with 400 and a message (%j)', async (subject, words) => {
    const response = await answer([{ ...subject, subject_uid: label }]);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(words);
  });

  it('refuses settings it cannot read, naming each, and saves those it can', async () => {
    const update = (custom_fields: Record<string, unknown>) =>
      t.inject({ method: 'POST', url: `/1/applications/${appId}`, headers: admin, payload: { custom_fields } });
    const refused = await update({ character_set: 'A B', page_mode: 'sideways' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((error: { field: string }) => error.field).sort()).toEqual(['custom_fields.character_set', 'custom_fields.page_mode']);
    expect((await update({ page_mode: 'block' })).statusCode).toBe(200);
  });
});
