import type { SubjectAppearance } from '../../vision/models/parameters';
import type { AnalysisImage } from '../../vision/models/analysis-image';
import { detectObjects } from '../../vision/models/detections';
import { ACCEPT_PROBABILITY } from '../../../src/api/presence';
import { medianValue, type FeedbackExample } from '../../vision/refit';

/** The area of one object: the median over confirmed counts of the confidently matched area per counted object. */
export function withCountedArea(
  appearance: SubjectAppearance,
  uid: string,
  examples: readonly FeedbackExample[],
  images: readonly AnalysisImage[],
): SubjectAppearance {
  const perObject: number[] = [];
  examples.forEach((example, index) => {
    const answer = example.answers.find((candidate) => candidate.subject_uid === uid && candidate.result === 'True');
    const image = images[index];
    if (!image || typeof answer?.app_data !== 'number' || answer.app_data <= 0) return;
    const area = detectObjects(image, { ...appearance, typical_area: null })
      .filter((detection) => detection.probability >= ACCEPT_PROBABILITY)
      .reduce((sum, detection) => sum + detection.area, 0);
    if (area > 0) perObject.push(area / answer.app_data);
  });
  return perObject.length > 0 ? { ...appearance, typical_area: Math.round(medianValue(perObject)) } : appearance;
}
