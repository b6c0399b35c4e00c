import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baselineModelId, type ModelPerformance } from '../../src/api/schemas/models';
import type { PagedResponse } from '../../src/api/types';
import { unixNow } from '../db/unix-time';
import { insertApplication, insertSubject } from '../feedback/test-fixtures';
import { RANDOM_SAMPLE_SIZE, randomSample } from '../feedback/random-validation';
import { modelFixtures, type ModelFixtures } from '../testing/model-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { generateDemoSet } from '../types/testing/demo';
import type { GeneratedScene } from '../vision/scenes';

describe('randomSample', () => {
  it('draws distinct items, all of them when there are fewer than asked', () => {
    const items = Array.from({ length: 10 }, (_, index) => index);
    const sample = randomSample(items, 4);
    expect(sample).toHaveLength(4);
    expect(new Set(sample).size).toBe(4);
    expect(randomSample(items, 50).sort((a, b) => a - b)).toEqual(items);
    expect(RANDOM_SAMPLE_SIZE).toBe(50);
  });

  it('gives every item the same chance (2,000 draws of 3 of 10)', () => {
    const picked = new Array<number>(10).fill(0);
    const items = Array.from({ length: 10 }, (_, index) => index);
    for (let draw = 0; draw < 2000; draw += 1) for (const item of randomSample(items, 3)) picked[item]! += 1;
    // Each item is expected 600 times (standard deviation about 20).
    for (const count of picked) expect(count).toBeGreaterThan(480);
    for (const count of picked) expect(count).toBeLessThan(720);
  });
});

describe('GET /1/applications/{id}/performance/newRandom', () => {
  let t: TestApp;
  let tenantId: string;
  let labeller: Record<string, string>;
  let bolt: string;
  let scenes: GeneratedScene[];
  let fixtures: ModelFixtures;
  const newRandom = (applicationId: string, query = '', headers = labeller) =>
    t.inject({ method: 'GET', url: `/1/applications/${applicationId}/performance/newRandom${query}`, headers });

  beforeAll(async () => {
    t = await createTestApp({ seed: true, config: { feedback: { scheduleIntervalSeconds: 0, releaseEveryAnswers: 0, leaseSeconds: 1200 } } });
    tenantId = t.demo!.tenantIds.demoLab;
    labeller = await t.demoAuth('labeller@demo.test', tenantId);
    const admin = await t.demoAuth('admin@demo.test', tenantId);
    bolt = await insertSubject(t.db, tenantId, 'red bolt');
    scenes = await generateDemoSet('box_detection', 7, 43);
    fixtures = modelFixtures(t, { tenantId, labeller, admin }, bolt, 'red bolt');
  });
  afterAll(() => t.close());

  it('is empty without validation answers', async () => {
    const app = await insertApplication(t.db, tenantId, 'box_detection', [bolt]);
    await fixtures.answer(app, scenes[0]!, 'training');
    const response = await newRandom(app.applicationId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [], paging: {} });
  });

  it('measures the baseline before a release, then the current model, on the validation answers now', async () => {
    const app = await insertApplication(t.db, tenantId, 'box_detection', [bolt]);
    await fixtures.answer(app, scenes[0]!, 'training');
    await fixtures.answer(app, scenes[1]!, 'training');
    for (const scene of scenes.slice(2)) await fixtures.answer(app, scene, 'validation');

    const before = (await newRandom(app.applicationId)).json<PagedResponse<ModelPerformance>>();
    expect(before.paging).toEqual({});
    expect(before.data).toEqual([
      expect.objectContaining({ model_id: baselineModelId(app.applicationId), version: 0, release_time: app.createdAt, data_count: 5, previous: null }),
    ]);

    await fixtures.release(app);
    const current = (await t.inject({ method: 'GET', url: `/1/applications/${app.applicationId}/performance/currentValidation`, headers: labeller }))
      .json<PagedResponse<ModelPerformance>>().data.at(-1)!;
    const started = unixNow();
    const response = await newRandom(app.applicationId);
    expect(response.statusCode).toBe(200);
    const [measured] = response.json<PagedResponse<ModelPerformance>>().data;
    // Fewer validation items than the sample size: the sample is all of them, the very items the release measured.
    expect(measured).toMatchObject({
      app_id: app.applicationId,
      model_id: current.model_id,
      version: 1,
      release_time: current.release_time,
      type: 'box_detection',
      output_subjects: [bolt],
      data_count: 5,
      model_performance: current.model_performance,
      model_performance_per_subject: current.model_performance_per_subject,
      previous: null,
    });
    expect(measured!.updated_at).toBeGreaterThanOrEqual(Math.floor(started));

    const outside = await newRandom(app.applicationId, `?end=${current.release_time - 1}`);
    expect(outside.json()).toEqual({ data: [], paging: {} });
    const refused = await newRandom(app.applicationId, '?limit=0');
    expect(refused.statusCode).toBe(400);
  });

  it("is 404 for another tenant's application", async () => {
    const app = await insertApplication(t.db, tenantId, 'box_detection', [bolt]);
    const response = await newRandom(app.applicationId, '', await t.demoAuth('admin@demo.test', t.demo!.tenantIds.harbour));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Application not found.' });
  });
});
