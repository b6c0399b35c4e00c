import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LearningCurve } from '../../src/api/schemas/learning-curve';
import type { ReleasedModel } from '../../src/api/schemas/models';
import type { PagedResponse } from '../../src/api/types';
import { feedbackQueue } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/test-app';
import { automaticDetectorClass } from '../../src/api/detector/classes';
import { cameraPhotos, PHOTO_APPLICATIONS, uploadDemoPhotos } from './photo-applications';
import { writePhotoHistory } from './photo-history';
import { seedApplications, type DemoApplicationSet } from './seed-applications';
import { DEMO_ACCOUNTS } from './seed-identity';

let t: TestApp;
let set: DemoApplicationSet;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  set = await seedApplications(t.app, t.demo!);
});
afterAll(() => t.close());

const BOARDS = 'Calibration boards';

describe('the release history of the calibration boards, a subject no detector knows', () => {
  it('climbs: each release learnt from more boxed boards finds more of the held-out boards', { timeout: 300_000 }, async () => {
    const demo = PHOTO_APPLICATIONS.find((app) => app.name === BOARDS)!;
    expect(demo.outputSubjects.map(automaticDetectorClass)).toEqual([null]);
    // only the boards: the other photo applications have no held-out photographs then, and no history
    const boards = await cameraPhotos(demo.camera);
    expect(await uploadDemoPhotos(t.app, t.demo!, set.photos.cameraUids, boards)).toBe(boards.length);
    expect(await writePhotoHistory(t.app, t.demo!, set.photos.applicationIds)).toBe(3);

    const appId = set.photos.applicationIds[BOARDS]!;
    const headers = await t.demoAuth(DEMO_ACCOUNTS.manager.email);
    const releases = (await t.inject({ method: 'GET', url: `/1/applications/${appId}/models`, headers })).json<PagedResponse<ReleasedModel>>().data;
    const curve = (await t.inject({ method: 'GET', url: `/1/applications/${appId}/learning_curve`, headers })).json<LearningCurve>();
    expect(curve).toMatchObject({ figure: 'F1', held_out: 6 });
    expect(curve.points.map((point) => point.training_answers)).toEqual(releases.map((release) => release.training_data_count));
    expect(curve.points.map((point) => point.training_answers)).toEqual(demo.trainingSteps);
    const first = curve.points[0]!;
    const last = curve.points.at(-1)!;
    // what more answers buy: from the first release's boxes to the last's, a clear rise
    expect(last.measure! - first.measure!).toBeGreaterThanOrEqual(0.3);
    expect(curve.verdict.state).toBe('climbing');
    // the history leaves boards for a person to box
    expect((await t.db.select().from(feedbackQueue).where(eq(feedbackQueue.appId, appId))).length).toBeGreaterThan(0);
  });
});
