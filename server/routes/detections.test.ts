import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { applications, models } from '../db/schema';
import { recordAssertions, touchDetectionRecord } from '../domain/assertions';
import { makeImage } from '../media/test-images';
import { multipartBody } from '../testing/multipart-body';
import { bearer, createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let labeller: Record<string, string>;
let stranger: Record<string, string>;
let tenantId: string;
let appId: string;
let subject: string;
const mediaIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { publicUrl: 'https://labels.example' } });
  tenantId = t.demo!.tenantIds.demoLab;
  labeller = await t.demoAuth('labeller@demo.test', tenantId);
  const admin = await t.demoAuth('admin@demo.test', tenantId);
  await t.inject({ method: 'POST', url: '/1/users', payload: { email: 'outsider@else.test', password: 'outsider-pass' } });
  stranger = bearer(await t.signIn('outsider@else.test', 'outsider-pass'));
  subject = (await t.inject({ method: 'POST', url: '/1/subjects', headers: admin, payload: { name: 'gull' } })).json().subject_uid;
  appId = (
    await t.inject({ method: 'POST', url: '/1/applications', headers: admin, payload: { name: 'Gulls', type: 'detection_fullframe', output_subjects: [subject] } })
  ).json().application_id;
  const labellerId = (await t.inject({ method: 'GET', url: '/1/users/current', headers: labeller })).json().user_id;
  // Five records, model probabilities 0.1 .. 0.9; the third also has a user's answer (consensus).
  for (let i = 0; i < 5; i += 1) {
    const body = await multipartBody([['file', await makeImage('png', 20 + i, 20), 'a.png']]);
    const mediaId = (await t.inject({ method: 'POST', url: '/1/media', headers: { ...labeller, ...body.headers }, payload: body.payload })).json().media_id;
    mediaIds.push(mediaId);
    await t.db.transaction(async (tx) => {
      const common = { tenantId, mediaId, appId, createdAt: 1000 + i };
      const probability = [0.1, 0.3, 0.5, 0.7, 0.9][i]!;
      await recordAssertions(tx, { ...common, modelId: `${appId}.v0`, assertions: [{ subjectUid: subject, probability }] });
      if (i === 2) await recordAssertions(tx, { ...common, userId: labellerId, assertions: [{ subjectUid: subject, probability: 1 }] });
      await touchDetectionRecord(tx, appId, mediaId, null, 1000 + i);
    });
  }
});
afterAll(() => t.close());

async function detections(query: string) {
  const response = await t.inject({ method: 'GET', url: `/1/applications/${appId}/detections${query}`, headers: labeller });
  expect(response.statusCode).toBe(200);
  return response.json() as { data: { media: { media_id: string }; detections: { probability: number; user_id: string | null }[] }[]; paging: { next?: string } };
}

const idsOf = (page: { data: { media: { media_id: string } }[] }) => page.data.map((record) => record.media.media_id);

describe('GET /1/applications/{id}/detections', () => {
  it('gives the records in update order with their media and assertions, paging: {} on the last page', async () => {
    const page = await detections('');
    expect(idsOf(page)).toEqual(mediaIds);
    expect(page.paging).toEqual({});
    expect(page.data[2]?.detections).toHaveLength(2);
    expect(page.data[0]).toMatchObject({ focus: null, updated_at: 1000, media: { media_url: expect.stringMatching(/^https:\/\/labels\.example\//) } });
  });

  it('follows the absolute next link, which repeats every parameter, to the end', async () => {
    const seen: string[] = [];
    let next: string | undefined = `/1/applications/${appId}/detections?limit=2&reverse=True&include=whatever`;
    let pages = 0;
    while (next) {
      const page = await detections(next.replace(/^.*\/detections/, ''));
      seen.push(...idsOf(page));
      next = page.paging.next;
      if (next) {
        const url = new URL(next);
        expect(url.origin).toBe('https://labels.example');
        for (const name of ['start', 'end', 'probability_upper', 'probability_lower', 'limit', 'reverse', 'consensus_none', 'only_user', 'only_model', 'cursor']) {
          expect(url.searchParams.has(name)).toBe(true);
        }
        expect(url.searchParams.get('reverse')).toBe('true');
      }
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...mediaIds].reverse());
  });

  it('filters the assertions by probability and source, dropping records left with none', async () => {
    expect(idsOf(await detections('?probability_lower=0.6'))).toEqual([mediaIds[2], mediaIds[3], mediaIds[4]]);
    const band = await detections('?probability_lower=0.2&probability_upper=0.6');
    expect(band.data.map((record) => record.detections.map((d) => d.probability))).toEqual([[0.3], [0.5]]);
    const users = await detections('?only_user=1');
    expect(idsOf(users)).toEqual([mediaIds[2]]);
    expect(users.data[0]?.detections.every((d) => d.user_id !== null)).toBe(true);
    const model = await detections('?only_model=true');
    expect(idsOf(model)).toEqual(mediaIds);
    expect(model.data.every((record) => record.detections.length === 1)).toBe(true);
    expect(idsOf(await detections('?consensus_none=true'))).toEqual([mediaIds[0], mediaIds[1], mediaIds[3], mediaIds[4]]);
    expect(idsOf(await detections('?start=1001&end=1003'))).toEqual([mediaIds[2], mediaIds[3]]);
  });

  it.each([
    'only_user=true&only_model=true',
    'limit=0',
    'limit=101',
    'limit=2.5',
    'probability_lower=1.5',
    'probability_lower=0.8&probability_upper=0.2',
    'start=soon',
    'reverse=maybe',
    'cursor=-1',
    'model_version=-1',
    'model_version=v2',
    'model_version=7',
    'only_user=true&model_version=0',
  ])('refuses %s with 400', async (query) => {
    const response = await t.inject({ method: 'GET', url: `/1/applications/${appId}/detections?${query}`, headers: labeller });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it('is 404 for an unknown or foreign application', async () => {
    expect((await t.inject({ method: 'GET', url: '/1/applications/app_nope/detections', headers: labeller })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/1/applications/${appId}/detections`, headers: stranger })).statusCode).toBe(404);
  });
});

describe('GET /1/applications/{id}/detections after a release', () => {
  it('gives the current model\'s proposals for only_model, and an older model\'s for model_version', async () => {
    await t.db.insert(models).values({ modelId: 'mdl_v1', applicationId: appId, version: 1, parameters: {}, createdAt: 2000 });
    await t.db.update(applications).set({ currentModelId: 'mdl_v1' }).where(eq(applications.applicationId, appId));
    await t.db.transaction(async (tx) => {
      await recordAssertions(tx, { tenantId, mediaId: mediaIds[4]!, appId, createdAt: 2001, modelId: 'mdl_v1', assertions: [{ subjectUid: subject, probability: 0.95 }] });
      await touchDetectionRecord(tx, appId, mediaIds[4]!, null, 2001);
    });
    const current = await detections('?only_model=true');
    expect(idsOf(current)).toEqual([mediaIds[4]]);
    expect(current.data[0]?.detections.map((d) => d.probability)).toEqual([0.95]);
    expect(idsOf(await detections('?model_version=1'))).toEqual([mediaIds[4]]);
    const baseline = await detections('?model_version=0&limit=2');
    expect(idsOf(baseline)).toEqual([mediaIds[0], mediaIds[1]]);
    expect(new URL(baseline.paging.next!).searchParams.get('model_version')).toBe('0');
    const refused = await t.inject({ method: 'GET', url: `/1/applications/${appId}/detections?model_version=2`, headers: labeller });
    expect(refused.json()).toEqual({
      message: 'This application has no model version 2.',
      errors: [{ field: 'model_version', message: 'No model of this version.' }],
    });
  });
});
