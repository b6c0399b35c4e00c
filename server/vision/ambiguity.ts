import type { ModelProposal } from './models/proposal';

/** Proposals at least this ambiguous are worth a person's time (p within 0.2..0.8 at the default threshold). */
export const AMBIGUITY_CUTOFF = 0.4;

const DEFAULT_THRESHOLD = 0.5;

/** 1 when p sits on the threshold, falling linearly to 0 at certainty (0 or 1). */
export function ambiguity(probability: number, threshold = DEFAULT_THRESHOLD): number {
  const span = Math.max(threshold, 1 - threshold);
  return Math.max(0, 1 - Math.abs(probability - threshold) / span);
}

/** The subject's detection threshold when it lies strictly between 0 and 1, else 0.5: where the model says yes. */
export function thresholdOf(thresholds: Record<string, number>, subjectUid: string): number {
  const threshold = thresholds[subjectUid];
  return threshold !== undefined && threshold > 0 && threshold < 1 ? threshold : DEFAULT_THRESHOLD;
}

/** How ambiguous the objects inside one proposal are (a type module's say; 0 for types that propose no objects). */
export type ObjectAmbiguity = (proposal: ModelProposal) => number;

export const noObjects: ObjectAmbiguity = () => 0;

/** The ambiguity of a proposal's least certain object, which its `uncal_prob` holds for boxes, counts and points. */
export const leastCertainObject: ObjectAmbiguity = (proposal) => ambiguity(proposal.uncal_prob);

/**
 * How much a media item's proposals need feedback, 0..1 (1: most ambiguous): the most ambiguous of each
 * proposal's probability (against its subject's detection threshold when that lies strictly between 0 and 1,
 * else 0.5) and of the objects in it, as the application type's module scores them.
 */
export function feedbackPriority(
  proposals: readonly ModelProposal[],
  thresholds: Record<string, number>,
  objectAmbiguity: ObjectAmbiguity = noObjects,
): number {
  let priority = 0;
  for (const proposal of proposals) {
    priority = Math.max(priority, ambiguity(proposal.probability, thresholdOf(thresholds, proposal.subject_uid)), objectAmbiguity(proposal));
  }
  return priority;
}
