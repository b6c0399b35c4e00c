import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { FIGURE_BETTER, releaseFigure, releaseFigureKey } from '../../src/api/schemas/measures';
import { LEARNING_CURVE_RELEASES, type LearningCurve } from '../../src/api/schemas/learning-curve';
import { models } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import { typeModule } from '../types/registry';
import { answeredItems, withImages, type AnsweredItem } from './answered-items';
import { learningCurveOf } from './learning-curve-fit';
import { measuredSubjects, parametersOfReleases, RELEASE_ITEMS, type ReleaseContext } from './release';
import { judgeModels } from './validation';

/**
 * The latest curve of each application, by what it was measured from: the latest release and the held-out items
 * with their answers. Re-measuring runs every release's model on every held-out item, so a curve is made once
 * for each such state and process.
 */
const measuredCurves = new Map<string, { state: string; curve: Promise<LearningCurve> }>();

const stateOf = (appRow: ApplicationRow, latestModelId: string | undefined, heldOut: readonly AnsweredItem[]) =>
  createHash('sha256')
    .update(JSON.stringify([latestModelId, appRow.releaseMetrics, appRow.customFields, heldOut.map((item) => [item.mediaRow.mediaId, item.focus, item.answers])]))
    .digest('hex');

/**
 * The application's learning curve (`GET /1/applications/{id}/learning_curve`): its latest LEARNING_CURVE_RELEASES
 * releases measured on the current held-out (validation) items, at most as many as a release is measured on, with
 * the fit and the verdict of `learningCurveOf`.
 */
export async function learningCurve(ctx: ReleaseContext, appRow: ApplicationRow): Promise<LearningCurve> {
  const module = typeModule(appRow.type);
  const empty: LearningCurve = { app_id: appRow.applicationId, figure: null, held_out: 0, points: [], fit: null, verdict: { state: 'too_few_releases', step: 0, recent: null, next_step: null } };
  if (!module) return empty;
  const releases = (await ctx.db.select().from(models).where(eq(models.applicationId, appRow.applicationId)).orderBy(desc(models.version)).limit(LEARNING_CURVE_RELEASES)).reverse();
  const { validation: heldOut } = await answeredItems(ctx.db, appRow, module, { training: 0, validation: RELEASE_ITEMS.validation });
  const state = stateOf(appRow, releases.at(-1)?.modelId, heldOut);
  const known = measuredCurves.get(appRow.applicationId);
  if (known?.state === state) return known.curve;

  const figure = releaseFigureKey(module.rule.measure, appRow.releaseMetrics);
  const measure = async (): Promise<LearningCurve> => {
    const subjects = await measuredSubjects(ctx.db, appRow);
    const judged = await judgeModels(module, subjects.uids, await parametersOfReleases(ctx.db, appRow, releases), await withImages(ctx.blobs, heldOut));
    const curve = learningCurveOf({
      releases: releases.map((row) => ({ modelId: row.modelId, version: row.version, answers: row.trainingCount })),
      items: heldOut.length,
      better: FIGURE_BETTER[figure],
      measure: (release, items) => releaseFigure(module.measure(items.map((item) => judged[release]![item]!), subjects.names).overall, appRow.releaseMetrics).value,
    });
    return { ...empty, figure, held_out: heldOut.length, ...curve };
  };
  const curve = measure();
  measuredCurves.set(appRow.applicationId, { state, curve });
  curve.catch(() => measuredCurves.delete(appRow.applicationId));
  return curve;
}
