import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { baselineModelId, type AnswerSet } from '../../src/api/schemas/models';
import type { BoxRegion } from '../../src/api/application-types/answer';
import { assertions, feedbackQueue, models } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import { recordAssertions, touchDetectionRecord } from '../domain/assertions';
import type { MediaRow } from '../domain/media';
import { processMediaForApplication } from '../processing/pipeline';
import { createTestApp, type TestApp } from '../testing/test-app';
import { hexToRgb, labDistance, rgbToLab } from '../vision/colour';
import { runModel } from '../types/run-model';
import { generateDemoSet } from '../types/testing/demo';
import { DEMO_PALETTE } from '../vision/demo';
import type { ModelParameters } from '../vision/models/parameters';
import type { GeneratedScene } from '../vision/scenes';
import { currentParameters, releaseModel } from './release';
import { considerForFeedback } from './scheduler';
import { mediaIdIn } from '../domain/media';
import { insertApplication, insertMedia, insertSubject } from './test-fixtures';

const TRUE_RED = DEMO_PALETTE['red bolt'].appearance.color;
const WRONG_RED = '#d07890';
const RELEASE_EVERY = 3;
let t: TestApp;
let tenantId: string;
let labeller: Record<string, string>;
let bolt: string;
let training: GeneratedScene[];
let fresh: GeneratedScene[];

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { feedback: { scheduleIntervalSeconds: 0, releaseEveryAnswers: RELEASE_EVERY, leaseSeconds: 1200 } } });
  tenantId = t.demo!.tenantIds.demoLab;
  labeller = await t.demoAuth('labeller@demo.test', tenantId);
  bolt = await insertSubject(t.db, tenantId, 'bolt');
  [training, fresh] = await Promise.all([generateDemoSet('box_detection', 12, 31), generateDemoSet('box_detection', 6, 32)]);
});
afterAll(() => t.close());

const colourError = (hex: string) => {
  const [a, b] = [rgbToLab(...hexToRgb(hex)), rgbToLab(...hexToRgb(TRUE_RED))];
  return labDistance(a[0], a[1], a[2], b[0], b[1], b[2]);
};

/** A box application whose configured bolt colour is wrong, as its `custom_fields` set it. */
const misSetApplication = (overrides: Partial<ApplicationRow> = {}) =>
  insertApplication(t.db, tenantId, 'box_detection', [bolt], {
    customFields: { appearance: { [bolt]: { color: WRONG_RED, tolerance: 0.2, min_area: 300 } } },
    ...overrides,
  });

/** A scene stored as media whose answers fall in the given set. */
const storeScene = async (scene: GeneratedScene, set: AnswerSet = 'training') =>
  insertMedia(t.db, tenantId, { width: scene.width, height: scene.height }, { blobs: t.app.blobs, data: scene.image }, await mediaIdIn(t.db, set));

/** A labeller's answers on the scenes: the true boxes of the red bolts, or False where there is none. */
async function answerScenes(app: ApplicationRow, scenes: GeneratedScene[], set: AnswerSet) {
  for (const scene of scenes) {
    const mediaRow = await storeScene(scene, set);
    const boxes = scene.truth.objects.filter((object) => object.subject === 'red bolt').map(({ box }) => ({ box }));
    await t.db.transaction(async (tx) => {
      await recordAssertions(tx, {
        tenantId,
        mediaId: mediaRow.mediaId,
        userId: 'usr_labeller',
        appId: app.applicationId,
        assertions: [
          {
            subjectUid: bolt,
            ...(boxes.length > 0 ? { appDataType: 'box_set' as const, appData: boxes } : {}),
            probability: boxes.length > 0 ? 1 : 0,
          },
        ],
      });
      await touchDetectionRecord(tx, app.applicationId, mediaRow.mediaId, null, 1);
    });
  }
}

const answerTrainingScenes = (app: ApplicationRow) => answerScenes(app, training, 'training');

async function modelAssertionOn(app: ApplicationRow, mediaRow: MediaRow) {
  const [row] = await t.db
    .select()
    .from(assertions)
    .where(and(eq(assertions.appId, app.applicationId), eq(assertions.mediaId, mediaRow.mediaId), eq(assertions.current, true)));
  return row!;
}

const runOn = (parameters: ModelParameters, scene: GeneratedScene) =>
  runModel({ type: 'box_detection', outputSubjects: [bolt], parameters, image: scene.image });

const confidentBoxes = (appData: unknown) => ((appData ?? []) as BoxRegion[]).filter((region) => (region.probability ?? 0) >= 0.5);

describe('releaseModel', () => {
  it('learns from the training answers, measures on the validation answers, with the model it replaced', async () => {
    const app = await misSetApplication();
    await answerTrainingScenes(app);
    await answerScenes(app, fresh, 'validation');
    const released = await releaseModel({ db: t.db, blobs: t.app.blobs }, app);

    expect(released).toMatchObject({
      releaseModelCount: 1,
      trainingDataCount: training.length,
      validationDataCount: fresh.length,
      answersSinceRelease: 0,
    });
    const [model] = await t.db.select().from(models).where(eq(models.modelId, released.currentModelId!));
    const color = (model?.parameters as unknown as ModelParameters).appearance[bolt]?.color ?? '';
    expect(colourError(color)).toBeLessThan(colourError(WRONG_RED) / 2);

    expect(model).toMatchObject({ trainingCount: training.length, validationCount: fresh.length, previousModelId: baselineModelId(app.applicationId) });
    const { validation, previousValidation } = model!;
    expect(validation?.data_count).toBe(fresh.length);
    expect(previousValidation?.data_count).toBe(fresh.length);
    const truthBoxes = fresh.reduce((sum, scene) => sum + scene.truth.counts['red bolt']!, 0);
    for (const evaluation of [validation!, previousValidation!]) {
      expect(evaluation.model_performance).toMatchObject({ kind: 'boxes', n: fresh.length, reason: null, truth_boxes: truthBoxes });
      expect(Object.keys(evaluation.model_performance_per_subject)).toEqual([bolt]);
    }
    // The refitted colour finds the bolts that the mis-set one misses, on answers it never learned from.
    const [after, before] = [validation!.model_performance, previousValidation!.model_performance];
    if (after.kind !== 'boxes' || before.kind !== 'boxes') throw new Error('box measures expected');
    expect(after.found).toBeGreaterThan(before.found);
    expect(after.recall!).toBeGreaterThan(before.recall ?? 0);
    expect(released.lastCandidate).toMatchObject({ outcome: 'released', n: fresh.length, figure: 'F1', candidate: after.F1, current: before.F1, version: 1 });
    expect(released.currentPerformance).toEqual({
      ...validation!.model_performance,
      data_count: fresh.length,
      model_id: released.currentModelId,
      model_version: 1,
    });
  });

  it('learns nothing from validation answers', async () => {
    const app = await misSetApplication();
    await answerScenes(app, training.slice(0, 6), 'validation');
    const before = await currentParameters(t.db, app);
    const released = await releaseModel({ db: t.db, blobs: t.app.blobs }, app);

    expect(released).toMatchObject({ trainingDataCount: 0, validationDataCount: 6 });
    expect(await currentParameters(t.db, released)).toEqual(before);
  });

  it('learns only from decided items: answers still waiting for more labellers or for review teach nothing', async () => {
    const app = await misSetApplication({ labellersPerItem: 2 });
    await answerTrainingScenes(app);
    const before = await currentParameters(t.db, app);
    const released = await releaseModel({ db: t.db, blobs: t.app.blobs }, app);

    expect(released).toMatchObject({ releaseModelCount: null, candidateModelCount: 1, currentModelId: null });
    expect(released.lastCandidate).toMatchObject({ outcome: 'not_enough_answers', n: 0, version: null });
    expect(await currentParameters(t.db, released)).toEqual(before);
  });

  it('makes the pipeline propose with the released model for media processed after it', async () => {
    const app = await misSetApplication();
    const baseline = await currentParameters(t.db, app);
    const scene = fresh.find((candidate) => candidate.truth.difficulty === 'clear' && candidate.truth.counts['red bolt']! > 0)!;

    const before = await storeScene(scene);
    await processMediaForApplication(t.app, app, before, null);
    const beforeAssertion = await modelAssertionOn(app, before);
    expect(beforeAssertion.modelId).toBe(baselineModelId(app.applicationId));

    await answerTrainingScenes(app);
    await answerScenes(app, fresh, 'validation');
    const released = await releaseModel({ db: t.db, blobs: t.app.blobs }, app);
    expect(released.releaseModelCount).toBe(1);
    const after = await storeScene(scene);
    await processMediaForApplication(t.app, released, after, null);
    const afterAssertion = await modelAssertionOn(app, after);

    expect(afterAssertion.modelId).toBe(released.currentModelId);
    const releasedParameters = await currentParameters(t.db, released);
    expect(afterAssertion.appData).toEqual((await runOn(releasedParameters, scene))[0]?.app_data);
    expect(beforeAssertion.appData).toEqual((await runOn(baseline, scene))[0]?.app_data);
    // The mis-set colour finds fewer of the bolts than the refitted one.
    expect(confidentBoxes(afterAssertion.appData).length).toBeGreaterThan(confidentBoxes(beforeAssertion.appData).length);
  });

  it.each([true, false])('with refresh_feedback %s re-evaluates the waiting requests (or leaves them)', async (refresh) => {
    const app = await misSetApplication({ refreshFeedback: refresh });
    const scene = fresh[0]!;
    const waiting = await storeScene(scene);
    const stale = [{ subject_uid: bolt, probability: 0.5, uncal_prob: 0.5, app_data_type: 'box_set' as const, app_data: [] }];
    expect(await considerForFeedback(t.db, app, waiting.mediaId, null, stale, baselineModelId(app.applicationId))).toBe(true);
    await answerTrainingScenes(app);
    await answerScenes(app, fresh, 'validation');
    const released = await releaseModel({ db: t.db, blobs: t.app.blobs }, app);

    const [queued] = await t.db.select().from(feedbackQueue).where(eq(feedbackQueue.appId, app.applicationId));
    if (refresh) {
      expect(queued?.modelId).toBe(released.currentModelId);
      const fresher = await runOn(await currentParameters(t.db, released), scene);
      expect(queued?.proposals).toEqual(fresher.map((proposal) => ({ ...proposal })));
    } else {
      expect(queued).toMatchObject({ modelId: baselineModelId(app.applicationId), proposals: stale });
    }
  });
});

describe('the automatic release', () => {
  it('decides a candidate in the background once a feedback post makes the answers since the last one reach the threshold', async () => {
    const app = await misSetApplication();
    const releaseStatus = async () =>
      (await t.inject({ method: 'GET', url: `/1/applications/${app.applicationId}/release`, headers: labeller })).json();
    for (const [index, scene] of training.slice(0, RELEASE_EVERY).entries()) {
      const mediaRow = await storeScene(scene);
      const boxes = scene.truth.objects.filter((object) => object.subject === 'red bolt').map(({ box }) => ({ box }));
      const answer = boxes.length > 0 ? { result: 'True', app_data_type: 'box_set', app_data: boxes } : { result: 'False' };
      const response = await t.inject({
        method: 'POST',
        url: `/1/applications/${app.applicationId}/feedback`,
        headers: labeller,
        payload: { media_id: mediaRow.mediaId, subjects: [{ subject_uid: bolt, ...answer }] },
      });
      expect(response.statusCode).toBe(204);
      await t.app.jobs.drain();
      const status = await releaseStatus();
      // training answers only: the candidate rests on no held-out answer, so it is kept back
      expect(status.last_candidate?.outcome ?? null).toBe(index + 1 < RELEASE_EVERY ? null : 'not_enough_answers');
      expect(status.release_model_count).toBeNull();
    }
  });
});
