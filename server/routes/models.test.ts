import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { baselineModelId, type ModelPerformance, type ReleasedModel } from '../../src/api/schemas/models';
import type { PagedResponse } from '../../src/api/types';
import { rowsOf } from '../db/json-row';
import { assertions } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';

import { insertApplication, insertSubject } from '../feedback/test-fixtures';
import { modelFixtures, type ModelFixtures } from '../testing/model-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { generateDemoSet } from '../types/testing/demo';
import type { GeneratedScene } from '../vision/scenes';

let t: TestApp;
let tenantId: string;
let labeller: Record<string, string>;
let admin: Record<string, string>;
let bolt: string;
let scenes: GeneratedScene[];
let answer: ModelFixtures['answer'];
let release: ModelFixtures['release'];

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { feedback: { scheduleIntervalSeconds: 0, releaseEveryAnswers: 0, leaseSeconds: 1200 } } });
  tenantId = t.demo!.tenantIds.demoLab;
  labeller = await t.demoAuth('labeller@demo.test', tenantId);
  admin = await t.demoAuth('admin@demo.test', tenantId);
  bolt = await insertSubject(t.db, tenantId, 'red bolt');
  scenes = await generateDemoSet('box_detection', 6, 41);
  ({ answer, release } = modelFixtures(t, { tenantId, labeller, admin }, bolt, 'red bolt'));
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = labeller) => t.inject({ method: 'GET', url, headers });

/** An application with two releases: the first learned from 3 training answers, the second from 4. */
async function releasedTwice() {
  const app = await insertApplication(t.db, tenantId, 'box_detection', [bolt]);
  for (const scene of scenes.slice(0, 3)) await answer(app, scene, 'training');
  await answer(app, scenes[3]!, 'validation');
  await release(app);
  await answer(app, scenes[4]!, 'training');
  await answer(app, scenes[5]!, 'validation');
  await release(app);
  return app;
}

let twice: ApplicationRow;
const twiceApp = async () => (twice ??= await releasedTwice());

describe('the answers\' sets', () => {
  it('records each answer\'s set, fixed by its media id, and keeps it when the answer changes', async () => {
    const app = await insertApplication(t.db, tenantId, 'box_detection', [bolt]);
    const mediaId = await answer(app, scenes[0]!, 'validation');
    await t.inject({
      method: 'POST',
      url: `/1/applications/${app.applicationId}/feedback`,
      headers: labeller,
      payload: { media_id: mediaId, subjects: [{ subject_uid: bolt, result: 'False' }] },
    });
    const rows = await t.db
      .select({ set: assertions.setAssignment, current: assertions.current })
      .from(assertions)
      .where(and(eq(assertions.appId, app.applicationId), eq(assertions.mediaId, mediaId)));
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.set)).toEqual(['validation', 'validation']);
    const split = rowsOf<{ training: number; validation: number }>(
      await t.db.execute(sql`SELECT count(*) FILTER (WHERE s = 'training')::int AS training, count(*) FILTER (WHERE s = 'validation')::int AS validation
        FROM (SELECT answer_set('med_' || g) AS s FROM generate_series(1, 5000) AS g) AS sets`),
    )[0]!;
    expect(split.validation / 5000).toBeCloseTo(0.2, 1);
  });
});

describe('GET /1/applications/{id}/models', () => {
  it('lists nothing before the first release', async () => {
    const app = await insertApplication(t.db, tenantId, 'box_detection', [bolt]);
    for (const path of ['models', 'performance/releaseValidation', 'performance/currentValidation']) {
      const response = await get(`/1/applications/${app.applicationId}/${path}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: [], paging: {} });
    }
  });

  it('lists the releases oldest first, with what each learned from and its measures on validation answers', async () => {
    const app = await twiceApp();
    const response = await get(`/1/applications/${app.applicationId}/models`);
    expect(response.statusCode).toBe(200);
    const { data, paging } = response.json<PagedResponse<ReleasedModel>>();
    expect(paging).toEqual({});
    expect(data.map((model) => [model.version, model.training_data_count, model.validation_data_count])).toEqual([
      [1, 3, 1],
      [2, 4, 2],
    ]);
    expect(data[0]).toMatchObject({
      application_id: app.applicationId,
      ccp_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      previous_model_id: baselineModelId(app.applicationId),
      model_performance: { TP: expect.any(Number), FP: expect.any(Number), TN: expect.any(Number), FN: expect.any(Number) },
    });
    expect(data[1]!.previous_model_id).toBe(data[0]!.model_id);
    expect(data[1]!.release_time).toBeGreaterThanOrEqual(data[0]!.release_time);
    const { TP, FP, TN, FN } = data[1]!.model_performance!;
    expect(TP + FP + TN + FN).toBe(2);
    expect(Object.keys(data[1]!.model_performance_per_subject!)).toEqual([bolt]);

    const application = await get(`/1/applications/${app.applicationId}`);
    expect(application.json()).toMatchObject({ release_model_count: 2, training_data_count: 4, validation_data_count: 2 });
  });

  it('pages newest first with reverse=True, limit and paging.next, and filters by start and end', async () => {
    const app = await twiceApp();
    const first = await get(`/1/applications/${app.applicationId}/models?reverse=True&limit=1`);
    const page1 = first.json<PagedResponse<ReleasedModel>>();
    expect(page1.data.map((model) => model.version)).toEqual([2]);
    expect(page1.paging.next).toMatch(/^http:\/\/localhost(:\d+)?\/1\/applications\/.+\/models\?.*cursor=2/);
    const page2 = (await t.app.inject({ method: 'GET', url: page1.paging.next!.replace(/^http:\/\/[^/]+/, ''), headers: labeller })).json<
      PagedResponse<ReleasedModel>
    >();
    expect(page2).toEqual({ data: [expect.objectContaining({ version: 1 })], paging: {} });

    const releaseTimes = [page2.data[0]!.release_time, page1.data[0]!.release_time];
    const late = await get(`/1/applications/${app.applicationId}/models?start=${releaseTimes[1]}`);
    expect(late.json<PagedResponse<ReleasedModel>>().data.map((model) => model.version)).toEqual([2]);
    const early = await get(`/1/applications/${app.applicationId}/models?end=${releaseTimes[0]}`);
    expect(early.json<PagedResponse<ReleasedModel>>().data.map((model) => model.version)).toEqual([1]);
  });

  it.each([
    ['limit=0', 'Invalid limit: Give a whole number from 1 to 100.'],
    ['limit=101', 'Invalid limit: Give a whole number from 1 to 100.'],
    ['limit=ten', 'Invalid limit: Give a whole number.'],
    ['reverse=maybe', 'Invalid reverse: Use true or false.'],
    ['start=yesterday', 'Invalid start: Give a Unix time in seconds.'],
    ['cursor=-1', 'Invalid cursor: Give a whole number.'],
    ['start=200&end=100', 'start cannot be after end.'],
  ])('refuses %s with 400', async (query, message) => {
    const app = await twiceApp();
    const response = await get(`/1/applications/${app.applicationId}/models?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
  });

  it('is 404 for an unknown application or another tenant\'s, and 401 without a token', async () => {
    const app = await twiceApp();
    const unknown = await get('/1/applications/app_unknown/models');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Application not found.' });
    const otherTenant = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.harbour);
    for (const path of ['models', 'performance/releaseValidation', 'performance/currentValidation']) {
      const response = await get(`/1/applications/${app.applicationId}/${path}`, otherTenant);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Application not found.' });
    }
    const anonymous = await get(`/1/applications/${app.applicationId}/models`, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: expect.any(String) });
  });
});

describe('GET /1/applications/{id}/performance/releaseValidation', () => {
  it('gives each release\'s measures on its validation answers beside the model it replaced on the same answers', async () => {
    const app = await twiceApp();
    const models = (await get(`/1/applications/${app.applicationId}/models`)).json<PagedResponse<ReleasedModel>>().data;
    const response = await get(`/1/applications/${app.applicationId}/performance/releaseValidation?reverse=true`);
    expect(response.statusCode).toBe(200);
    const { data, paging } = response.json<PagedResponse<ModelPerformance>>();
    expect(paging).toEqual({});
    expect(data.map((entry) => [entry.version, entry.data_count, entry.previous?.model_id])).toEqual([
      [2, 2, models[0]!.model_id],
      [1, 1, baselineModelId(app.applicationId)],
    ]);
    expect(data[0]).toMatchObject({
      app_id: app.applicationId,
      model_id: models[1]!.model_id,
      release_time: models[1]!.release_time,
      updated_at: models[1]!.release_time,
      type: 'box_detection',
      release_metrics: 'best_F1',
      output_subjects: [bolt],
      model_performance: models[1]!.model_performance,
    });
    const { TP, FP, TN, FN } = data[0]!.previous!.model_performance;
    expect(TP + FP + TN + FN).toBe(2);
  });

  it('takes duration (the last seconds) and refuses a duration that is not above 0', async () => {
    const app = await twiceApp();
    const recent = await get(`/1/applications/${app.applicationId}/performance/releaseValidation?duration=3600`);
    expect(recent.json<PagedResponse<ModelPerformance>>().data).toHaveLength(2);
    const future = await get(`/1/applications/${app.applicationId}/performance/releaseValidation?duration=1&end=1000`);
    expect(future.json<PagedResponse<ModelPerformance>>().data).toEqual([]);
    const zero = await get(`/1/applications/${app.applicationId}/performance/releaseValidation?duration=0`);
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toMatchObject({ message: 'Invalid duration: Give a number of seconds above 0.' });
  });
});

describe('GET /1/applications/{id}/performance/currentValidation', () => {
  it('gives the current model and the one it replaced, measured on the current validation answers', async () => {
    const app = await twiceApp();
    const models = (await get(`/1/applications/${app.applicationId}/models`)).json<PagedResponse<ReleasedModel>>().data;
    const response = await get(`/1/applications/${app.applicationId}/performance/currentValidation`);
    expect(response.statusCode).toBe(200);
    const { data, paging } = response.json<PagedResponse<ModelPerformance>>();
    expect(paging).toEqual({});
    expect(data.map((entry) => [entry.model_id, entry.version, entry.data_count, entry.updated_at, entry.previous])).toEqual([
      [models[0]!.model_id, 1, 2, models[1]!.release_time, null],
      [models[1]!.model_id, 2, 2, models[1]!.release_time, null],
    ]);
    expect(data[0]!.release_time).toBe(models[0]!.release_time);
    expect(data[1]!.model_performance).toEqual(models[1]!.model_performance);

    const newest = await get(`/1/applications/${app.applicationId}/performance/currentValidation?reverse=1&limit=1`);
    expect(newest.json<PagedResponse<ModelPerformance>>().data.map((entry) => entry.version)).toEqual([2]);
  });

  it('names the baseline (version 0) as the replaced model after the first release', async () => {
    const app = await insertApplication(t.db, tenantId, 'box_detection', [bolt]);
    await answer(app, scenes[0]!, 'training');
    await answer(app, scenes[1]!, 'validation');
    await release(app);
    const { data } = (await get(`/1/applications/${app.applicationId}/performance/currentValidation`)).json<PagedResponse<ModelPerformance>>();
    expect(data.map((entry) => [entry.model_id, entry.version, entry.release_time, entry.data_count])).toEqual([
      [baselineModelId(app.applicationId), 0, app.createdAt, 1],
      [expect.stringMatching(/^mdl_/), 1, expect.any(Number), 1],
    ]);
  });

  it('refuses bad input with 400', async () => {
    const app = await twiceApp();
    const response = await get(`/1/applications/${app.applicationId}/performance/currentValidation?limit=500`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe('Invalid limit: Give a whole number from 1 to 100.');
  });
});

describe('POST and GET /1/applications/{id}/release', () => {
  it('starts a release off the request (202) for admins and app managers, and tells when it has finished', async () => {
    const app = await insertApplication(t.db, tenantId, 'box_detection', [bolt], { appManagers: ['manager@demo.test'] });
    await answer(app, scenes[0]!, 'training');
    const manager = await t.demoAuth('manager@demo.test', tenantId);
    const url = `/1/applications/${app.applicationId}/release`;
    const forbidden = await t.inject({ method: 'POST', url, headers: labeller });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: expect.any(String) });

    const started = await t.inject({ method: 'POST', url, headers: manager });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toEqual({ running: true, release_model_count: null, last_released_at: null });
    expect((await get(url)).json().running).toBe(true);
    await t.app.jobs.drain();
    const finished = (await get(url)).json();
    expect(finished).toEqual({ running: false, release_model_count: 1, last_released_at: expect.any(Number) });

    await t.inject({ method: 'POST', url, headers: admin });
    await t.app.jobs.drain();
    expect((await get(url)).json().release_model_count).toBe(2);
  });

  it('is 404 for another tenant\'s application and 400 for a type without a model', async () => {
    const app = await twiceApp();
    const otherTenant = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.harbour);
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.inject({ method, url: `/1/applications/${app.applicationId}/release`, headers: otherTenant });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Application not found.' });
    }
    const ocr = await insertApplication(t.db, tenantId, 'ocr', [bolt]);
    const refused = await t.inject({ method: 'POST', url: `/1/applications/${ocr.applicationId}/release`, headers: admin });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/no baseline model/);
  });
});

describe('GET /22/applications/{id}/evaluation_metrics', () => {
  it('gives the current model\'s measures and the one release_metrics names', async () => {
    const app = await twiceApp();
    const models = (await get(`/1/applications/${app.applicationId}/models?reverse=true`)).json<PagedResponse<ReleasedModel>>().data;
    const response = await get(`/22/applications/${app.applicationId}/evaluation_metrics`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      app_id: app.applicationId,
      release_metrics: 'best_F1',
      measure: 'F1',
      value: models[0]!.model_performance!.F1,
      model_id: models[0]!.model_id,
      version: 2,
      data_count: models[0]!.validation_data_count,
      model_performance: models[0]!.model_performance,
      model_performance_per_subject: models[0]!.model_performance_per_subject,
    });
  });

  it('has nulls before the first release, and is 404 for another tenant', async () => {
    const app = await insertApplication(t.db, tenantId, 'box_detection', [bolt], { releaseMetrics: 'best_recall' });
    const fresh = (await get(`/22/applications/${app.applicationId}/evaluation_metrics`)).json();
    expect(fresh).toMatchObject({ measure: 'recall', value: null, model_id: null, version: null, model_performance: null });
    const otherTenant = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.harbour);
    const response = await get(`/22/applications/${app.applicationId}/evaluation_metrics`, otherTenant);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Application not found.' });
  });
});
