import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { assertions, localJobs } from '../db/schema';
import { insertApplication, insertMedia, insertSubject } from '../feedback/test-fixtures';
import { makeImage } from '../media/test-images';
import { createTestApp, type TestApp } from '../testing/test-app';
import { jobHandlers } from '../background/job-handlers';
import { serverCallDeps } from '../processing/model-server-predictions';
import { captureDeps } from '../processing/capture/capture-deps';
import { createLocalRunner } from './local-runner';
import type { JobHandlers } from './queue';

let t: TestApp;
let tenantId: string;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  tenantId = t.demo!.tenantIds.demoLab;
});
afterAll(() => t.close());

const silentLog = () => ({ error: vi.fn() }) as unknown as FastifyBaseLogger;

/** A runner of the test app's database that nothing starts: only `drain` runs its jobs. */
function idleRunner(handlers: Partial<JobHandlers>) {
  return createLocalRunner({ db: t.db, handlers: handlers as JobHandlers, periodic: [], log: silentLog() });
}

describe('background jobs', () => {
  it("commits a job's results once, however often the job runs", async () => {
    const blue = await insertSubject(t.db, tenantId, 'blue');
    const app = await insertApplication(t.db, tenantId, 'detection_fullframe', [blue], {
      customFields: { appearance: { [blue]: { color: '#1e78c8' } } },
    });
    const mediaRow = await insertMedia(t.db, tenantId, { width: 120, height: 90 }, { blobs: t.app.blobs, data: await makeImage('png', 120, 90) });
    const job = { id: 'local:run-twice', data: { appId: app.applicationId, mediaId: mediaRow.mediaId, focus: null, chain: [] } };
    const modelAssertions = async () =>
      (await t.db.select({ n: count() }).from(assertions).where(and(eq(assertions.appId, app.applicationId), eq(assertions.mediaId, mediaRow.mediaId))))[0]!.n;

    await jobHandlers(t.app, captureDeps(t.config, () => null, new AbortController().signal), serverCallDeps(t.config, () => null, new AbortController().signal))['process-media'](job);
    const once = await modelAssertions();
    expect(once).toBeGreaterThan(0);
    // As when the worker died after committing and before the queue heard the job had finished.
    await jobHandlers(t.app, captureDeps(t.config, () => null, new AbortController().signal), serverCallDeps(t.config, () => null, new AbortController().signal))['process-media'](job);
    expect(await modelAssertions()).toBe(once);
  });

  it('keeps one waiting job per singleton key, and drain runs what waits', async () => {
    const released: string[] = [];
    const runner = idleRunner({ 'release-model': async ({ data }) => void released.push(data.applicationId) });
    for (const applicationId of ['app_a', 'app_a', 'app_b']) {
      await t.db.transaction((tx) => runner.send(tx, 'release-model', { tenantId, applicationId }, { singletonKey: applicationId }));
    }
    expect((await t.db.select({ n: count() }).from(localJobs).where(eq(localJobs.name, 'release-model')))[0]!.n).toBe(2);
    await runner.drain();
    expect(released.sort()).toEqual(['app_a', 'app_b']);
    expect(await t.db.select().from(localJobs)).toEqual([]);
    await runner.stop();
  });

  it('queues nothing when the sending transaction rolls back', async () => {
    const runner = idleRunner({});
    const failing = t.db.transaction(async (tx) => {
      await runner.send(tx, 'release-model', { tenantId, applicationId: 'app_c' });
      throw new Error('the change failed');
    });
    await expect(failing).rejects.toThrow('the change failed');
    expect(await t.db.select().from(localJobs)).toEqual([]);
    await runner.stop();
  });
});
