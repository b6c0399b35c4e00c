import type { ServiceContext } from '../processing/context';
import { createDemoFeeder, DEFAULT_FEEDER_OPTIONS, DEMO_FIRST_WAITING, type DemoFeeder, type FillResult } from './feeder';
import { seedApplications, type DemoApplicationSet } from './seed-applications';
import { seedGateways } from './seed-gateways';
import { seedIdentity, type DemoIdentity } from './seed-identity';

/** The start of the line the service prints once the demo's queues are filled (the end-to-end set-up waits for it). */
export const DEMO_READY_LINE = 'Demo data ready:';

export interface DemoData {
  identity: DemoIdentity;
  applications: DemoApplicationSet;
  /** Keeps the applications' feedback queues filled; `start()` it once the service listens, `stop()` it first on close. */
  feeder: DemoFeeder;
  /** What the first fill (DEMO_FIRST_WAITING requests per application) uploaded. */
  firstFill: FillResult;
  /** How long the seeding took, in seconds. */
  seconds: number;
}

/**
 * Seeds every part of the demo data that is not there yet (identities, applications, gateways) and gives every
 * demo application a few feedback requests to answer. The feeder it returns fills the queues up to `waiting`
 * (DEMO_WAITING) in the background and keeps them there.
 */
export async function seedDemo(ctx: ServiceContext, waiting = DEFAULT_FEEDER_OPTIONS.waiting): Promise<DemoData> {
  const startedAt = performance.now();
  const identity = await seedIdentity(ctx.db);
  const applications = await seedApplications(ctx, identity);
  await seedGateways(ctx.db, identity.tenantIds.demoLab);
  const feeder = createDemoFeeder(ctx, { identity, applications }, {
    ...DEFAULT_FEEDER_OPTIONS,
    waiting,
    refillBelow: Math.ceil(waiting * 0.8),
  });
  const firstFill = await feeder.fill(Math.min(waiting, DEMO_FIRST_WAITING));
  return { identity, applications, feeder, firstFill, seconds: (performance.now() - startedAt) / 1000 };
}
