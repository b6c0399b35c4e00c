import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BREAK_SECONDS } from '../../src/api/schemas/labellers';
import { recomputedTimes } from '../testing/decision-times';
import { rowsOf } from '../db/json-row';
import type { ApplicationRow } from '../domain/applications';
import { considerForFeedback } from '../feedback/scheduler';
import { insertApplication, insertMedia, insertSubject } from '../feedback/test-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let tenantId: string;
let labeller: Record<string, string>;
let manager: Record<string, string>;
let admin: Record<string, string>;
let red: string;
let blue: string;

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { feedback: { scheduleIntervalSeconds: 0, releaseEveryAnswers: 0, leaseSeconds: 1200 } } });
  tenantId = t.demo!.tenantIds.demoLab;
  labeller = await t.demoAuth('labeller@demo.test', tenantId);
  manager = await t.demoAuth('manager@demo.test', tenantId);
  admin = await t.demoAuth('admin@demo.test', tenantId);
  red = await insertSubject(t.db, tenantId, 'red thing');
  blue = await insertSubject(t.db, tenantId, 'blue thing');
});
afterAll(() => t.close());

const get = (url: string, headers = admin) => t.inject({ method: 'GET', url, headers });

async function queued(app: ApplicationRow) {
  const { mediaId } = await insertMedia(t.db, tenantId, { width: 100, height: 80 });
  await considerForFeedback(t.db, app, mediaId, null, [{ subject_uid: red, probability: 0.5, uncal_prob: 0.5, app_data_type: null, app_data: null }], null);
  return mediaId;
}

async function answer(app: ApplicationRow, mediaId: string, subjectUid: string, decisionTime: number, headers: Record<string, string>) {
  const response = await t.inject({
    method: 'POST',
    url: `/1/applications/${app.applicationId}/feedback`,
    headers,
    payload: { media_id: mediaId, subjects: [{ subject_uid: subjectUid, result: 'True' }], decision_time: decisionTime },
  });
  expect(response.statusCode).toBe(204);
}

/** A scored gold answer, as answering a gold item stores it. */
async function goldAnswer(app: ApplicationRow, userId: string, score: number, decisionTime: number) {
  const mediaId = await queued(app);
  const truth = JSON.stringify([{ subject_uid: red, result: 'True' }]);
  await t.db.execute(sql`INSERT INTO gold_items (app_id, media_id, subjects, proposals, source, created_at)
    VALUES (${app.applicationId}, ${mediaId}, ${truth}::jsonb, '[]'::jsonb, 'marked', ${decisionTime})`);
  await t.db.execute(sql`INSERT INTO gold_answers (app_id, media_id, focus_key, user_id, served_at, answered_at, decision_time, subjects, score)
    VALUES (${app.applicationId}, ${mediaId}, '', ${userId}, ${decisionTime - 5}, ${decisionTime}, ${decisionTime}, ${truth}::jsonb, ${score})`);
}

const userIdOf = async (email: string) =>
  rowsOf<{ id: string }>(await t.db.execute(sql`SELECT id FROM users WHERE email = ${email}`))[0]!.id;

/** The times of the labeller's answers as stored: each item's latest answer, and their gold answers. */
async function storedAnswerTimes(app: ApplicationRow, userId: string): Promise<number[]> {
  const rows = rowsOf<{ t: number }>(
    await t.db.execute(sql`
      SELECT max(COALESCE(decision_time, created_at)) AS t FROM assertions
      WHERE app_id = ${app.applicationId} AND user_id = ${userId} AND current GROUP BY media_id, focus_key
      UNION ALL SELECT decision_time FROM gold_answers WHERE app_id = ${app.applicationId} AND user_id = ${userId} AND answered_at IS NOT NULL`),
  );
  return rows.map((row) => Number(row.t));
}

describe('labeller analytics', () => {
  let app: ApplicationRow;
  let base: number;

  beforeAll(async () => {
    app = await insertApplication(t.db, tenantId, 'classification', [red, blue], { labellersPerItem: 2 });
    base = Math.floor(Date.now() / 1000) - 7200;
    // the labeller: answers 10 and 20 seconds apart, a break, one 25 seconds later; the manager answers the first three,
    // disagreeing on the first, which the review decides for the manager
    const offsets = [0, 10, 30, 30 + BREAK_SECONDS + 60, 30 + BREAK_SECONDS + 85];
    for (const [index, offset] of offsets.entries()) {
      const mediaId = await queued(app);
      await answer(app, mediaId, red, base + offset, labeller);
      if (index < 3) await answer(app, mediaId, index === 0 ? blue : red, base + offset + 3, manager);
    }
    const [review] = (await get(`/1/applications/${app.applicationId}/reviews`)).json().data;
    const resolved = await t.inject({
      method: 'POST',
      url: `/1/applications/${app.applicationId}/reviews/${review.review_id}`,
      headers: admin,
      payload: { subjects: [{ subject_uid: blue, result: 'True' }] },
    });
    expect(resolved.statusCode).toBe(200);
    const labellerId = await userIdOf('labeller@demo.test');
    for (const [index, score] of [1, 0, 0, 1, 0].entries()) await goldAnswer(app, labellerId, score, base + 2000 + index * 20);
    const skipped = await queued(app);
    expect((await get(`/1/applications/${app.applicationId}/feedback`, labeller)).json().map((item: { media_id: string }) => item.media_id)).toContain(skipped);
    const returned = await t.inject({ method: 'POST', url: `/1/applications/${app.applicationId}/feedback/return`, headers: labeller, payload: { media_ids: [skipped] } });
    expect(returned.statusCode).toBe(204);
  });

  it('gives each labeller the figures recomputed from the stored answers, and flags the careless', async () => {
    const response = await get(`/1/applications/${app.applicationId}/labellers`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ start: null, flag_below: 0.8 });
    const [first, second] = body.labellers;
    expect(first).toMatchObject({
      email: 'labeller@demo.test',
      skips: 1,
      decided_items: 3,
      agreement: 2 / 3,
      corrected_in_review: 1,
      gold_answers: 5,
      gold_accuracy: 0.4,
      flagged: true,
      flags: ['gold_accuracy'],
    });
    const recomputed = recomputedTimes(await storedAnswerTimes(app, first.user_id));
    expect(recomputed.answers).toBe(10);
    for (const [name, value] of Object.entries(recomputed)) expect(first[name], name).toBeCloseTo(value as number, 6);
    expect(second).toMatchObject({ email: 'manager@demo.test', answers: 3, decided_items: 3, agreement: 1, corrected_in_review: 0, gold_answers: 0, gold_accuracy: null, flagged: false, flags: [] });
    expect(second.median_decision_time).toBeCloseTo(15, 6);
  });

  it('reads only the window asked for, and refuses one that ends before it starts', async () => {
    const early = (await get(`/1/applications/${app.applicationId}/labellers?start=${base - 1}&end=${base + 100}`)).json();
    expect(early.labellers.find((row: { email: string }) => row.email === 'labeller@demo.test')).toMatchObject({ answers: 3, active_seconds: 30, gold_answers: 0 });
    const backwards = await get(`/1/applications/${app.applicationId}/labellers?start=${base}&end=${base - 1}`);
    expect([backwards.statusCode, backwards.json()]).toEqual([400, { message: 'start is after end.' }]);
    expect((await get(`/1/applications/${app.applicationId}/labellers?start=soon`)).statusCode).toBe(400);
  });

  it('splits the figures into periods for the charts', async () => {
    const response = await get(`/1/applications/${app.applicationId}/labellers/timeline?bucket=hour&start=${base - 3600}`);
    expect(response.statusCode).toBe(200);
    const { points, bucket_seconds } = response.json();
    expect(bucket_seconds).toBe(3600);
    const mine = points.filter((point: { user_id: string }) => point.user_id === response.json().points[0].user_id);
    expect(mine.reduce((sum: number, point: { answers: number }) => sum + point.answers, 0)).toBeGreaterThan(0);
    for (const point of points) expect(point.period_start % 3600).toBe(0);
    const tooLong = await get(`/1/applications/${app.applicationId}/labellers/timeline?bucket=hour&start=0`);
    expect(tooLong.statusCode).toBe(400);
  });

  it('shows a labeller\'s recent answers beside the decision or the gold truth', async () => {
    const labellerId = await userIdOf('labeller@demo.test');
    const { data } = (await get(`/1/applications/${app.applicationId}/labellers/${labellerId}/answers`)).json();
    expect(data).toHaveLength(10);
    expect(data.filter((entry: { reference_source: string }) => entry.reference_source === 'gold')).toHaveLength(5);
    expect(data.filter((entry: { agrees: boolean | null }) => entry.agrees === false)).toEqual([
      expect.objectContaining({ reference_source: 'consensus', subjects: [{ subject_uid: red, result: 'True' }] }),
    ]);
    expect((await get(`/1/applications/${app.applicationId}/labellers/${labellerId}/answers?limit=2`)).json().data).toHaveLength(2);
    const refused = await get(`/1/applications/${app.applicationId}/labellers/${labellerId}/answers?limit=0`);
    expect([refused.statusCode, refused.json().message]).toEqual([400, expect.stringContaining('limit is a whole number from 1 to 200.')]);
  });

  it('is for the application\'s managers and the tenant\'s administrators; the tenant view spans its applications', async () => {
    expect((await get(`/1/applications/${app.applicationId}/labellers`, labeller)).statusCode).toBe(403);
    expect((await get('/1/labellers', manager)).statusCode).toBe(403);
    const tenant = (await get('/1/labellers')).json();
    expect(tenant.labellers.find((row: { email: string }) => row.email === 'labeller@demo.test')).toMatchObject({ gold_answers: 5, flagged: true });
  });
});
