import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, assertions, media } from '../db/schema';
import { queueCounts } from '../feedback/scheduler';
import { createTestApp, type TestApp } from '../testing/test-app';
import { DEMO_TYPES, type DemoLabellableType } from '../types/registry';
import { createDemoFeeder, type DemoFeeder, type DemoFeederOptions } from './feeder';
import { createScenePool, type ScenePool } from './scene-pool';
import { seedApplications, type DemoApplicationSet } from './seed-applications';

// Small queues keep the test quick; the service fills to DEMO_WAITING (60) the same way.
const WAITING = 4;
const OPTIONS: DemoFeederOptions = { waiting: WAITING, refillBelow: 3, pollMs: 50 };

let t: TestApp;
let set: DemoApplicationSet;
let pool: ScenePool;
let labeller: Record<string, string>;
const feeders: DemoFeeder[] = [];

const feeder = (options: Partial<DemoFeederOptions> = {}) => {
  const made = createDemoFeeder(t.app, { identity: t.demo!, applications: set }, { ...OPTIONS, pool, ...options });
  feeders.push(made);
  return made;
};

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  set = await seedApplications(t.app, t.demo!);
  pool = createScenePool();
  labeller = await t.demoAuth('labeller@demo.test', t.demo!.tenantIds.demoLab);
});

afterAll(async () => {
  for (const made of feeders) await made.stop();
  await pool.close();
  await t.close();
});

const waiting = async (type: DemoLabellableType) => (await queueCounts(t.db, set.applicationIds[type])).pending;

async function capturedMedia(type: DemoLabellableType): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(assertions)
    .where(and(eq(assertions.subjectUid, set.inputSubjectUids[type]), isNotNull(assertions.userId), isNull(assertions.appId)));
  return row?.n ?? 0;
}

/** Takes requests off the application's queue as the workspace does (they are then leased, no longer waiting). */
async function pull(type: DemoLabellableType, limit: number): Promise<void> {
  const response = await t.inject({ method: 'GET', url: `/1/applications/${set.applicationIds[type]}/feedback?limit=${limit}`, headers: labeller });
  expect(response.statusCode).toBe(200);
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the demo feeder', () => {
  it('fills every application to the wanted number of waiting requests with scenes its model processed', { timeout: 120_000 }, async () => {
    const result = await feeder().fill(WAITING);
    expect(result.scenes).toBeGreaterThan(DEMO_TYPES.length);
    let captured = 0;
    for (const type of DEMO_TYPES) {
      expect(await waiting(type), type).toBeGreaterThanOrEqual(WAITING);
      expect(result.waiting[type]).toBe(await waiting(type));
      const scenes = await capturedMedia(type);
      captured += scenes;
      // every scene went through the application's baseline model
      const [processed] = await t.db
        .select({ media: count(assertions.mediaId) })
        .from(assertions)
        .where(and(eq(assertions.appId, set.applicationIds[type]), isNotNull(assertions.modelId)));
      expect(processed?.media).toBeGreaterThanOrEqual(scenes);
    }
    expect(captured).toBe(result.scenes);
    const files = await t.db.select({ details: media.details, tags: media.metaTags }).from(media);
    expect(files.map((row) => (row.details as { filename: string }).filename)).toContain('point-0001.jpg');
    expect(files.every((row) => row.tags?.[0] === 'demo')).toBe(true);
  });

  it('adds nothing while every application has enough', async () => {
    const before = await capturedMedia('point');
    expect((await feeder().fill(WAITING)).scenes).toBe(0);
    expect(await capturedMedia('point')).toBe(before);
  });

  it('refills, in the background, an application whose queue the labeller works down', { timeout: 120_000 }, async () => {
    const running = feeder();
    running.start();
    await running.filled;
    for (let round = 0; round < 2; round += 1) {
      const before = await capturedMedia('point');
      await pull('point', WAITING);
      expect(await waiting('point')).toBeLessThan(OPTIONS.refillBelow);
      await eventually(async () => (await waiting('point')) >= WAITING);
      expect(await capturedMedia('point')).toBeGreaterThan(before);
    }
    await running.stop();
  });

  it('leaves alone an application that a manager switched off', { timeout: 120_000 }, async () => {
    const appId = set.applicationIds.box_detection;
    await t.db.update(applications).set({ active: false }).where(eq(applications.applicationId, appId));
    const before = await capturedMedia('box_detection');
    const result = await feeder().fill(WAITING + 2);
    expect(await capturedMedia('box_detection')).toBe(before);
    expect(result.waiting.point).toBeGreaterThanOrEqual(WAITING + 2);
    await t.db.update(applications).set({ active: true }).where(eq(applications.applicationId, appId));
  });

  it('stops after the scene in hand, and a later fill goes on from the next scene', { timeout: 120_000 }, async () => {
    const stopping = feeder();
    const before = await capturedMedia('offset_x');
    const filling = stopping.fill(40);
    await eventually(async () => (await capturedMedia('offset_x')) > before);
    await stopping.stop();
    const partial = await filling;
    const stoppedAt = await capturedMedia('offset_x');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await capturedMedia('offset_x')).toBe(stoppedAt);
    expect(partial.waiting.offset_x).toBeLessThan(40);

    await feeder().fill(WAITING + 3);
    const files = await t.db.select({ details: media.details }).from(media);
    const names = files.map((row) => (row.details as { filename: string }).filename).filter((name) => name.startsWith('offset_x-'));
    expect(new Set(names).size).toBe(names.length);
  });
});
