import type { BoxRegion } from '../../src/api/types';
import type { ModelProposal } from './models/proposal';

/** Proposals at least this ambiguous are worth a person's time (p within 0.2..0.8 at the default threshold). */
export const AMBIGUITY_CUTOFF = 0.4;

const DEFAULT_THRESHOLD = 0.5;

/** 1 when p sits on the threshold, falling linearly to 0 at certainty (0 or 1). */
export function ambiguity(probability: number, threshold = DEFAULT_THRESHOLD): number {
  const span = Math.max(threshold, 1 - threshold);
  return Math.max(0, 1 - Math.abs(probability - threshold) / span);
}

/**
 * How much a media item's proposals need feedback, 0..1 (1: most ambiguous): the most ambiguous of each
 * proposal's probability (against its subject's detection threshold when that lies strictly between 0 and 1,
 * else 0.5), each proposed box's probability, and the least certain object of a box, count or point answer.
 */
export function feedbackPriority(proposals: readonly ModelProposal[], thresholds: Record<string, number>): number {
  let priority = 0;
  for (const proposal of proposals) {
    const threshold = thresholds[proposal.subject_uid];
    const usable = threshold !== undefined && threshold > 0 && threshold < 1 ? threshold : DEFAULT_THRESHOLD;
    priority = Math.max(priority, ambiguity(proposal.probability, usable));
    if (proposal.app_data_type === 'box_set' || proposal.app_data_type === 'count' || proposal.app_data_type === 'point') {
      priority = Math.max(priority, ambiguity(proposal.uncal_prob));
    }
    if (proposal.app_data_type === 'box_set' && Array.isArray(proposal.app_data)) {
      for (const region of proposal.app_data as BoxRegion[]) {
        if (region.probability !== undefined) priority = Math.max(priority, ambiguity(region.probability));
      }
    }
  }
  return priority;
}

export function isAmbiguous(
  proposals: readonly ModelProposal[],
  thresholds: Record<string, number>,
  cutoff = AMBIGUITY_CUTOFF,
): boolean {
  return feedbackPriority(proposals, thresholds) >= cutoff;
}
