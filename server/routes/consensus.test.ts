import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { models } from '../db/schema';
import { newId } from '../db/ids';
import type { ApplicationRow } from '../domain/applications';
import { listConsensusLabels } from '../domain/consensus';
import { considerForFeedback } from '../feedback/scheduler';
import { insertApplication, insertMedia, insertSubject } from '../feedback/test-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let tenantId: string;
let labeller: Record<string, string>;
let colleague: Record<string, string>;
let admin: Record<string, string>;
let outsider: Record<string, string>;
let red: string;
let blue: string;

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { feedback: { scheduleIntervalSeconds: 0, releaseEveryAnswers: 0, leaseSeconds: 1200 } } });
  tenantId = t.demo!.tenantIds.demoLab;
  labeller = await t.demoAuth('labeller@demo.test', tenantId);
  colleague = await t.demoAuth('manager@demo.test', tenantId);
  admin = await t.demoAuth('admin@demo.test', tenantId);
  outsider = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.harbour);
  red = await insertSubject(t.db, tenantId, 'red thing');
  blue = await insertSubject(t.db, tenantId, 'blue thing');
});
afterAll(() => t.close());

/** A classification application asking `labellers` people per item, with one queued item. */
async function queuedItem(labellers: number) {
  const app = await insertApplication(t.db, tenantId, 'classification', [red, blue], { labellersPerItem: labellers });
  const mediaRow = await insertMedia(t.db, tenantId, { width: 100, height: 80 });
  await considerForFeedback(t.db, app, mediaRow.mediaId, null, [{ subject_uid: red, probability: 0.5, uncal_prob: 0.5, app_data_type: null, app_data: null }], null);
  return { app, mediaId: mediaRow.mediaId };
}

const get = (url: string, headers = labeller) => t.inject({ method: 'GET', url, headers });
const pulled = async (app: ApplicationRow, headers = labeller): Promise<string[]> =>
  (await get(`/1/applications/${app.applicationId}/feedback`, headers)).json().map((item: { media_id: string }) => item.media_id);
const counts = async (app: ApplicationRow) => (await get(`/1/applications/${app.applicationId}/feedback/pending`)).json();
async function answer(app: ApplicationRow, mediaId: string, subjectUid: string, headers = labeller) {
  const response = await t.inject({
    method: 'POST',
    url: `/1/applications/${app.applicationId}/feedback`,
    headers,
    payload: { media_id: mediaId, subjects: [{ subject_uid: subjectUid, result: 'True' }], decision_time: Date.now() / 1000 },
  });
  expect(response.statusCode).toBe(204);
}
const history = async (app: ApplicationRow, query = '') => (await get(`/1/applications/${app.applicationId}/consensusHistory${query}`)).json();
/** The review queue, as its managers read it (the labellers' answers are theirs to see). */
const reviews = async (app: ApplicationRow) => (await get(`/1/applications/${app.applicationId}/reviews`, admin)).json();
const resolve = (app: ApplicationRow, reviewId: string, payload: unknown, headers = admin) =>
  t.inject({ method: 'POST', url: `/1/applications/${app.applicationId}/reviews/${reviewId}`, headers, payload: payload as object });

describe('several labellers per item', () => {
  it('serves an item to distinct labellers until enough answered, then stores their agreement', async () => {
    const { app, mediaId } = await queuedItem(2);
    expect(await pulled(app)).toEqual([mediaId]);
    await answer(app, mediaId, red);
    expect(await counts(app)).toEqual({ pending: 1, leased: 0 });
    expect(await pulled(app)).toEqual([]);
    expect(await pulled(app, colleague)).toEqual([mediaId]);
    expect(await counts(app)).toEqual({ pending: 0, leased: 1 });
    await answer(app, mediaId, red, colleague);
    expect(await counts(app)).toEqual({ pending: 0, leased: 0 });
    expect((await history(app)).data).toEqual([
      expect.objectContaining({ media_id: mediaId, source: 'agreed', subjects: [{ subject_uid: red, result: 'True' }] }),
    ]);
    expect((await reviews(app)).data).toEqual([]);
  });

  it('with one labeller per item, the latest answer is the label (single) and nothing waits', async () => {
    const { app, mediaId } = await queuedItem(1);
    await answer(app, mediaId, red);
    expect(await counts(app)).toEqual({ pending: 0, leased: 0 });
    await answer(app, mediaId, blue, colleague);
    expect(await listConsensusLabels(t.db, app.applicationId)).toEqual([
      expect.objectContaining({ media_id: mediaId, subject_uid: blue, result: 'True', app_data: null, source: 'single' }),
    ]);
    expect((await history(app)).data).toEqual([expect.objectContaining({ consensus_id: null, source: 'single' })]);
  });
});

describe('the review queue', () => {
  async function disagreement() {
    const { app, mediaId } = await queuedItem(2);
    await answer(app, mediaId, red);
    await answer(app, mediaId, blue, colleague);
    const [item] = (await reviews(app)).data;
    return { app, mediaId, reviewId: item.review_id as string, item };
  }

  it('lists a disagreement with every answer and who gave it, and counts it', async () => {
    const { app, mediaId, item } = await disagreement();
    expect(item).toMatchObject({ media_id: mediaId, media: { media_id: mediaId, image_width: 100 }, focus: null });
    expect(item.answers).toEqual([
      expect.objectContaining({ email: 'labeller@demo.test', subjects: [{ subject_uid: red, result: 'True' }] }),
      expect.objectContaining({ email: 'manager@demo.test', subjects: [{ subject_uid: blue, result: 'True' }] }),
    ]);
    expect((await get(`/1/applications/${app.applicationId}/reviews/count`)).json()).toEqual({ pending: 1 });
    expect((await history(app)).data).toEqual([]);
    expect(await listConsensusLabels(t.db, app.applicationId)).toEqual([]);
  });

  it('lets a manager resolve it with an answer checked by the feedback rules, once', async () => {
    const { app, mediaId, reviewId } = await disagreement();
    const refused = await resolve(app, reviewId, { subjects: [{ subject_uid: red, result: 'True' }] }, labeller);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: expect.any(String) });
    const invalid = await resolve(app, reviewId, { subjects: [{ subject_uid: red, result: 'False' }] });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Invalid subjects.0.result: A classification answer cannot be False.');
    expect((await resolve(app, reviewId, { subjects: 'red' })).statusCode).toBe(400);
    expect((await resolve(app, 'cns_unknown', { subjects: [{ subject_uid: red, result: 'True' }] })).json()).toEqual({ message: 'Review not found.' });

    const resolved = await resolve(app, reviewId, { subjects: [{ subject_uid: blue, result: 'True' }] });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ consensus_id: reviewId, media_id: mediaId, source: 'review' });
    const again = await resolve(app, reviewId, { subjects: [{ subject_uid: blue, result: 'True' }] });
    expect([again.statusCode, again.json()]).toEqual([409, { message: 'This item was decided already.' }]);
    expect((await reviews(app)).data).toEqual([]);
    expect((await history(app)).data).toEqual([expect.objectContaining({ consensus_id: reviewId, source: 'review' })]);
    expect(await listConsensusLabels(t.db, app.applicationId)).toEqual([
      expect.objectContaining({ media_id: mediaId, subject_uid: blue, source: 'review' }),
    ]);
  });

  it('an app manager (by email) may resolve; another tenant sees nothing', async () => {
    const { app, reviewId } = await disagreement();
    expect((await get(`/1/applications/${app.applicationId}/reviews`, outsider)).statusCode).toBe(404);
    expect((await resolve(app, reviewId, { subjects: [{ subject_uid: red, result: 'True' }] }, colleague)).statusCode).toBe(403);
    await t.inject({ method: 'POST', url: `/1/applications/${app.applicationId}`, headers: admin, payload: { app_managers: ['manager@demo.test'] } });
    expect((await resolve(app, reviewId, { subjects: [{ subject_uid: red, result: 'True' }] }, colleague)).statusCode).toBe(200);
  });

  it('the leaderboard gives answers, pace and agreement with consensus per labeller', async () => {
    const { app, reviewId } = await disagreement();
    await resolve(app, reviewId, { subjects: [{ subject_uid: blue, result: 'True' }] });
    const snapshot = (await get(`/22/applications/${app.applicationId}/leaderboard/recent_consensus_snapshot`)).json();
    expect(snapshot).toMatchObject({ app_id: app.applicationId, labellers_per_item: 2, pending_reviews: 0, consensus_release_id: null });
    expect(snapshot.labellers).toEqual([
      expect.objectContaining({ email: 'labeller@demo.test', answers: 1, seconds_per_answer: null, consensus_items: 1, agreed_with_consensus: 0, agreement: 0 }),
      expect.objectContaining({ email: 'manager@demo.test', answers: 1, consensus_items: 1, agreed_with_consensus: 1, agreement: 1 }),
    ]);
  });
});

describe('consensus history and releases', () => {
  it('filters the history by subject and time, pages it, and refuses bad input', async () => {
    const first = await queuedItem(1);
    await answer(first.app, first.mediaId, red);
    const second = await insertMedia(t.db, tenantId, { width: 100, height: 80 });
    await answer(first.app, second.mediaId, blue);
    expect((await history(first.app, `?subject_uid=${red}`)).data.map((e: { media_id: string }) => e.media_id)).toEqual([first.mediaId]);
    const page = await history(first.app, '?limit=1');
    expect(page.data).toHaveLength(1);
    const next = await get(page.paging.next.replace(/^https?:\/\/[^/]+/, ''));
    expect(next.json()).toMatchObject({ data: [expect.anything()], paging: {} });
    expect((await history(first.app, '?end=1')).data).toEqual([]);
    for (const query of ['?limit=0', '?start=5&end=4', '?start=soon']) {
      const bad = await get(`/1/applications/${first.app.applicationId}/consensusHistory${query}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toEqual(expect.any(String));
    }
    const bySubject = (await get(`/1/subjects/${blue}/consensusHistory`)).json();
    expect(bySubject.data.map((e: { media_id: string }) => e.media_id)).toContain(second.mediaId);
    expect(bySubject.data.every((e: { subjects: { subject_uid: string }[] }) => e.subjects.some((s) => s.subject_uid === blue))).toBe(true);
    expect((await get(`/1/subjects/sub_unknown/consensusHistory`)).statusCode).toBe(404);
    expect((await get(`/1/applications/${first.app.applicationId}/consensusHistory`, outsider)).statusCode).toBe(404);
  });

  it('a consensus release per model release: its items and the answers behind them', async () => {
    const { app, mediaId } = await queuedItem(1);
    await answer(app, mediaId, red);
    const modelId = newId('mdl');
    await t.db.insert(models).values({ modelId, applicationId: app.applicationId, version: 1, parameters: {}, createdAt: Date.now() / 1000 + 1 });
    const base = `/22/applications/${app.applicationId}/consensus_release`;
    expect((await get(base)).json()).toEqual({
      data: [expect.objectContaining({ consensus_release_id: modelId, model_version: 1 })],
      paging: {},
    });
    expect((await get(`${base}/${modelId}`)).json()).toMatchObject({ consensus_release_id: modelId, consensus_item_count: 1 });
    expect((await get(`${base}/${modelId}/consensus_items`)).json().data).toEqual([expect.objectContaining({ media_id: mediaId, source: 'single' })]);
    expect((await get(`${base}/${modelId}/upstream_assertions`)).json().data).toEqual([
      expect.objectContaining({ media_id: mediaId, subject_uid: red, probability: 1, user_id: expect.any(String) }),
    ]);
    const unknown = await get(`${base}/mdl_unknown/consensus_items`);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'Consensus release not found.' }]);
    expect((await get(`${base}?limit=101`)).statusCode).toBe(400);
  });
});

describe('the consensus settings', () => {
  it('are application fields, 1 to 5 labellers and a tolerance of 0 or more', async () => {
    const { app } = await queuedItem(1);
    const url = `/1/applications/${app.applicationId}`;
    expect((await get(url)).json()).toMatchObject({ labellers_per_item: 1, consensus_tolerance: 0 });
    const updated = await t.inject({ method: 'POST', url, headers: admin, payload: { labellers_per_item: 3, consensus_tolerance: 2 } });
    expect(updated.json()).toMatchObject({ labellers_per_item: 3, consensus_tolerance: 2 });
    const bad = await t.inject({ method: 'POST', url, headers: admin, payload: { labellers_per_item: 6 } });
    expect([bad.statusCode, bad.json().message]).toEqual([400, expect.stringContaining('from 1 to 5')]);
  });

  it('going from one labeller per item to several keeps the labels given so far', async () => {
    const { app, mediaId } = await queuedItem(1);
    await answer(app, mediaId, red);
    await t.inject({ method: 'POST', url: `/1/applications/${app.applicationId}`, headers: admin, payload: { labellers_per_item: 2 } });
    await answer(app, mediaId, blue, colleague);
    expect((await history(app)).data).toEqual([
      expect.objectContaining({ consensus_id: expect.any(String), media_id: mediaId, source: 'single', subjects: [{ subject_uid: red, result: 'True' }] }),
    ]);
    expect((await reviews(app)).data).toEqual([]);
  });
});
