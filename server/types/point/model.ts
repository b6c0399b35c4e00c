import type { PointCoords } from '../../../src/api/application-types/answer';
import type { AnalysisImage } from '../../vision/models/analysis-image';
import { type ModelProposal } from '../../vision/models/proposal';
import { ACCEPT_PROBABILITY } from '../../../src/api/presence';
import { leastCertainProbability, presenceIn, type SubjectEvidence } from '../../vision/models/subject-evidence';

/** The centre of every object of the subject (a detector box's centre), in whole media pixels. */
export function locatePoints(evidence: SubjectEvidence, subject_uid: string, image: AnalysisImage): ModelProposal {
  const points: PointCoords[] = evidence.detections
    .filter((detection) => detection.probability >= ACCEPT_PROBABILITY)
    .map(({ centre }) => ({
      x: Math.min(image.mediaWidth - 1, Math.max(0, Math.floor(centre.x))),
      y: Math.min(image.mediaHeight - 1, Math.max(0, Math.floor(centre.y))),
    }));
  return {
    subject_uid,
    probability: presenceIn(evidence).probability,
    uncal_prob: leastCertainProbability(evidence),
    app_data_type: 'point',
    app_data: points,
  };
}
