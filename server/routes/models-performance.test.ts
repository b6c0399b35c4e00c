import { describe, expect, it } from 'vitest';
import { releaseFigure } from '../../src/api/schemas/measures';
import { baselineModelId, type ModelPerformance, type ReleasedModel } from '../../src/api/schemas/models';
import type { PagedResponse } from '../../src/api/types';
import { insertApplication, insertSubject } from '../feedback/test-fixtures';
import { modelFixtures } from '../testing/model-fixtures';
import { t, tenantId, labeller, admin, bolt, scenes, answer, release, useModelsApp, get, answerAll, twiceApp } from '../testing/models-fixture';

useModelsApp();

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
