import type { Database } from '../db';
import { seedIdentity, type DemoIdentity } from './seed-identity';

export interface DemoData {
  identity: DemoIdentity;
}

/** Seeds every part of the demo data that is not there yet. */
export async function seedDemo(db: Database): Promise<DemoData> {
  const identity = await seedIdentity(db);
  return { identity };
}
