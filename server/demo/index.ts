import type { ServiceContext } from '../processing/context';
import { seedApplications, type DemoApplicationSet } from './seed-applications';
import { seedGateways } from './seed-gateways';
import { seedIdentity, type DemoIdentity } from './seed-identity';

export interface DemoData {
  identity: DemoIdentity;
  applications: DemoApplicationSet;
  /** How long the seeding took, in seconds. */
  seconds: number;
}

/** Seeds every part of the demo data that is not there yet. */
export async function seedDemo(ctx: ServiceContext): Promise<DemoData> {
  const startedAt = performance.now();
  const identity = await seedIdentity(ctx.db);
  const applications = await seedApplications(ctx, identity);
  await seedGateways(ctx.db, identity.tenantIds.demoLab);
  return { identity, applications, seconds: (performance.now() - startedAt) / 1000 };
}
