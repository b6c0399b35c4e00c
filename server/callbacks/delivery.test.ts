import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CallbackConfig } from '../config';
import { callbackBlacklist, callbackOutbox } from '../db/schema';
import { buildApp } from '../app';
import { seedIdentity } from '../demo/seed-identity';
import { insertApplication, insertSubject } from '../feedback/test-fixtures';
import { closeReceivers, startReceiver } from '../testing/callback-receiver';
import { createTestApp, openTestDatabase, testConfig, type TestApp, type TestAppOptions } from '../testing/test-app';
import { signatureOf } from './delivery';
import { enqueueDetectionPosts, isDeliverableUrl } from './outbox';

const fastCallbacks: CallbackConfig = {
  retryWindowSeconds: 2,
  blacklistSeconds: 60,
  firstRetrySeconds: 0.05,
  pollMilliseconds: 20,
  timeoutMilliseconds: 2000,
  allowedHosts: [],
};

async function waitForStatus(t: Pick<TestApp, 'db'>, id: number, status: string) {
  for (let i = 0; i < 1500; i += 1) {
    const [row] = await t.db.select().from(callbackOutbox).where(eq(callbackOutbox.id, id));
    if (row?.status === status) return row;
    if (row && row.status !== 'pending') throw new Error(`Post ${id} became ${row.status} (${row.lastError}), not ${status}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Post ${id} never became ${status}.`);
}

const payload = (mediaId: string, subjects: { subject_uid: string; probability: number }[]) => ({
  media: { media_id: mediaId, parent_media_ids: [] },
  subjects: subjects.map((subject) => ({ ...subject, updated_at: 100 })),
});

/** A test app whose periodic jobs (callback delivery among them) run, as they do once the service listens. */
async function startedApp(options: TestAppOptions): Promise<TestApp> {
  const started = await createTestApp(options);
  await started.app.ready();
  return started;
}

let t: TestApp;
let tenantId: string;
let red: string;
let blue: string;

beforeAll(async () => {
  t = await startedApp({ seed: true, config: { callbacks: fastCallbacks } });
  tenantId = t.demo!.tenantIds.demoLab;
  red = await insertSubject(t.db, tenantId, 'red');
  blue = await insertSubject(t.db, tenantId, 'blue');
});
afterEach(closeReceivers);
afterAll(() => t.close());

async function enqueue(
  urls: string[],
  subjects: { subject_uid: string; probability: number }[],
  thresholds = {},
  app: { tenantId: string; secret: string } = { tenantId, secret: 'test-callback-secret' },
) {
  const row = await insertApplication(t.db, app.tenantId, 'detection_fullframe', [red, blue], {
    detectionPostUrls: urls,
    detectionThresholds: thresholds,
    callbackSecret: app.secret,
  });
  await enqueueDetectionPosts(t.db, row, payload('med_1', subjects));
  return t.db.select().from(callbackOutbox).where(eq(callbackOutbox.appId, row.applicationId));
}

describe('detection posts', () => {
  it('accepts only https: URLs and plain http: on loopback', () => {
    expect(isDeliverableUrl('https://example.com/hook')).toBe(true);
    expect(isDeliverableUrl('http://127.0.0.1:9/hook')).toBe(true);
    expect(isDeliverableUrl('http://example.com/hook')).toBe(false);
    expect(isDeliverableUrl('ftp://127.0.0.1/hook')).toBe(false);
    expect(isDeliverableUrl('not a url')).toBe(false);
  });

  it('queues one post per URL with only the subjects over their threshold (0.5 when unset)', async () => {
    const rows = await enqueue(
      ['https://a.example/hook', 'https://b.example/hook', 'http://example.com/insecure'],
      [
        { subject_uid: red, probability: 0.6 },
        { subject_uid: blue, probability: 0.6 },
      ],
      { red: 0, [blue]: 0.7 },
    );
    expect(rows.map((row) => row.url).sort()).toEqual(['https://a.example/hook', 'https://b.example/hook']);
    expect(JSON.parse(rows[0]!.body)).toEqual({
      media: { media_id: 'med_1', parent_media_ids: [] },
      subjects: [{ subject_uid: red, probability: 0.6, updated_at: 100 }],
    });
    expect(await enqueue(['https://a.example/hook'], [{ subject_uid: red, probability: 0.5 }])).toEqual([]);
  });

  it('delivers a signed post, retrying after failures', async () => {
    const receiver = await startReceiver(2);
    const [row] = await enqueue([receiver.url], [{ subject_uid: red, probability: 0.9 }]);
    const delivered = await waitForStatus(t, row!.id, 'delivered');
    expect(delivered.attempts).toBe(3);
    expect(receiver.received).toHaveLength(3);
    const last = receiver.received[2]!;
    expect(last.body).toBe(row!.body);
    expect(last.headers['content-type']).toBe('application/json');
    expect(last.headers['user-agent']).toBe('looplabel-local-service/1.7');
    expect(last.headers['x-signature-256']).toBe(signatureOf(row!.body, 'test-callback-secret'));
  });

  it('gives up after the retry window, blacklists the URL and drops its later posts', async () => {
    const receiver = await startReceiver(1000);
    const [first] = await enqueue([receiver.url], [{ subject_uid: red, probability: 0.9 }]);
    const failed = await waitForStatus(t, first!.id, 'failed');
    expect(failed.attempts).toBeGreaterThan(1);
    const requestsBefore = receiver.received.length;
    const [second] = await enqueue([receiver.url], [{ subject_uid: red, probability: 0.9 }]);
    const dropped = await waitForStatus(t, second!.id, 'failed');
    expect(dropped.attempts).toBe(0);
    expect(dropped.lastError).toMatch(/blacklisted/);
    expect(receiver.received.length).toBe(requestsBefore);
  });
});

describe('isolation of tenants and receivers', () => {
  it("one tenant's refused posts never blacklist the URL for another tenant", async () => {
    const ours = { tenantId, secret: 'secret-of-the-receivers-owner' };
    const theirs = { tenantId: t.demo!.tenantIds.harbour, secret: 'secret-of-another-tenant' };
    // The receiver accepts only posts signed with its owner's secret, as a receiver should.
    const receiver = await startReceiver((post) =>
      post.headers['x-signature-256'] === signatureOf(post.body, ours.secret) ? 204 : 401,
    );
    const [refused] = await enqueue([receiver.url], [{ subject_uid: red, probability: 0.9 }], {}, theirs);
    const failed = await waitForStatus(t, refused!.id, 'failed');
    expect(failed.attempts).toBeGreaterThan(1);

    const [accepted] = await enqueue([receiver.url], [{ subject_uid: red, probability: 0.9 }], {}, ours);
    const delivered = await waitForStatus(t, accepted!.id, 'delivered');
    expect(delivered.attempts).toBe(1);

    // The other tenant's next post to the URL is still dropped: its blacklisting stands.
    const [again] = await enqueue([receiver.url], [{ subject_uid: red, probability: 0.9 }], {}, theirs);
    expect((await waitForStatus(t, again!.id, 'failed')).lastError).toMatch(/blacklisted/);
  });

  it('a receiver that never answers delays only its own posts', async () => {
    const slow = await startedApp({ seed: true, config: { callbacks: { ...fastCallbacks, timeoutMilliseconds: 10_000 } } });
    try {
      const tenant = slow.demo!.tenantIds.demoLab;
      const uid = await insertSubject(slow.db, tenant, 'red');
      const hanging = await startReceiver(() => 'hang');
      const fast = await startReceiver(0);
      const fire = async (url: string) => {
        const app = await insertApplication(slow.db, tenant, 'classification', [uid], { detectionPostUrls: [url] });
        await enqueueDetectionPosts(slow.db, app, payload('med_3', [{ subject_uid: uid, probability: 0.9 }]));
      };
      await fire(hanging.url);
      await expect.poll(() => hanging.received.length, { timeout: 5000 }).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const firedAt = performance.now();
      await fire(fast.url);
      await expect.poll(() => fast.received.length, { timeout: 15_000, interval: 10 }).toBe(1);
      const latency = fast.received[0]!.at - firedAt;
      console.log(`fast receiver's post arrived ${latency.toFixed(0)} ms after it was queued, beside a hanging one`);
      expect(latency).toBeLessThan(1500);
    } finally {
      await slow.close();
    }
  }, 30_000);
});

describe('the address rule at delivery', () => {
  it('fails a post to a refused address at once, without retrying or blacklisting, unless the host is allowed', async () => {
    const beyond = await startedApp({ seed: true, config: { host: '0.0.0.0', callbacks: fastCallbacks } });
    const allowing = await startedApp({
      seed: true,
      config: { host: '0.0.0.0', callbacks: { ...fastCallbacks, allowedHosts: ['127.0.0.1'] } },
    });
    try {
      const receiver = await startReceiver(0);
      const queue = async (other: TestApp) => {
        const tenant = other.demo!.tenantIds.demoLab;
        const uid = await insertSubject(other.db, tenant, 'red');
        // Saved before the rule (or by a trusted caller): delivery checks again.
        const app = await insertApplication(other.db, tenant, 'classification', [uid], { detectionPostUrls: [receiver.url] });
        await enqueueDetectionPosts(other.db, app, payload('med_4', [{ subject_uid: uid, probability: 0.9 }]));
        const [row] = await other.db.select().from(callbackOutbox).where(eq(callbackOutbox.appId, app.applicationId));
        return row!;
      };
      const refused = await waitForStatus(beyond, (await queue(beyond)).id, 'failed');
      expect(refused.attempts).toBe(0);
      expect(refused.lastError).toMatch(/127\.0\.0\.1 is a loopback address, allowed only while the service listens on loopback/);
      expect(await beyond.db.select().from(callbackBlacklist)).toEqual([]);
      expect(receiver.received).toHaveLength(0);

      await waitForStatus(allowing, (await queue(allowing)).id, 'delivered');
      expect(receiver.received).toHaveLength(1);
    } finally {
      await Promise.all([beyond.close(), allowing.close()]);
    }
  });
});

describe('restart safety', () => {
  it('a new app instance on the same database delivers a post left pending', async () => {
    const database = await openTestDatabase();
    const secret = randomBytes(32);
    const receiver = await startReceiver(0);
    try {
      const stopped = await buildApp(testConfig({ callbacks: { ...fastCallbacks, pollMilliseconds: 0 } }), { database, secret });
      const demo = await seedIdentity(database.db);
      const uid = await insertSubject(database.db, demo.tenantIds.demoLab, 'red');
      const app = await insertApplication(database.db, demo.tenantIds.demoLab, 'classification', [uid], {
        detectionPostUrls: [receiver.url],
      });
      await enqueueDetectionPosts(database.db, app, payload('med_2', [{ subject_uid: uid, probability: 0.8 }]));
      await stopped.close();
      expect(receiver.received).toHaveLength(0);

      const restarted = await buildApp(testConfig({ callbacks: fastCallbacks }), { database, secret });
      await restarted.ready();
      try {
        const [row] = await database.db.select().from(callbackOutbox).where(eq(callbackOutbox.appId, app.applicationId));
        await waitForStatus({ db: database.db }, row!.id, 'delivered');
        expect(receiver.received).toHaveLength(1);
      } finally {
        await restarted.close();
      }
    } finally {
      await database.close();
    }
  });
});
