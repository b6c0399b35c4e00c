import type { PointCoords } from '../../../src/api/application-types/answer';
import type { AnalysisImage } from '../../vision/models/analysis-image';
import { mediaPixel } from '../../vision/models/media-box';
import type { ModelProposal } from '../../vision/models/proposal';
import { ACCEPT_PROBABILITY } from '../../../src/api/presence';
import { leastCertainProbability, presenceIn, type SubjectEvidence } from '../../vision/models/subject-evidence';

/** The centre of every object of the subject (a detector box's centre), in whole media pixels. */
export function locatePoints(evidence: SubjectEvidence, subject_uid: string, image: AnalysisImage): ModelProposal {
  const points: PointCoords[] = evidence.detections
    .filter((detection) => detection.probability >= ACCEPT_PROBABILITY)
    .map(({ centre }) => mediaPixel(centre, image.mediaWidth, image.mediaHeight));
  return {
    subject_uid,
    probability: presenceIn(evidence).probability,
    uncal_prob: leastCertainProbability(evidence),
    app_data_type: 'point',
    app_data: points,
  };
}
