import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationRow } from '../domain/applications';
import { considerForFeedback } from '../feedback/scheduler';
import { insertApplication, insertMedia, insertSubject } from '../feedback/test-fixtures';
import { feedbackSchedulingJob } from '../feedback/timer';
import { createTestApp, type TestApp } from '../testing/test-app';

// The queue's order by what an answer is worth (server/feedback/worth.ts), through the routes and the scheduler's tick.
let t: TestApp;
let tenantId: string;
let labeller: Record<string, string>;
let admin: Record<string, string>;
let colleague: Record<string, string>;
let common: string;
let rare: string;
const feedback = { scheduleIntervalSeconds: 60, releaseEveryAnswers: 0, leaseSeconds: 1200 };

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { feedback: { ...feedback, scheduleIntervalSeconds: 0 } } });
  tenantId = t.demo!.tenantIds.demoLab;
  labeller = await t.demoAuth('labeller@demo.test', tenantId);
  colleague = await t.demoAuth('manager@demo.test', tenantId);
  admin = await t.demoAuth('admin@demo.test', tenantId);
  common = await insertSubject(t.db, tenantId, 'common thing');
  rare = await insertSubject(t.db, tenantId, 'rare thing');
});
afterAll(() => t.close());

/** The scheduler's periodic pass, as the timer runs it. */
const tick = () => feedbackSchedulingJob({ db: t.db, config: { ...t.config, feedback } })!.run();

let clock = Math.floor(Date.now() / 1000);
/** A queued item whose one proposal says `subjectUid` with this probability; each queued after the one before. */
async function queued(app: ApplicationRow, subjectUid: string, probability = 0.5): Promise<string> {
  const { mediaId } = await insertMedia(t.db, tenantId, { width: 100, height: 80 });
  clock += 1;
  await considerForFeedback(t.db, app, mediaId, null, [{ subject_uid: subjectUid, probability, uncal_prob: probability, app_data_type: null, app_data: null }], null, clock);
  return mediaId;
}

async function answer(app: ApplicationRow, subjectUid: string, headers = labeller, mediaId?: string) {
  const answered = mediaId ?? (await insertMedia(t.db, tenantId, { width: 100, height: 80 })).mediaId;
  const response = await t.inject({
    method: 'POST',
    url: `/1/applications/${app.applicationId}/feedback`,
    headers,
    payload: { media_id: answered, subjects: [{ subject_uid: subjectUid, result: 'True' }] },
  });
  expect(response.statusCode).toBe(204);
}

const firstPulled = async (app: ApplicationRow): Promise<string> =>
  (await t.inject({ method: 'GET', url: `/1/applications/${app.applicationId}/feedback?limit=1`, headers: labeller })).json()[0].media_id;
/** The queue ahead, as a manager reads it. */
const waitingOrder = async (app: ApplicationRow): Promise<string[]> =>
  (await t.inject({ method: 'GET', url: `/21/applications/${app.applicationId}/feedbackRequests/pending`, headers: admin }))
    .json()
    .data.map((item: { media_id: string }) => item.media_id);

describe('the queue by what an answer is worth', () => {
  it('serves equally doubtful items oldest first, however seldom people confirmed their subjects (rarity weighs nothing)', async () => {
    const app = await insertApplication(t.db, tenantId, 'classification', [common, rare]);
    for (let n = 0; n < 3; n += 1) await answer(app, common);
    const older = await queued(app, common);
    const newer = await queued(app, rare);
    await tick();
    expect(await waitingOrder(app)).toEqual([older, newer]);
    expect(await firstPulled(app)).toBe(older);
  });

  it('serves the more doubtful item before an older surer one', async () => {
    const app = await insertApplication(t.db, tenantId, 'classification', [common, rare]);
    const surer = await queued(app, common, 0.7);
    const doubtful = await queued(app, common, 0.5);
    expect(await waitingOrder(app)).toEqual([doubtful, surer]);
    expect(await firstPulled(app)).toBe(doubtful);
  });

  it('serves an item a labeller answered against the proposal before one a labeller confirmed', async () => {
    const app = await insertApplication(t.db, tenantId, 'classification', [common, rare], { labellersPerItem: 3 });
    const confirmed = await queued(app, common, 0.6);
    const contradicted = await queued(app, common, 0.6);
    await answer(app, common, colleague, confirmed);
    await answer(app, rare, colleague, contradicted);
    expect(await waitingOrder(app)).toEqual([confirmed, contradicted]);
    await tick();
    expect(await firstPulled(app)).toBe(contradicted);
  });
});
