import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, assertions, goldAnswers, goldItems } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import { recordAssertions } from '../domain/assertions';
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
let isRed: { subject_uid: string; result: 'True' }[];
let isBlue: { subject_uid: string; result: 'True' }[];

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { feedback: { scheduleIntervalSeconds: 0, releaseEveryAnswers: 0, leaseSeconds: 1200 } } });
  tenantId = t.demo!.tenantIds.demoLab;
  labeller = await t.demoAuth('labeller@demo.test', tenantId);
  manager = await t.demoAuth('manager@demo.test', tenantId);
  admin = await t.demoAuth('admin@demo.test', tenantId);
  red = await insertSubject(t.db, tenantId, 'red thing');
  blue = await insertSubject(t.db, tenantId, 'blue thing');
  isRed = [{ subject_uid: red, result: 'True' }];
  isBlue = [{ subject_uid: blue, result: 'True' }];
});
afterAll(() => t.close());

const proposal = (uid: string, probability: number) => ({ subject_uid: uid, probability, uncal_prob: probability, app_data_type: null, app_data: null });

/** A classification application the manager manages, with `queued` feedback requests waiting. */
async function goldApp(queued: number, goldRate = 0.5) {
  const app = await insertApplication(t.db, tenantId, 'classification', [red, blue], { appManagers: ['manager@demo.test'], goldRate });
  const queuedIds: string[] = [];
  for (let i = 0; i < queued; i += 1) queuedIds.push(await queueItem(app));
  return { app, queuedIds };
}

async function queueItem(app: ApplicationRow): Promise<string> {
  const { mediaId } = await insertMedia(t.db, tenantId, { width: 100, height: 80 });
  await considerForFeedback(t.db, app, mediaId, null, [proposal(red, 0.5), proposal(blue, 0.5)], null);
  return mediaId;
}

const url = (app: ApplicationRow, path = '') => `/1/applications/${app.applicationId}/${path}`;
const mark = (app: ApplicationRow, payload: object, headers = manager) => t.inject({ method: 'POST', url: url(app, 'gold'), headers, payload });
const answer = (app: ApplicationRow, payload: object, headers = labeller, extra: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url: url(app, 'feedback'), headers: { ...headers, ...extra }, payload });
const pull = async (app: ApplicationRow, limit: number, headers = labeller) => {
  const response = await t.inject({ method: 'GET', url: url(app, `feedback?limit=${limit}`), headers });
  expect(response.statusCode).toBe(200);
  return response.json() as { media_id: string; media: { media_url: string }; subjects: { subject_uid: string }[] }[];
};
const ids = (items: { media_id: string }[]) => items.map((item) => item.media_id);

/** `count` gold items marked with explicit subjects (red), on media nobody answered. */
async function markedGold(app: ApplicationRow, count: number): Promise<string[]> {
  const marked: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const { mediaId } = await insertMedia(t.db, tenantId, { width: 100, height: 80 });
    await recordAssertions(t.db, { tenantId, mediaId, appId: app.applicationId, modelId: 'mdl_test', assertions: [{ subjectUid: red, probability: 0.4 }, { subjectUid: blue, probability: 0.6 }] });
    expect((await mark(app, { media_id: mediaId, subjects: isRed })).statusCode).toBe(200);
    marked.push(mediaId);
  }
  return marked;
}

const servingOf = async (app: ApplicationRow, mediaId: string, userId: string) =>
  (await t.db.select().from(goldAnswers).where(and(eq(goldAnswers.appId, app.applicationId), eq(goldAnswers.mediaId, mediaId), eq(goldAnswers.userId, userId))))[0];

describe('marking gold items', () => {
  it('marks a decided item gold: its answer becomes the truth, the model’s current proposals what labellers see', async () => {
    const { app, queuedIds } = await goldApp(1);
    const [mediaId] = queuedIds as [string];
    await recordAssertions(t.db, { tenantId, mediaId, appId: app.applicationId, modelId: 'mdl_test', assertions: [{ subjectUid: red, probability: 0.3 }, { subjectUid: blue, probability: 0.7 }] });
    expect((await answer(app, { media_id: mediaId, subjects: isBlue })).statusCode).toBe(204);

    const marked = await mark(app, { media_id: mediaId });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ application_id: app.applicationId, media_id: mediaId, focus: null, subjects: isBlue, source: 'marked' });
    const [stored] = await t.db.select().from(goldItems).where(eq(goldItems.mediaId, mediaId));
    expect(stored!.proposals.map(({ subject_uid, probability }) => ({ subject_uid, probability }))).toEqual([
      { subject_uid: red, probability: 0.3 },
      { subject_uid: blue, probability: 0.7 },
    ]);
  });

  it('marks an item with the subjects given, lists and counts gold items with their media, and unmarks them', async () => {
    const { app } = await goldApp(0);
    const [mediaId] = (await markedGold(app, 1)) as [string];
    const list = await t.inject({ method: 'GET', url: url(app, 'gold'), headers: manager });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ media_id: mediaId, subjects: isRed, source: 'marked', media: expect.objectContaining({ media_id: mediaId }) })]);
    const filtered = await t.inject({ method: 'GET', url: url(app, 'gold?media_ids=med_none'), headers: manager });
    expect(filtered.json().data).toEqual([]);
    expect((await t.inject({ method: 'GET', url: url(app, 'gold/count'), headers: manager })).json()).toEqual({ gold: 1 });

    expect((await t.inject({ method: 'POST', url: url(app, 'gold/unmark'), headers: manager, payload: { media_id: mediaId } })).statusCode).toBe(204);
    expect((await t.inject({ method: 'GET', url: url(app, 'gold/count'), headers: manager })).json()).toEqual({ gold: 0 });
    const again = await t.inject({ method: 'POST', url: url(app, 'gold/unmark'), headers: manager, payload: { media_id: mediaId } });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a labeller, an item without a decided answer, subjects the rules refuse and unknown media', async () => {
    const { app, queuedIds } = await goldApp(1);
    const [mediaId] = queuedIds as [string];
    expect((await mark(app, { media_id: mediaId, subjects: isRed }, labeller)).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: url(app, 'gold'), headers: labeller })).statusCode).toBe(403);

    const undecided = await mark(app, { media_id: mediaId });
    expect(undecided.statusCode).toBe(400);
    expect(undecided.json().message).toMatch(/no decided answer/);

    const unknownSubject = await mark(app, { media_id: mediaId, subjects: [{ subject_uid: 'sub_elsewhere', result: 'True' }] });
    expect(unknownSubject.statusCode).toBe(400);
    expect(unknownSubject.json().errors).toEqual([expect.objectContaining({ field: 'subjects.0.subject_uid' })]);
    expect((await mark(app, { media_id: mediaId, subjects: [...isRed, ...isBlue] })).statusCode).toBe(400);

    expect((await mark(app, { media_id: 'med_missing', subjects: isRed })).statusCode).toBe(404);
    expect(await t.db.select().from(goldItems).where(eq(goldItems.appId, app.applicationId))).toEqual([]);
  });

  it('takes gold_rate (0 to 0.5) and quality_flag_below (0 to 1) as application fields', async () => {
    const { app } = await goldApp(0);
    const update = (payload: object) => t.inject({ method: 'POST', url: `/1/applications/${app.applicationId}`, headers: manager, payload });
    expect((await update({ gold_rate: 0.6 })).statusCode).toBe(400);
    expect((await update({ quality_flag_below: 1.5 })).statusCode).toBe(400);
    expect((await update({ gold_rate: 0.25, quality_flag_below: 0.9 })).json()).toMatchObject({ gold_rate: 0.25, quality_flag_below: 0.9 });
  });
});

describe('gold items in pulls', () => {
  it('mixes gold into pulls at the rate, shaped as any request, never twice to a labeller; an empty queue serves none', async () => {
    const { app, queuedIds } = await goldApp(4);
    const gold = await markedGold(app, 6);
    const first = await pull(app, 4);
    const second = await pull(app, 4);
    for (const batch of [first, second]) {
      expect(batch.filter((item) => gold.includes(item.media_id))).toHaveLength(2);
      expect(batch.filter((item) => queuedIds.includes(item.media_id))).toHaveLength(2);
    }
    const servedGold = [...first, ...second].filter((item) => gold.includes(item.media_id));
    expect(new Set(ids(servedGold)).size).toBe(4);
    for (const item of servedGold) {
      expect(Object.keys(item).sort()).toEqual(Object.keys(first.find((request) => queuedIds.includes(request.media_id))!).sort());
      expect(item.media.media_url).toMatch(/^http/);
      expect(item.subjects.map((subject) => subject.subject_uid)).toEqual([red, blue]);
    }
    // The queue is empty: no gold, although two gold items were never served to this labeller.
    expect(await pull(app, 4)).toEqual([]);
    expect(await pull(app, 10, admin)).toEqual([]);
  });

  it('serves no gold at rate 0, and never a gold item to the labeller who answered its item', async () => {
    const { app, queuedIds } = await goldApp(3, 0);
    await markedGold(app, 3);
    expect(ids(await pull(app, 10)).sort()).toEqual([...queuedIds].sort());

    const { app: mixed, queuedIds: [answered] } = await goldApp(1);
    expect((await answer(mixed, { media_id: answered!, subjects: isRed })).statusCode).toBe(204);
    await mark(mixed, { media_id: answered! });
    const fresh = await Promise.all([queueItem(mixed), queueItem(mixed)]);
    expect(ids(await pull(mixed, 4)).sort()).toEqual([...fresh].sort());
    const forAdmin = await queueItem(mixed);
    expect(ids(await pull(mixed, 2, admin)).sort()).toEqual([answered, forAdmin].sort());
  });

  it('gives held gold items back with /held; handing one back ends its serving for good', async () => {
    const { app, queuedIds } = await goldApp(2);
    const gold = await markedGold(app, 2);
    const pulled = await pull(app, 4);
    expect(ids(pulled).sort()).toEqual([...queuedIds, ...gold].sort());
    const held = await t.inject({ method: 'GET', url: url(app, 'feedback/held'), headers: labeller });
    expect(ids(held.json()).sort()).toEqual(ids(pulled).sort());

    const [handedBack, kept] = gold as [string, string];
    const returned = await t.inject({ method: 'POST', url: url(app, 'feedback/return'), headers: labeller, payload: { media_ids: [handedBack], skip: false } });
    expect(returned.statusCode).toBe(204);
    expect(await servingOf(app, handedBack, t.demo!.userIds.labeller)).toMatchObject({ skipped: true, answeredAt: null });
    const heldAfter = await t.inject({ method: 'GET', url: url(app, 'feedback/held'), headers: labeller });
    expect(ids(heldAfter.json()).sort()).toEqual([...queuedIds, kept].sort());
    await queueItem(app);
    expect(ids(await pull(app, 4))).not.toContain(handedBack);
  });
});

describe('answering gold items', () => {
  it('scores the answer against the truth and keeps it, writing no assertion and counting no answer towards a release', async () => {
    const { app } = await goldApp(2);
    const gold = await markedGold(app, 2);
    const pulled = ids(await pull(app, 4));
    const [wrong, right] = gold as [string, string];
    expect(pulled).toEqual(expect.arrayContaining(gold));
    const userId = t.demo!.userIds.labeller;

    const decisionTime = Date.now() / 1000 - 5;
    expect((await answer(app, { media_id: wrong, subjects: isBlue, decision_time: decisionTime }, labeller, { 'idempotency-key': 'gold-1' })).statusCode).toBe(204);
    const scored = await servingOf(app, wrong, userId);
    expect(scored).toMatchObject({ score: 0, subjects: isBlue, decisionTime, skipped: false });
    expect(scored!.answeredAt).not.toBeNull();

    // A retry with its Idempotency-Key changes nothing; the key with another body is refused.
    expect((await answer(app, { media_id: wrong, subjects: isBlue, decision_time: decisionTime }, labeller, { 'idempotency-key': 'gold-1' })).statusCode).toBe(204);
    expect(await servingOf(app, wrong, userId)).toEqual(scored);
    expect((await answer(app, { media_id: wrong, subjects: isRed }, labeller, { 'idempotency-key': 'gold-1' })).statusCode).toBe(422);

    // Its lease ran out: still scored.
    await t.db.update(goldAnswers).set({ leaseExpiresAt: 1 }).where(and(eq(goldAnswers.mediaId, right), eq(goldAnswers.userId, userId)));
    expect((await answer(app, { media_id: right, subjects: isRed })).statusCode).toBe(204);
    expect(await servingOf(app, right, userId)).toMatchObject({ score: 1, subjects: isRed });

    const written = await t.db.select().from(assertions).where(and(eq(assertions.appId, app.applicationId), eq(assertions.userId, userId)));
    expect(written).toEqual([]);
    const listed = await t.inject({ method: 'GET', url: url(app, `gold?media_ids=${wrong},${right}`), headers: manager });
    expect(listed.json().data.map(({ media_id, answered, mean_score }: { media_id: string; answered: number; mean_score: number }) => [media_id, answered, mean_score]).sort()).toEqual(
      [[wrong, 1, 0], [right, 1, 1]].sort(),
    );
    const [counted] = await t.db.select({ n: applications.answersSinceRelease }).from(applications).where(eq(applications.applicationId, app.applicationId));
    expect(counted!.n).toBe(0);
  });
});
