import { describe, expect, it } from 'vitest';
import type { LearningCurve } from '../../src/api/schemas/learning-curve';
import { releaseFigure } from '../../src/api/schemas/measures';
import type { ReleasedModel } from '../../src/api/schemas/models';
import type { PagedResponse } from '../../src/api/types';
import type { ApplicationRow } from '../domain/applications';
import { insertApplication } from '../feedback/test-fixtures';
import { generateDemoSet } from '../types/testing/demo';
import { t, tenantId, admin, bolt, answer, useModelsApp, get, answerAll } from '../testing/models-fixture';

useModelsApp();

/** Releases the application's candidate whatever the release rule says, and waits for it. */
async function forceRelease(app: ApplicationRow) {
  const response = await t.inject({ method: 'POST', url: `/1/applications/${app.applicationId}/release`, headers: admin, payload: { force: true } });
  expect(response.statusCode).toBe(202);
  await t.app.jobs.drain();
}

describe('GET /1/applications/{id}/learning_curve', () => {
  it('measures every release on the current held-out items, against the training answers it learned from', async () => {
    const scenes = await generateDemoSet('box_detection', 11, 43);
    const app = await insertApplication(t.db, tenantId, 'box_detection', [bolt]);
    await answerAll(app, scenes.slice(0, 6), 'validation');
    for (const [from, to] of [[6, 7], [7, 8], [8, 10]] as const) {
      await answerAll(app, scenes.slice(from, to), 'training');
      await forceRelease(app);
    }
    // the newest held-out answer came after the releases: the curve measures them all on it too
    await answer(app, scenes[10]!, 'validation');
    await forceRelease(app);

    const response = await get(`/1/applications/${app.applicationId}/learning_curve`);
    expect(response.statusCode).toBe(200);
    const curve = response.json<LearningCurve>();
    const releases = (await get(`/1/applications/${app.applicationId}/models`)).json<PagedResponse<ReleasedModel>>().data;
    expect(releases.map((release) => release.validation_data_count)).toEqual([6, 6, 6, 7]);
    expect(curve).toMatchObject({ app_id: app.applicationId, figure: 'F1', held_out: 7 });
    expect(curve.points.map((point) => [point.model_id, point.version, point.training_answers])).toEqual(
      releases.map((release) => [release.model_id, release.version, release.training_data_count]),
    );
    expect(curve.points.map((point) => point.training_answers)).toEqual([1, 2, 4, 4]);
    // the latest release was measured on the same seven items when it was released
    expect(curve.points.at(-1)!.measure).toBe(releaseFigure(releases.at(-1)!.model_performance!, 'best_F1').value);
    for (const point of curve.points) {
      expect(point.measure).not.toBeNull();
      expect(point.low!).toBeLessThanOrEqual(point.measure!);
      expect(point.high!).toBeGreaterThanOrEqual(point.measure!);
    }
    expect(curve.verdict.state).not.toBe('too_few_releases');
    expect(curve.fit!.exponent).toBe('fixed');

    const again = await get(`/1/applications/${app.applicationId}/learning_curve`);
    expect(again.json()).toEqual(curve);
  });

  it('has too few releases for a verdict after one, and no points before any', async () => {
    const scenes = await generateDemoSet('box_detection', 6, 47);
    const app = await insertApplication(t.db, tenantId, 'box_detection', [bolt]);
    const before = (await get(`/1/applications/${app.applicationId}/learning_curve`)).json<LearningCurve>();
    expect(before).toMatchObject({ points: [], fit: null, verdict: { state: 'too_few_releases', next_step: null } });
    await answer(app, scenes[0]!, 'training');
    await answerAll(app, scenes.slice(1, 6), 'validation');
    await forceRelease(app);
    const after = (await get(`/1/applications/${app.applicationId}/learning_curve`)).json<LearningCurve>();
    expect(after).toMatchObject({ held_out: 5, fit: null, verdict: { state: 'too_few_releases', recent: null } });
    expect(after.points).toHaveLength(1);
  });

  it('answers 404 for an application of another tenant', async () => {
    const response = await get('/1/applications/app_unknown/learning_curve');
    expect(response.statusCode).toBe(404);
  });
});
