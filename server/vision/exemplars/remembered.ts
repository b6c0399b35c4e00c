import type { FeedbackSubjectAnswer } from '../../../src/api/application-types/answer';
import type { BoxCoords, Focus } from '../../../src/api/types';
import type { ModelParameters } from '../models/parameters';
import type { AppearanceFit } from '../refit';
import { findRemembered, searchImage } from './exemplar-search';
import type { FoundObject } from './like-exemplars';
import { mergeTemplates, REMEMBERED_PER_SUBJECT, templateOf, typicalWholeObjects, type ExemplarTemplate } from './templates';

/**
 * Whether a subject is seen by its remembered exemplars: it has some and maps to no detector class. They stand
 * before its colour: a release learns exemplars only of subjects without a configured colour (feedback/release.ts),
 * and gives them a colour from the same boxes, which says less than their shapes.
 */
const seenByExemplars = (parameters: ModelParameters, uid: string): boolean =>
  (parameters.exemplars?.[uid]?.length ?? 0) > 0 && (parameters.detector_class[uid] ?? null) === null && parameters.found_objects?.[uid] === undefined;

/**
 * The parameters with what each subject's remembered exemplars find in this image (or its focus) as its
 * `found_objects`: the model run then proposes those. Unchanged when no subject is seen by exemplars.
 */
export async function withRememberedFinds(parameters: ModelParameters, image: Buffer, focus: Focus | null | undefined, outputSubjects: readonly string[]): Promise<ModelParameters> {
  const subjects = outputSubjects.filter((uid) => seenByExemplars(parameters, uid));
  if (subjects.length === 0) return parameters;
  const found: Record<string, FoundObject[]> = {};
  for (const uid of subjects) found[uid] = await findRemembered(image, parameters.exemplars?.[uid] ?? [], focus);
  return { ...parameters, found_objects: { ...found, ...parameters.found_objects } };
}

/** A confirmed object narrower than this in the searched image (pixels) shows no shape to remember. */
const MIN_SIDE = 3;

/** An answered item as exemplars are taken from it. */
interface AnsweredImage {
  image: Buffer;
  focus: Focus | null;
  answers: readonly FeedbackSubjectAnswer[];
}

/**
 * The objects people confirmed (where the type's `fit` says a True answer shows them: boxes, or the boxes a count or
 * points imply) as templates per subject, from the newest items on, until each subject has enough.
 */
export async function exemplarsFromAnswers(fit: AppearanceFit, subjects: readonly string[], items: readonly AnsweredImage[]): Promise<Record<string, ExemplarTemplate[]>> {
  const out: Record<string, ExemplarTemplate[]> = {};
  for (const { image, focus, answers } of items) {
    const wanted = subjects.filter(
      (uid) => (out[uid]?.length ?? 0) < REMEMBERED_PER_SUBJECT && answers.some((answer) => answer.subject_uid === uid && answer.result === 'True'),
    );
    if (wanted.length === 0) continue;
    const boxesOf = (uid: string, frame: BoxCoords) => {
      const answer = answers.find((candidate) => candidate.subject_uid === uid)!;
      return fit.evidence(answer, answers, frame).filter((region) => region.object).map(({ box }) => box);
    };
    const search = await searchImage(image, focus, (region) => {
      const sides = wanted.flatMap((uid) => boxesOf(uid, region).map((box) => Math.min(box.x1 - box.x0, box.y1 - box.y0)));
      return sides.length > 0 ? [...sides].sort((a, b) => a - b)[Math.floor(sides.length / 2)]! : 1;
    });
    const { region, scale } = search;
    for (const uid of wanted) {
      const { width, height } = search.image;
      const templates = boxesOf(uid, region)
        .map((box) => ({
          x0: Math.max(0, (box.x0 - region.x0) * scale.x),
          y0: Math.max(0, (box.y0 - region.y0) * scale.y),
          x1: Math.min(width, (box.x1 - region.x0) * scale.x),
          y1: Math.min(height, (box.y1 - region.y0) * scale.y),
        }))
        .filter((box) => box.x1 - box.x0 >= MIN_SIDE && box.y1 - box.y0 >= MIN_SIDE);
      const chosen = typicalWholeObjects(templates, width, height).map((box) => templateOf(search.image, box));
      out[uid] = mergeTemplates({ [uid]: out[uid] ?? [] }, { [uid]: chosen })[uid] ?? [];
    }
  }
  return out;
}
