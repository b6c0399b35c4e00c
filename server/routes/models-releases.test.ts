import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { baselineModelId, type ReleasedModel } from '../../src/api/schemas/models';
import type { PagedResponse } from '../../src/api/types';
import { rowsOf } from '../db/json-row';
import { assertions } from '../db/schema';
import { insertApplication } from '../feedback/test-fixtures';
import { t, tenantId, labeller, admin, bolt, scenes, answer, useModelsApp, get, answerAll, twiceApp } from '../testing/models-fixture';

useModelsApp();

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
      last_candidate: {
        decided_at: expect.any(Number),
        outcome: 'not_enough_answers',
        n: 3,
        figure: 'F1',
        candidate: null,
        current: null,
        version: null,
        forced: false,
      },
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

  it('releases a kept-back candidate with force: true, recorded as forced in the models and the latest candidate', async () => {
    const app = await insertApplication(t.db, tenantId, 'box_detection', [bolt], { appManagers: ['manager@demo.test'] });
    await answer(app, scenes[0]!, 'training');
    await answerAll(app, scenes.slice(1, 3), 'validation');
    const manager = await t.demoAuth('manager@demo.test', tenantId);
    const url = `/1/applications/${app.applicationId}/release`;
    const started = await t.inject({ method: 'POST', url, headers: manager, payload: { force: true } });
    expect(started.statusCode).toBe(202);
    const again = await t.inject({ method: 'POST', url, headers: manager, payload: { force: true } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'A release is already running: release anyway once it has finished.' });
    await t.app.jobs.drain();
    expect((await get(url)).json()).toMatchObject({
      release_model_count: 1,
      last_candidate: { outcome: 'not_enough_answers', n: 2, version: 1, forced: true },
    });
    const models = (await get(`/1/applications/${app.applicationId}/models`)).json<PagedResponse<ReleasedModel>>();
    expect(models.data.map((model) => [model.version, model.forced])).toEqual([[1, true]]);

    const refused = await t.inject({ method: 'POST', url, headers: manager, payload: { force: 'yes' } });
    expect(refused.statusCode).toBe(400);
  });

  it('is 404 for another tenant\'s application and 400 for a type without a model', async () => {
    const app = await twiceApp();
    const otherTenant = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.harbour);
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.inject({ method, url: `/1/applications/${app.applicationId}/release`, headers: otherTenant });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Application not found.' });
    }
    const camera = await insertApplication(t.db, tenantId, 'network_camera', [bolt]);
    const refused = await t.inject({ method: 'POST', url: `/1/applications/${camera.applicationId}/release`, headers: admin });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/no baseline model/);
  });
});
