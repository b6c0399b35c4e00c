import type { BoxRegion } from '../../../src/api/application-types/answer';
import type { AnalysisImage } from '../../vision/models/analysis-image';
import { detectObjects, leastCertainProbability, presenceOf } from '../../vision/models/detections';
import type { SubjectAppearance } from '../../vision/models/parameters';
import type { ModelProposal } from '../../vision/models/proposal';

/** Doubtful boxes stay in the proposed set, with their probability, so that a person can confirm or remove them. */
export const BOX_MIN_PROBABILITY = 0.25;

export function detectBoxes(image: AnalysisImage, subject_uid: string, appearance: SubjectAppearance | null): ModelProposal {
  const detections = detectObjects(image, appearance);
  const boxes: BoxRegion[] = detections
    .filter((detection) => detection.probability >= BOX_MIN_PROBABILITY)
    .map(({ box, probability }) => ({ box, probability: Math.round(probability * 1000) / 1000 }));
  return {
    subject_uid,
    probability: presenceOf(detections).probability,
    uncal_prob: leastCertainProbability(detections),
    app_data_type: 'box_set',
    app_data: boxes,
  };
}
