import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { baselineModelId, type ModelPerformance } from '../../src/api/schemas/models';
import { models } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import { unixNow } from '../db/unix-time';
import { toPerformance } from '../domain/models';
import { typeModule } from '../types/registry';
import { answeredItems, withImages } from './answered-items';
import { currentParameters, measuredSubjects, type ReleaseContext } from './release';
import { measureModels } from './validation';

/** How many validation items `performance/newRandom` measures the current model on (all of them when fewer). */
export const RANDOM_SAMPLE_SIZE = 50;

/** `size` of the items, each set of that size equally likely (a partial Fisher–Yates shuffle on crypto randomness). */
export function randomSample<T>(items: readonly T[], size: number): T[] {
  const pool = [...items];
  const count = Math.min(size, pool.length);
  for (let index = 0; index < count; index += 1) {
    const pick = randomInt(index, pool.length);
    [pool[index], pool[pick]] = [pool[pick]!, pool[index]!];
  }
  return pool.slice(0, count);
}

/**
 * The application's current model (the baseline, version 0, before the first release) measured now on a fresh
 * random sample of RANDOM_SAMPLE_SIZE of its decided validation items; null when it has none, or no model.
 */
export async function newRandomValidation(ctx: ReleaseContext, appRow: ApplicationRow): Promise<ModelPerformance | null> {
  const module = typeModule(appRow.type);
  if (!module) return null;
  const { validation } = await answeredItems(ctx.db, appRow, module, { training: 0, validation: Infinity });
  if (validation.length === 0) return null;
  const sample = randomSample(validation, RANDOM_SAMPLE_SIZE);
  const [current] = appRow.currentModelId ? await ctx.db.select().from(models).where(eq(models.modelId, appRow.currentModelId)) : [];
  const parameters = await currentParameters(ctx.db, appRow);
  const [evaluation] = await measureModels(module, await measuredSubjects(ctx.db, appRow), [parameters], await withImages(ctx.blobs, sample));
  const measured = {
    modelId: current?.modelId ?? baselineModelId(appRow.applicationId),
    version: current?.version ?? 0,
    releaseTime: current?.createdAt ?? appRow.createdAt,
    measuredAt: unixNow(),
    evaluation: evaluation!,
  };
  return toPerformance(appRow, measured, null);
}
