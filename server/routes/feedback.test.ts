import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { assertions, feedbackQueue } from '../db/schema';
import { focusKey } from '../domain/assertions';
import type { ApplicationRow } from '../domain/applications';
import { considerForFeedback } from '../feedback/scheduler';
import { insertApplication, insertMedia, insertSubject } from '../feedback/test-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { ModelProposal } from '../vision/models/proposal';

let t: TestApp;
let tenantId: string;
let labeller: Record<string, string>;
let manager: Record<string, string>;
let red: string;
let blue: string;

/** A decision_time the service takes: after 2000-01-01 and not ahead of its clock. */
const DECIDED = 1_700_000_000;

const ambiguous = (uid: string, probability = 0.5): ModelProposal[] => [
  { subject_uid: uid, probability, uncal_prob: probability, app_data_type: null, app_data: null },
];

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { feedback: { scheduleIntervalSeconds: 0, releaseEveryAnswers: 0, leaseSeconds: 1200 } } });
  tenantId = t.demo!.tenantIds.demoLab;
  labeller = await t.demoAuth('labeller@demo.test', tenantId);
  manager = await t.demoAuth('manager@demo.test', tenantId);
  red = await insertSubject(t.db, tenantId, 'red thing');
  blue = await insertSubject(t.db, tenantId, 'blue thing');
});
afterAll(() => t.close());

async function queueItems(app: ApplicationRow, count: number, probability = 0.5) {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const mediaRow = await insertMedia(t.db, tenantId, { width: 100, height: 80 });
    await considerForFeedback(t.db, app, mediaRow.mediaId, null, ambiguous(app.outputSubjects[0]!, probability), null);
    ids.push(mediaRow.mediaId);
  }
  return ids;
}

const pull = (appId: string, query = '', headers = labeller) =>
  t.inject({ method: 'GET', url: `/1/applications/${appId}/feedback${query}`, headers });
const post = (appId: string, payload: unknown, headers: Record<string, string> = labeller, prefix = '1') =>
  t.inject({ method: 'POST', url: `/${prefix}/applications/${appId}/feedback`, headers, payload: payload as object });

describe('GET /1/applications/{id}/feedback', () => {
  it('hands out scheduled requests, most ambiguous first, and removes them from the queue', async () => {
    const app = await insertApplication(t.db, tenantId, 'classification', [red]);
    const [clear] = await queueItems(app, 1, 0.7);
    const [unsure] = await queueItems(app, 1, 0.5);
    const pending = await t.inject({ method: 'GET', url: `/1/applications/${app.applicationId}/feedback/pending`, headers: labeller });
    expect(pending.json()).toEqual({ pending: 2, leased: 0 });

    const response = await pull(app.applicationId, '?limit=1');
    expect(response.statusCode).toBe(200);
    const [item] = response.json();
    expect(item.media_id).toBe(unsure);
    expect(item.media.media_id).toBe(unsure);
    expect(item.media.media_url).toMatch(/^http/);
    expect(item.subjects).toEqual([{ subject_uid: red, media_id: unsure, probability: 0.5, app_data_type: null, app_data: null }]);
    expect(item).not.toHaveProperty('focus');

    expect((await pull(app.applicationId, '?limit=1')).json().map((i: { media_id: string }) => i.media_id)).toEqual([clear]);
    expect((await pull(app.applicationId, '', manager)).json()).toEqual([]);
  });

  it('returns the focus of a focused request', async () => {
    const app = await insertApplication(t.db, tenantId, 'box_detection', [red]);
    const mediaRow = await insertMedia(t.db, tenantId, { width: 100, height: 80 });
    const focus = { box: { x0: 10, y0: 10, x1: 50, y1: 40 } };
    await considerForFeedback(t.db, app, mediaRow.mediaId, focus, ambiguous(red), null);
    expect((await pull(app.applicationId)).json()[0].focus).toEqual(focus);
  });

  it("serves where a count's objects are, as the model counted them", async () => {
    const app = await insertApplication(t.db, tenantId, 'static_count', [red]);
    const mediaRow = await insertMedia(t.db, tenantId, { width: 100, height: 80 });
    const counted = [{ x: 20, y: 30 }, { x: 60, y: 40 }];
    const proposal = { subject_uid: red, probability: 0.5, uncal_prob: 0.5, app_data_type: 'count' as const, app_data: 2, counted };
    await considerForFeedback(t.db, app, mediaRow.mediaId, null, [proposal], null);
    expect((await pull(app.applicationId)).json()[0].subjects).toEqual([
      { subject_uid: red, media_id: mediaRow.mediaId, probability: 0.5, app_data_type: 'count', app_data: 2, counted },
    ]);
  });

  it('never hands one request to two labellers pulling in parallel', async () => {
    const app = await insertApplication(t.db, tenantId, 'classification', [red]);
    const queued = await queueItems(app, 30);
    const people = [labeller, manager];
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => pull(app.applicationId, '?limit=3', people[i % 2])));
    const handedTo = people.map((_, who) => new Set(responses.filter((_, i) => i % 2 === who).flatMap((r) => r.json().map((item: { media_id: string }) => item.media_id))));
    const [toLabeller, toManager] = handedTo as [Set<string>, Set<string>];
    expect([...toLabeller].filter((id) => toManager.has(id))).toEqual([]);
    expect(new Set([...toLabeller, ...toManager])).toEqual(new Set(queued));
  });

  it.each(['?limit=0', '?limit=11', '?limit=abc', '?limit=2.5'])('refuses %s with 400', async (query) => {
    const app = await insertApplication(t.db, tenantId, 'classification', [red]);
    const response = await pull(app.applicationId, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTruthy();
  });

  it('answers 404 for an unknown or foreign application and 401 without a token', async () => {
    const foreign = await insertApplication(t.db, t.demo!.tenantIds.harbour, 'classification', [red]);
    expect((await pull(foreign.applicationId)).statusCode).toBe(404);
    expect((await pull('app_missing')).statusCode).toBe(404);
    expect((await pull(foreign.applicationId, '', {})).statusCode).toBe(401);
  });

  it('does not queue for inactive applications', async () => {
    const app = await insertApplication(t.db, tenantId, 'classification', [red], { active: false });
    await queueItems(app, 2);
    const pending = await t.inject({ method: 'GET', url: `/1/applications/${app.applicationId}/feedback/pending`, headers: labeller });
    expect(pending.json()).toEqual({ pending: 0, leased: 0 });
  });
});

describe('POST /1/applications/{id}/feedback', () => {
  it('records user assertions, moves the detection record and removes the media from the queue', async () => {
    const app = await insertApplication(t.db, tenantId, 'detection_fullframe', [red, blue]);
    const [mediaId] = await queueItems(app, 1);
    const response = await post(app.applicationId, {
      media_id: mediaId,
      subjects: [
        { subject_uid: red, result: 'True' },
        { subject_uid: blue, result: 'False' },
      ],
      client_data: { app: 'looplabel' },
      decision_time: DECIDED,
      public_read: true,
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const rows = await t.db.select().from(assertions).where(eq(assertions.mediaId, mediaId!));
    expect(rows.map((row) => [row.subjectUid, row.probability, row.appId, row.userId !== null]).sort()).toEqual(
      [[red, 1, app.applicationId, true], [blue, 0, app.applicationId, true]].sort(),
    );
    const queue = await t.db.select().from(feedbackQueue).where(eq(feedbackQueue.appId, app.applicationId));
    expect(queue).toEqual([]);
  });

  it('is also served under /21', async () => {
    const app = await insertApplication(t.db, tenantId, 'classification', [red]);
    const mediaRow = await insertMedia(t.db, tenantId, { width: 10, height: 10 });
    const response = await post(app.applicationId, { media_id: mediaRow.mediaId, subjects: [{ subject_uid: red, result: 'True' }] }, labeller, '21');
    expect(response.statusCode).toBe(204);
  });

  it('lets the later decision_time win whatever order the posts arrive in', async () => {
    const app = await insertApplication(t.db, tenantId, 'static_count', [red]);
    for (const order of [[1, 2], [2, 1]]) {
      const mediaRow = await insertMedia(t.db, tenantId, { width: 10, height: 10 });
      for (const decision of order) {
        const answer = { subject_uid: red, result: 'True', app_data_type: 'count', app_data: decision * 10 };
        expect((await post(app.applicationId, { media_id: mediaRow.mediaId, subjects: [answer], decision_time: DECIDED + decision })).statusCode).toBe(204);
      }
      const current = await t.db
        .select()
        .from(assertions)
        .where(and(eq(assertions.mediaId, mediaRow.mediaId), eq(assertions.current, true)));
      expect(current.map((row) => row.appData)).toEqual([20]);
      const all = await t.db.select().from(assertions).where(eq(assertions.mediaId, mediaRow.mediaId));
      expect(all).toHaveLength(2);
    }
  });

  it('counts a retried post with the same Idempotency-Key once, and refuses the key with another body', async () => {
    const app = await insertApplication(t.db, tenantId, 'classification', [red]);
    const mediaRow = await insertMedia(t.db, tenantId, { width: 10, height: 10 });
    const body = { media_id: mediaRow.mediaId, subjects: [{ subject_uid: red, result: 'True' }], decision_time: DECIDED };
    const headers = { ...labeller, 'idempotency-key': 'answer-1' };
    expect((await post(app.applicationId, body, headers)).statusCode).toBe(204);
    expect((await post(app.applicationId, body, headers)).statusCode).toBe(204);
    const rows = await t.db.select().from(assertions).where(eq(assertions.mediaId, mediaRow.mediaId));
    expect(rows).toHaveLength(1);
    const other = await post(app.applicationId, { ...body, decision_time: DECIDED + 1 }, headers);
    expect(other.statusCode).toBe(422);
  });

  describe('refuses bad answers with 400 and field errors', () => {
    const cases: [string, import('../../src/api/types').ApplicationType, (uids: { red: string; blue: string }) => unknown[], string][] = [
      ['False on classification', 'classification', (u) => [{ subject_uid: u.red, result: 'False' }], 'subjects.0.result'],
      ['two subjects on classification', 'classification', (u) => [{ subject_uid: u.red, result: 'True' }, { subject_uid: u.blue, result: 'True' }], 'subjects'],
      ['a subject that is not an output', 'classification', () => [{ subject_uid: 'sub_other', result: 'True' }], 'subjects.0.subject_uid'],
      ['a missing output subject on detection_fullframe', 'detection_fullframe', (u) => [{ subject_uid: u.red, result: 'True' }], 'subjects'],
      ['a box outside the media', 'box_detection', (u) => [{ subject_uid: u.red, result: 'True', app_data_type: 'box_set', app_data: [{ box: { x0: 0, y0: 0, x1: 101, y1: 10 } }] }], 'subjects.0.app_data.0.box'],
      ['a reversed box', 'box_detection', (u) => [{ subject_uid: u.red, result: 'True', app_data_type: 'box_set', app_data: [{ box: { x0: 20, y0: 0, x1: 10, y1: 10 } }] }], 'subjects.0.app_data.0.box'],
      ['a fractional box', 'box_detection', (u) => [{ subject_uid: u.red, result: 'True', app_data_type: 'box_set', app_data: [{ box: { x0: 0.5, y0: 0, x1: 10, y1: 10 } }] }], 'subjects.0.app_data.0.box.x0'],
      ['True without box_set', 'box_detection', (u) => [{ subject_uid: u.red, result: 'True' }], 'subjects.0.app_data_type'],
      ['False with app_data', 'box_detection', (u) => [{ subject_uid: u.red, result: 'False', app_data_type: 'box_set', app_data: [] }], 'subjects.0'],
      ['a negative count', 'static_count', (u) => [{ subject_uid: u.red, result: 'True', app_data_type: 'count', app_data: -1 }], 'subjects.0.app_data'],
      ['a fractional count', 'static_count', (u) => [{ subject_uid: u.red, result: 'True', app_data_type: 'count', app_data: 1.5 }], 'subjects.0.app_data'],
      ['an offset beyond the width', 'offset_x', (u) => [{ subject_uid: u.red, result: 'True', app_data_type: 'offset_x', app_data: 101 }], 'subjects.0.app_data'],
      ['a negative offset', 'offset_y', (u) => [{ subject_uid: u.red, result: 'True', app_data_type: 'offset_y', app_data: -3 }], 'subjects.0.app_data'],
      ['a point outside the media', 'point', (u) => [{ subject_uid: u.red, result: 'True', app_data_type: 'point', app_data: [{ x: 5, y: 81 }] }], 'subjects.0.app_data.0'],
    ];
    it.each(cases)('%s', async (_name, type, answers, field) => {
      const app = await insertApplication(t.db, tenantId, type, [red, blue]);
      const mediaRow = await insertMedia(t.db, tenantId, { width: 100, height: 80 });
      const response = await post(app.applicationId, { media_id: mediaRow.mediaId, subjects: answers({ red, blue }) });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    });

    it('refuses app_data beyond the hardened limits, and decision_time in milliseconds or before 2000', async () => {
      const boxApp = await insertApplication(t.db, tenantId, 'box_detection', [red]);
      const countApp = await insertApplication(t.db, tenantId, 'static_count', [red]);
      const mediaRow = await insertMedia(t.db, tenantId, { width: 100, height: 80 });
      const boxes = (app_data: unknown[]) => ({ media_id: mediaRow.mediaId, subjects: [{ subject_uid: red, result: 'True', app_data_type: 'box_set', app_data }] });
      const box = { box: { x0: 0, y0: 0, x1: 10, y1: 10 } };
      const fieldsOf = async (appId: string, body: unknown) => {
        const response = await post(appId, body);
        expect(response.statusCode).toBe(400);
        return response.json().errors.map((e: { field: string }) => e.field);
      };
      expect(await fieldsOf(boxApp.applicationId, boxes([{ box: { ...box.box, z: 1 } }]))).toEqual(['subjects.0.app_data.0.box']);
      expect(await fieldsOf(boxApp.applicationId, boxes(Array.from({ length: 10_001 }, () => box)))).toEqual(['subjects.0.app_data']);
      const count = { media_id: mediaRow.mediaId, subjects: [{ subject_uid: red, result: 'True', app_data_type: 'count', app_data: 1e300 }] };
      expect(await fieldsOf(countApp.applicationId, count)).toEqual(['subjects.0.app_data']);
      const answered = { ...boxes([box]), decision_time: DECIDED };
      expect(await fieldsOf(boxApp.applicationId, { ...answered, decision_time: 1e12 })).toEqual(['decision_time']);
      expect(await fieldsOf(boxApp.applicationId, { ...answered, decision_time: 0 })).toEqual(['decision_time']);
      expect((await post(boxApp.applicationId, answered)).statusCode).toBe(204);
    });

    it('checks boxes against the focus, the media id, client_data size, decision_time and result', async () => {
      const app = await insertApplication(t.db, tenantId, 'box_detection', [red]);
      const mediaRow = await insertMedia(t.db, tenantId, { width: 100, height: 80 });
      const foreign = await insertMedia(t.db, t.demo!.tenantIds.harbour, { width: 100, height: 80 });
      const box = { subject_uid: red, result: 'True', app_data_type: 'box_set', app_data: [{ box: { x0: 0, y0: 0, x1: 30, y1: 30 } }] };
      const base = { media_id: mediaRow.mediaId, subjects: [box] };
      const focused = await post(app.applicationId, { ...base, focus: { box: { x0: 10, y0: 10, x1: 50, y1: 50 } } });
      expect(focused.json().errors[0].field).toBe('subjects.0.app_data.0.box');
      expect((await post(app.applicationId, { ...base, media_id: foreign.mediaId })).json().errors[0].field).toBe('media_id');
      const big = await post(app.applicationId, { ...base, client_data: { blob: 'x'.repeat(5000) } });
      expect(big.json().errors[0].field).toBe('client_data');
      expect((await post(app.applicationId, { ...base, decision_time: 'soon' })).statusCode).toBe(400);
      expect((await post(app.applicationId, { ...base, subjects: [{ ...box, result: 'Maybe' }] })).statusCode).toBe(400);
      expect((await post(app.applicationId, { ...base, subjects: [] })).statusCode).toBe(400);
      expect((await post(app.applicationId, { ...base, focus: { box: { x0: 0, y0: 0, x1: 200, y1: 10 } } })).json().errors[0].field).toBe('focus.box');
      expect((await post(app.applicationId, base)).statusCode).toBe(204);
      const rows = await t.db.select().from(assertions).where(eq(assertions.mediaId, mediaRow.mediaId));
      expect(rows.map((row) => row.focusKey)).toEqual([focusKey(null)]);
    });
  });
});

