import type { BoxRegion } from '../../../src/api/application-types/answer';
import type { ModelProposal } from '../../vision/models/proposal';
import { leastCertainProbability, presenceIn, type SubjectEvidence } from '../../vision/models/subject-evidence';

/** Doubtful boxes stay in the proposed set, with their probability, so that a person can confirm or remove them. */
const BOX_MIN_PROBABILITY = 0.25;

export function detectBoxes(evidence: SubjectEvidence, subject_uid: string): ModelProposal {
  const boxes: BoxRegion[] = evidence.detections
    .filter((detection) => detection.probability >= BOX_MIN_PROBABILITY)
    .map(({ box, probability }) => ({ box, probability: Math.round(probability * 1000) / 1000 }));
  return {
    subject_uid,
    probability: presenceIn(evidence).probability,
    uncal_prob: leastCertainProbability(evidence),
    app_data_type: 'box_set',
    app_data: boxes,
  };
}
