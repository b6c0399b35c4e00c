import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplication, insertMedia, insertSubject } from '../feedback/test-fixtures';
import { considerForFeedback } from '../feedback/scheduler';
import { addMember } from '../identity/tenants';
import { createUser } from '../identity/users';
import { createTestApp, type TestApp } from '../testing/test-app';

// The production client's loop, `while batch := app.get_feedback(): ...`, must end, having been served each request once.

const FEEDBACK_CONFIG = { feedback: { scheduleIntervalSeconds: 0, releaseEveryAnswers: 0, leaseSeconds: 1200 } };
let one: TestApp;
let two: TestApp;
let tenantId: string;

beforeAll(async () => {
  one = await createTestApp({ seed: true, config: FEEDBACK_CONFIG });
  two = await createTestApp({ sharing: one, config: FEEDBACK_CONFIG });
  tenantId = one.demo!.tenantIds.demoLab;
});
afterAll(async () => {
  await two.close();
  await one.close();
});

async function queueOf(size: number) {
  const subject = await insertSubject(one.db, tenantId, `thing ${size}`);
  const app = await insertApplication(one.db, tenantId, 'classification', [subject]);
  const ids: string[] = [];
  for (let i = 0; i < size; i += 1) {
    const { mediaId } = await insertMedia(one.db, tenantId, { width: 64, height: 48 });
    const p = 0.5 + i * 0.001;
    await considerForFeedback(one.db, app, mediaId, null, [{ subject_uid: subject, probability: p, uncal_prob: p, app_data_type: null, app_data: null }], null);
    ids.push(mediaId);
  }
  return { appId: app.applicationId, ids };
}

/** Pulls until the service answers [], through the given instances in turn; fails if it never does. */
async function pullUntilEmpty(appId: string, headers: Record<string, string>, instances: TestApp[], limit: number, bound: number) {
  const served: string[] = [];
  for (let round = 0; round <= bound; round += 1) {
    const response = await instances[round % instances.length]!.inject({ method: 'GET', url: `/1/applications/${appId}/feedback?limit=${limit}`, headers });
    expect(response.statusCode).toBe(200);
    const batch = response.json<{ media_id: string }[]>().map((item) => item.media_id);
    if (batch.length === 0) return served;
    served.push(...batch);
  }
  throw new Error(`Pulling never reached [] after ${bound} pulls.`);
}

const pendingOf = async (appId: string, headers: Record<string, string>) =>
  (await one.inject({ method: 'GET', url: `/1/applications/${appId}/feedback/pending`, headers })).json();

describe('pulling until []', () => {
  it('by one labeller: each media served once, then [], pending 0', async () => {
    const { appId, ids } = await queueOf(8);
    const labeller = await one.demoAuth('labeller@demo.test', tenantId);
    const served = await pullUntilEmpty(appId, labeller, [one], 3, ids.length);
    expect(served).toEqual(ids);
    expect(await pendingOf(appId, labeller)).toEqual({ pending: 0, leased: 8 });
  });

  it('by one labeller over two instances of the service on one database', async () => {
    const { appId, ids } = await queueOf(9);
    const labeller = await one.demoAuth('labeller@demo.test', tenantId);
    const served = await pullUntilEmpty(appId, labeller, [one, two], 2, ids.length);
    expect(served).toEqual(ids);
    expect(await pendingOf(appId, labeller)).toEqual({ pending: 0, leased: 9 });
  });

  it('by eight labellers in parallel: every media served to exactly one of them', async () => {
    const { appId, ids } = await queueOf(60);
    const labellers = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const email = `puller${i}@until-empty.test`;
        const user = await createUser(one.db, { email, password: 'pull-until-empty', personalTenant: false });
        await addMember(one.db, tenantId, user.id, 'tenant_user');
        return { authorization: `Bearer ${await one.signIn(email, 'pull-until-empty', tenantId)}` };
      }),
    );
    const served = await Promise.all(labellers.map((headers, i) => pullUntilEmpty(appId, headers, i % 2 ? [two] : [one], 3, ids.length)));
    const all = served.flat();
    expect(all.toSorted()).toEqual(ids.toSorted());
    expect(await pendingOf(appId, labellers[0]!)).toEqual({ pending: 0, leased: 60 });
  });
});
