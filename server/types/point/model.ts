import type { PointCoords } from '../../../src/api/application-types/answer';
import type { AnalysisImage } from '../../vision/models/analysis-image';
import { detectObjects, leastCertainProbability, presenceOf } from '../../vision/models/detections';
import type { SubjectAppearance } from '../../vision/models/parameters';
import { ACCEPT_PROBABILITY, type ModelProposal } from '../../vision/models/proposal';

/** The centre of every object of the subject, in whole media pixels. */
export function locatePoints(image: AnalysisImage, subject_uid: string, appearance: SubjectAppearance | null): ModelProposal {
  const detections = detectObjects(image, appearance);
  const points: PointCoords[] = detections
    .filter((detection) => detection.probability >= ACCEPT_PROBABILITY)
    .map(({ centre }) => ({
      x: Math.min(image.mediaWidth - 1, Math.max(0, Math.floor(centre.x))),
      y: Math.min(image.mediaHeight - 1, Math.max(0, Math.floor(centre.y))),
    }));
  return {
    subject_uid,
    probability: presenceOf(detections).probability,
    uncal_prob: leastCertainProbability(detections),
    app_data_type: 'point',
    app_data: points,
  };
}
