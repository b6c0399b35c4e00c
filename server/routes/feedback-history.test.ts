import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnsweredFeedback, AnswerCount, WaitingFeedback } from '../../src/api/schemas/feedback-history';
import type { ListResponse, PagedResponse } from '../../src/api/types';
import type { ApplicationRow } from '../domain/applications';
import { considerForFeedback } from '../feedback/scheduler';
import { insertApplication, insertMedia, insertSubject } from '../feedback/test-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let tenantId: string;
let labeller: Record<string, string>;
let otherTenant: Record<string, string>;
let admin: Record<string, string>;
let red: string;
let app: ApplicationRow;
const answered: string[] = [];
let waiting: string[];

/** A decision_time the service takes, an hour ago. */
const decided = () => Math.floor(Date.now() / 1000) - 3600;

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { feedback: { scheduleIntervalSeconds: 0, releaseEveryAnswers: 0, leaseSeconds: 1200 } } });
  tenantId = t.demo!.tenantIds.demoLab;
  labeller = await t.demoAuth('labeller@demo.test', tenantId);
  otherTenant = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.harbour);
  admin = await t.demoAuth('admin@demo.test', tenantId);
  red = await insertSubject(t.db, tenantId, 'red thing');
  app = await insertApplication(t.db, tenantId, 'detection_fullframe', [red]);
  for (let i = 0; i < 3; i += 1) {
    const { mediaId } = await insertMedia(t.db, tenantId, { width: 100, height: 80 });
    const result = i === 1 ? 'False' : 'True';
    const response = await t.inject({
      method: 'POST',
      url: `/1/applications/${app.applicationId}/feedback`,
      headers: labeller,
      payload: { media_id: mediaId, decision_time: decided() + i, subjects: [{ subject_uid: red, result }] },
    });
    expect(response.statusCode).toBe(204);
    answered.push(mediaId);
  }
  waiting = [];
  for (const probability of [0.7, 0.5]) {
    const { mediaId } = await insertMedia(t.db, tenantId, { width: 100, height: 80 });
    const proposal = { subject_uid: red, probability, uncal_prob: probability, app_data_type: null, app_data: null };
    await considerForFeedback(t.db, app, mediaId, null, [proposal], null);
    waiting.push(mediaId);
  }
});
afterAll(() => t.close());

const get = (path: string, headers = labeller) => t.inject({ method: 'GET', url: `/21/applications/${app.applicationId}/${path}`, headers });

describe('GET /21/applications/{id}/feedbackRequests', () => {
  it('lists the answers newest first, page by page', async () => {
    const first = await get('feedbackRequests?limit=2');
    expect(first.statusCode).toBe(200);
    const page = first.json<PagedResponse<AnsweredFeedback>>();
    expect(page.data.map((answer) => answer.media_id)).toEqual([answered[2], answered[1]]);
    expect(page.data[1]).toMatchObject({
      focus: null,
      decision_time: expect.any(Number),
      current: true,
      set_assignment: expect.stringMatching(/^(training|validation)$/),
      subjects: [{ subject_uid: red, result: 'False', app_data_type: null, app_data: null }],
    });
    const next = new URL(page.paging.next!);
    const rest = (await get(`feedbackRequests${next.search}`)).json<PagedResponse<AnsweredFeedback>>();
    expect(rest.data.map((answer) => answer.media_id)).toEqual([answered[0]]);
    expect(rest.paging).toEqual({});
  });

  it('counts the answers, and per hour or day when asked', async () => {
    expect((await get('feedbackRequests/count')).json<AnswerCount>()).toEqual({ count: 3 });
    const hourly = (await get('feedbackRequests/count?bucket=hour')).json<AnswerCount>();
    expect(hourly.count).toBe(3);
    expect(hourly.buckets!.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(3);
    expect(hourly.buckets!.every((bucket) => bucket.t % 3600 === 0)).toBe(true);
  });

  it('shows its managers the waiting requests in the order labellers get them, without leasing them', async () => {
    // The queue ahead is the managers' view: a labeller served gold items beside it would tell them apart by it.
    expect((await get('feedbackRequests/pending?limit=5')).statusCode).toBe(403);
    const response = await get('feedbackRequests/pending?limit=5', admin);
    const { data } = response.json<ListResponse<WaitingFeedback>>();
    expect(data.map((item) => item.media_id)).toEqual([waiting[1], waiting[0]]);
    // worth (server/feedback/worth.ts): on the threshold, undisputed; rarity weighs nothing
    expect(data[0]).toMatchObject({ leased: false, priority: 1, subjects: [{ subject_uid: red, probability: 0.5 }] });
    expect((await get('feedbackRequests/pending?limit=1', admin)).json().data).toHaveLength(1);
    const counts = await t.inject({ method: 'GET', url: `/1/applications/${app.applicationId}/feedback/pending`, headers: labeller });
    expect(counts.json()).toEqual({ pending: 2, leased: 0 });
  });

  it.each(['feedbackRequests?limit=0', 'feedbackRequests?cursor=x', 'feedbackRequests/count?bucket=week', 'feedbackRequests/pending?limit=101'])(
    'refuses %s with 400',
    async (path) => {
      const response = await get(path);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
    },
  );

  it.each(['feedbackRequests', 'feedbackRequests/count', 'feedbackRequests/pending'])('is 404 for another tenant (%s)', async (path) => {
    const response = await get(path, otherTenant);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Application not found.' });
  });
});
