import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { releaseFigure } from '../../src/api/schemas/measures';
import { baselineModelId, type AnswerSet, type ModelPerformance, type ReleasedModel } from '../../src/api/schemas/models';
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
  scenes = await generateDemoSet('box_detection', 9, 41);
  ({ answer, release } = modelFixtures(t, { tenantId, labeller, admin }, bolt, 'red bolt'));
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = labeller) => t.inject({ method: 'GET', url, headers });

/** Answers the scenes in the set. */
async function answerAll(app: ApplicationRow, some: GeneratedScene[], set: AnswerSet) {
  for (const scene of some) await answer(app, scene, set);
}

/**
 * An application with two releases: the first learned from 3 training answers and was measured on 5 held-out ones,
 * the second from the same 3 (so that it does as well as the first and is released) and on 6.
 */
async function releasedTwice() {
  const app = await insertApplication(t.db, tenantId, 'box_detection', [bolt]);
  await answerAll(app, scenes.slice(0, 3), 'training');
  await answerAll(app, scenes.slice(3, 8), 'validation');
  await release(app);
  await answer(app, scenes[8]!, 'validation');
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
      [1, 3, 5],
      [2, 3, 6],
    ]);
    expect(data[0]).toMatchObject({
      application_id: app.applicationId,
      ccp_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      previous_model_id: baselineModelId(app.applicationId),
      model_performance: { kind: 'boxes', n: 5, reason: null, recall: expect.any(Number), AP: expect.any(Number) },
    });
    expect(data[1]!.previous_model_id).toBe(data[0]!.model_id);
    expect(data[1]!.release_time).toBeGreaterThanOrEqual(data[0]!.release_time);
    expect(data[1]!.model_performance).toMatchObject({ kind: 'boxes', n: 6 });
    expect(data[1]!.model_performance_per_subject).toEqual({ [bolt]: data[1]!.model_performance });

    const application = await get(`/1/applications/${app.applicationId}`);
    expect(application.json()).toMatchObject({ release_model_count: 2, training_data_count: 3, validation_data_count: 6 });
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
      [2, 6, models[0]!.model_id],
      [1, 5, baselineModelId(app.applicationId)],
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
    expect(data[0]!.previous!.model_performance).toMatchObject({ kind: 'boxes', n: 6, reason: null });
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
      [models[0]!.model_id, 1, 6, models[1]!.release_time, null],
      [models[1]!.model_id, 2, 6, models[1]!.release_time, null],
    ]);
    expect(data[0]!.release_time).toBe(models[0]!.release_time);
    expect(data[1]!.model_performance).toEqual(models[1]!.model_performance);

    const newest = await get(`/1/applications/${app.applicationId}/performance/currentValidation?reverse=1&limit=1`);
    expect(newest.json<PagedResponse<ModelPerformance>>().data.map((entry) => entry.version)).toEqual([2]);
  });

  it('names the baseline (version 0) as the replaced model after the first release', async () => {
    const app = await insertApplication(t.db, tenantId, 'box_detection', [bolt]);
    await answer(app, scenes[0]!, 'training');
    await answerAll(app, scenes.slice(1, 6), 'validation');
    await release(app);
    const { data } = (await get(`/1/applications/${app.applicationId}/performance/currentValidation`)).json<PagedResponse<ModelPerformance>>();
    expect(data.map((entry) => [entry.model_id, entry.version, entry.release_time, entry.data_count])).toEqual([
      [baselineModelId(app.applicationId), 0, app.createdAt, 5],
      [expect.stringMatching(/^mdl_/), 1, expect.any(Number), 5],
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
  it('starts a release off the request (202) for admins and app managers, and tells what became of its candidate', async () => {
    const app = await insertApplication(t.db, tenantId, 'box_detection', [bolt], { appManagers: ['manager@demo.test'] });
    await answer(app, scenes[0]!, 'training');
    await answerAll(app, scenes.slice(1, 4), 'validation');
    const manager = await t.demoAuth('manager@demo.test', tenantId);
    const url = `/1/applications/${app.applicationId}/release`;
    const forbidden = await t.inject({ method: 'POST', url, headers: labeller });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: expect.any(String) });

    const started = await t.inject({ method: 'POST', url, headers: manager });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toEqual({ running: true, release_model_count: null, last_released_at: null, last_candidate: null });
    expect((await get(url)).json().running).toBe(true);
    await t.app.jobs.drain();
    // 3 held-out answers: the candidate is kept back rather than released on too few
    expect((await get(url)).json()).toEqual({
      running: false,
      release_model_count: null,
      last_released_at: null,
      last_candidate: { decided_at: expect.any(Number), outcome: 'not_enough_answers', n: 3, figure: 'F1', candidate: null, current: null, version: null },
    });

    await answerAll(app, scenes.slice(4, 6), 'validation');
    await t.inject({ method: 'POST', url, headers: admin });
    await t.app.jobs.drain();
    const finished = (await get(url)).json();
    expect(finished).toMatchObject({ running: false, release_model_count: 1, last_released_at: expect.any(Number) });
    expect(finished.last_candidate).toMatchObject({ outcome: 'released', n: 5, figure: 'F1', version: 1 });
    const application = (await get(`/1/applications/${app.applicationId}`)).json();
    expect(application).toMatchObject({ candidate_model_count: 2, release_model_count: 1, last_candidate_at: finished.last_candidate.decided_at });
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
      value: releaseFigure(models[0]!.model_performance!, 'best_F1').value,
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

describe('honest measures', () => {
  it('score a model that boxes nothing recall 0 in the release record, performance/* and evaluation_metrics', async () => {
    // a subject that neither model sees: proposals at probability 0.5 without a single box, which a presence
    // measure graded F1 1.00
    const widget = await insertSubject(t.db, tenantId, 'widget');
    const widgets = modelFixtures(t, { tenantId, labeller, admin }, widget, 'red bolt');
    const app = await insertApplication(t.db, tenantId, 'box_detection', [widget]);
    for (const scene of scenes.slice(0, 6)) await widgets.answer(app, scene, 'validation');
    await widgets.release(app);
    const truthBoxes = scenes.slice(0, 6).reduce((sum, scene) => sum + scene.truth.counts['red bolt']!, 0);
    const nothingFound = { kind: 'boxes', n: 6, reason: null, truth_boxes: truthBoxes, shown_boxes: 0, found: 0, precision: null, recall: 0, F1: 0, AP: 0 };

    const [model] = (await get(`/1/applications/${app.applicationId}/models`)).json<PagedResponse<ReleasedModel>>().data;
    expect(model!.model_performance).toEqual(nothingFound);
    for (const path of ['releaseValidation', 'currentValidation', 'newRandom']) {
      const { data } = (await get(`/1/applications/${app.applicationId}/performance/${path}`)).json<PagedResponse<ModelPerformance>>();
      expect(data.at(-1)!.model_performance).toEqual(nothingFound);
      expect(data.at(-1)!.model_performance_per_subject).toEqual({ [widget]: nothingFound });
    }
    const metrics = (await get(`/22/applications/${app.applicationId}/evaluation_metrics`)).json();
    expect(metrics).toMatchObject({ measure: 'F1', value: 0, model_performance: nothingFound });
  });

  it('say "not enough answers" on fewer held-out answers than the minimum, in newRandom too', async () => {
    const app = await insertApplication(t.db, tenantId, 'box_detection', [bolt]);
    await answerAll(app, scenes.slice(0, 2), 'validation');
    const { data } = (await get(`/1/applications/${app.applicationId}/performance/newRandom`)).json<PagedResponse<ModelPerformance>>();
    expect(data[0]!.model_performance).toMatchObject({ kind: 'boxes', n: 2, reason: 'not_enough_answers', precision: null, recall: null, F1: null, AP: null });
  });

  it('name the mean absolute error as the figure of a count application', async () => {
    const app = await insertApplication(t.db, tenantId, 'static_count', [bolt]);
    expect((await get(`/22/applications/${app.applicationId}/evaluation_metrics`)).json()).toMatchObject({ measure: 'mean_absolute_error', value: null });
  });
});
