import { appearanceOf } from '../../src/api/schemas/appearance';
import { isAtLeastAsGood, releaseFigure } from '../../src/api/schemas/measures';
import type { ModelEvaluation } from '../../src/api/schemas/models';
import type { ReleaseMetric } from '../../src/api/types';
import type { ApplicationRow } from '../domain/applications';
import type { SubjectHead } from '../vision/head/head';
import type { ModelParameters } from '../vision/models/parameters';

// A colour stands before the learned head (subject-evidence.ts), and a release gives a colour learnt from the boxes to
// a subject that has none. For a subject no detector class sees, the head is the only other model: a median colour
// suits a part of one colour on a belt, but a calibration chessboard's black and white is everywhere in its
// photographs (its learnt colour showed about 17 boxes a photo, F1 0.11 on the demo's held-out boards), where the
// head, which sees its shape, finds the board. So for such a subject the release learns the head even once a colour
// was learnt, and keeps the colour only where it measures at least as well as the head alone.

/** Whether a subject is one whose colour a release may learn and the head may replace: no detector class, no colour configured. */
const learntOnly = (appRow: Pick<ApplicationRow, 'customFields'>, parameters: ModelParameters, uid: string): boolean =>
  (parameters.detector_class[uid] ?? null) === null && appearanceOf(appRow.customFields, uid) === null;

/** The output subjects the release's head learns: those without a colour, and those whose colour was only learnt. */
export const subjectsToLearn = (appRow: Pick<ApplicationRow, 'customFields' | 'outputSubjects'>, previous: ModelParameters): string[] =>
  appRow.outputSubjects.filter((uid) => !previous.appearance[uid] || learntOnly(appRow, previous, uid));

/** The candidate without the colours learnt for subjects its head learnt too; null when there are none. */
export function withoutLearntColours(appRow: Pick<ApplicationRow, 'customFields'>, candidate: ModelParameters, heads: Record<string, SubjectHead>): ModelParameters | null {
  const learnt = Object.keys(heads).filter((uid) => candidate.appearance[uid] && learntOnly(appRow, candidate, uid));
  if (learnt.length === 0) return null;
  return { ...candidate, appearance: { ...candidate.appearance, ...Object.fromEntries(learnt.map((uid) => [uid, null])) } };
}

/** Whether the candidate with its learnt colours measures worse than without them (a tie keeps the colours). */
export const headDoesBetter = (withColours: ModelEvaluation, headAlone: ModelEvaluation, metric: ReleaseMetric): boolean =>
  !isAtLeastAsGood(releaseFigure(withColours.model_performance, metric), releaseFigure(headAlone.model_performance, metric));
