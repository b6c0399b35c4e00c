// What the model route tests share: a test app, answers on generated scenes in either set, and releases.
import { afterAll, beforeAll } from 'vitest';
import { type AnswerSet } from '../../src/api/schemas/models';
import type { ApplicationRow } from '../domain/applications';
import { insertApplication, insertSubject } from '../feedback/test-fixtures';
import { modelFixtures, type ModelFixtures } from './model-fixtures';
import { createTestApp, type TestApp } from './test-app';
import { generateDemoSet } from '../types/testing/demo';
import type { GeneratedScene } from '../vision/scenes';

export let t: TestApp;
export let tenantId: string;
export let labeller: Record<string, string>;
export let admin: Record<string, string>;
export let bolt: string;
export let scenes: GeneratedScene[];
export let answer: ModelFixtures['answer'];
export let release: ModelFixtures['release'];

/** One test app with the demo data and a subject to box, releasing models only on request, for the file that calls it. */
export function useModelsApp() {
  beforeAll(async () => {
    t = await createTestApp({ seed: true, config: { feedback: { scheduleIntervalSeconds: 0, releaseEveryAnswers: 0, leaseSeconds: 1200 } } });
    tenantId = t.demo!.tenantIds.demoLab;
    labeller = await t.demoAuth('labeller@demo.test', tenantId);
    admin = await t.demoAuth('admin@demo.test', tenantId);
    bolt = await insertSubject(t.db, tenantId, 'red bolt');
    scenes = await generateDemoSet('box_detection', 9, 41);
    ({ answer, release } = modelFixtures(t, { tenantId, labeller, admin }, bolt, 'red bolt'));
    // test files share this module (isolate: false): the last file's application is in its closed database
    twice = undefined;
  });
  afterAll(() => t.close());
}

export const get = (url: string, headers: Record<string, string> = labeller) => t.inject({ method: 'GET', url, headers });

/** Answers the scenes in the set. */
export async function answerAll(app: ApplicationRow, some: GeneratedScene[], set: AnswerSet) {
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

let twice: ApplicationRow | undefined;
export const twiceApp = async () => (twice ??= await releasedTwice());
