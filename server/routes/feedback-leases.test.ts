import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { feedbackQueue } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import { considerForFeedback } from '../feedback/scheduler';
import { insertApplication, insertMedia, insertSubject } from '../feedback/test-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let tenantId: string;
let labeller: Record<string, string>;
let colleague: Record<string, string>;
let outsider: Record<string, string>;
let red: string;

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { feedback: { scheduleIntervalSeconds: 0, releaseEveryAnswers: 0, leaseSeconds: 1200 } } });
  tenantId = t.demo!.tenantIds.demoLab;
  labeller = await t.demoAuth('labeller@demo.test', tenantId);
  colleague = await t.demoAuth('manager@demo.test', tenantId);
  outsider = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.harbour);
  red = await insertSubject(t.db, tenantId, 'red thing');
});
afterAll(() => t.close());

async function queueApp(count: number) {
  const app = await insertApplication(t.db, tenantId, 'classification', [red]);
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const mediaRow = await insertMedia(t.db, tenantId, { width: 100, height: 80 });
    // Earlier items are more ambiguous: the queue's order is the order they were made in.
    const p = 0.5 + i * 0.01;
    await considerForFeedback(t.db, app, mediaRow.mediaId, null, [{ subject_uid: red, probability: p, uncal_prob: p, app_data_type: null, app_data: null }], null);
    ids.push(mediaRow.mediaId);
  }
  return { app, ids };
}

const pulled = async (app: ApplicationRow, limit: number, headers = labeller): Promise<string[]> => {
  const response = await t.inject({ method: 'GET', url: `/1/applications/${app.applicationId}/feedback?limit=${limit}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json().map((item: { media_id: string }) => item.media_id);
};
const counts = async (app: ApplicationRow) =>
  (await t.inject({ method: 'GET', url: `/1/applications/${app.applicationId}/feedback/pending`, headers: labeller })).json();
const giveBack = (app: ApplicationRow, payload: unknown, headers = labeller) =>
  t.inject({ method: 'POST', url: `/1/applications/${app.applicationId}/feedback/return`, headers, payload: payload as object });
const answer = (app: ApplicationRow, mediaId: string, headers = labeller) =>
  t.inject({
    method: 'POST',
    url: `/1/applications/${app.applicationId}/feedback`,
    headers,
    payload: { media_id: mediaId, subjects: [{ subject_uid: red, result: 'True' }], decision_time: Date.now() / 1000 },
  });
/** Lets every lease of the application run out, as 20 minutes would. */
const expireLeases = (app: ApplicationRow) =>
  t.db.update(feedbackQueue).set({ leaseExpiresAt: Date.now() / 1000 - 1 }).where(eq(feedbackQueue.appId, app.applicationId));

describe('feedback leases', () => {
  it('holds pulled requests for the labeller: counted as leased, served to nobody else', async () => {
    const { app, ids } = await queueApp(3);
    expect(await pulled(app, 2)).toEqual(ids.slice(0, 2));
    expect(await counts(app)).toEqual({ pending: 1, leased: 2 });
    expect(await pulled(app, 10, colleague)).toEqual([ids[2]]);
    expect(await counts(app)).toEqual({ pending: 0, leased: 3 });
  });

  it('never serves the labeller a request they hold: pulling until [] ends; /held gives them back, leases renewed', async () => {
    const { app, ids } = await queueApp(4);
    expect(await pulled(app, 2)).toEqual(ids.slice(0, 2));
    expect(await pulled(app, 3)).toEqual([ids[2], ids[3]]);
    expect(await pulled(app, 10)).toEqual([]);
    expect(await pulled(app, 2, colleague)).toEqual([]);

    const before = Date.now() / 1000;
    const held = await t.inject({ method: 'GET', url: `/1/applications/${app.applicationId}/feedback/held`, headers: labeller });
    expect(held.statusCode).toBe(200);
    expect(held.json().map((item: { media_id: string }) => item.media_id)).toEqual(ids);
    expect(held.json()[0]).toMatchObject({ media_id: ids[0], media: { media_id: ids[0] }, subjects: [{ subject_uid: red }] });
    const leases = await t.db.select({ until: feedbackQueue.leaseExpiresAt }).from(feedbackQueue).where(eq(feedbackQueue.appId, app.applicationId));
    expect(leases.every(({ until }) => until! >= before + 1200)).toBe(true);
    expect(await counts(app)).toEqual({ pending: 0, leased: 4 });

    const colleagueHolds = await t.inject({ method: 'GET', url: `/1/applications/${app.applicationId}/feedback/held`, headers: colleague });
    expect(colleagueHolds.json()).toEqual([]);
    expect((await t.inject({ method: 'GET', url: `/1/applications/${app.applicationId}/feedback/held`, headers: outsider })).statusCode).toBe(404);
  });

  it('puts a request whose lease ran out back at the front of the queue', async () => {
    const { app, ids } = await queueApp(3);
    expect(await pulled(app, 1)).toEqual([ids[0]]);
    await expireLeases(app);
    expect(await counts(app)).toEqual({ pending: 3, leased: 0 });
    expect(await pulled(app, 2, colleague)).toEqual([ids[0], ids[1]]);
  });

  it('hands requests back at once, to the front, for anyone, the same labeller included', async () => {
    const { app, ids } = await queueApp(3);
    await pulled(app, 2);
    const response = await giveBack(app, { media_ids: [ids[1]], skip: false });
    expect(response.statusCode).toBe(204);
    expect(await counts(app)).toEqual({ pending: 2, leased: 1 });
    expect(await pulled(app, 1)).toEqual([ids[1]]);
  });

  it('does not serve a skipped request to the same labeller again, but serves it to others first', async () => {
    const { app, ids } = await queueApp(3);
    await pulled(app, 1);
    expect((await giveBack(app, { media_ids: [ids[0]] })).statusCode).toBe(204);
    expect(await pulled(app, 10)).toEqual([ids[1], ids[2]]);
    expect(await pulled(app, 10, colleague)).toEqual([ids[0]]);
  });

  it('ignores requests the caller does not hold', async () => {
    const { app, ids } = await queueApp(2);
    await pulled(app, 1, colleague);
    expect((await giveBack(app, { media_ids: [ids[0], ids[1], 'nothing-here'] })).statusCode).toBe(204);
    expect(await counts(app)).toEqual({ pending: 1, leased: 1 });
  });

  it('ends the lease for good with an answer, even one that arrives after the lease ran out', async () => {
    const { app, ids } = await queueApp(2);
    await pulled(app, 2);
    expect((await answer(app, ids[0]!)).statusCode).toBe(204);
    await expireLeases(app);
    expect((await answer(app, ids[1]!)).statusCode).toBe(204);
    expect(await counts(app)).toEqual({ pending: 0, leased: 0 });
    expect(await pulled(app, 10, colleague)).toEqual([]);
  });

  it('never queues again a media a person answered, whatever the model says later', async () => {
    const { app, ids } = await queueApp(1);
    await pulled(app, 1);
    await answer(app, ids[0]!);
    const again = await considerForFeedback(t.db, app, ids[0]!, null, [{ subject_uid: red, probability: 0.5, uncal_prob: 0.5, app_data_type: null, app_data: null }], null);
    expect(again).toBe(false);
    expect(await counts(app)).toEqual({ pending: 0, leased: 0 });
  });

  it('refuses bad bodies with a message, and other tenants’ applications as unknown', async () => {
    const { app } = await queueApp(1);
    for (const payload of [{}, { media_ids: [] }, { media_ids: 'm1' }, { media_ids: ['m1'], skip: 'yes' }]) {
      const response = await giveBack(app, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect((await giveBack(app, { media_ids: ['m1'] }, outsider)).statusCode).toBe(404);
    expect((await t.inject({ method: 'POST', url: '/1/applications/nope/feedback/return', headers: labeller, payload: { media_ids: ['m1'] } })).statusCode).toBe(404);
  });
});
