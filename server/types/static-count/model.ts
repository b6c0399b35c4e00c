import type { AnalysisImage } from '../../vision/models/analysis-image';
import { detectObjects, leastCertainProbability, presenceOf, type Detection } from '../../vision/models/detections';
import type { SubjectAppearance } from '../../vision/models/parameters';
import { ACCEPT_PROBABILITY, type ModelProposal } from '../../vision/models/proposal';

/** A region this many times the area of one object is taken for several objects that touch. */
const MERGED_RATIO = 1.7;
/** With this many objects, their median area tells the area of one. */
const MEDIAN_SAMPLE = 3;

export function countObjects(image: AnalysisImage, subject_uid: string, appearance: SubjectAppearance | null): ModelProposal {
  const detections = detectObjects(image, appearance);
  const counted = detections.filter((detection) => detection.probability >= ACCEPT_PROBABILITY);
  const single = singleObjectArea(counted, appearance?.typical_area ?? null);
  const count = counted.reduce(
    (sum, { area }) => sum + (single !== null && area > MERGED_RATIO * single ? Math.round(area / single) : 1),
    0,
  );
  return {
    subject_uid,
    probability: presenceOf(detections).probability,
    uncal_prob: leastCertainProbability(detections),
    app_data_type: 'count',
    app_data: count,
  };
}

function singleObjectArea(counted: readonly Detection[], typicalArea: number | null): number | null {
  if (counted.length < MEDIAN_SAMPLE) return typicalArea;
  const areas = counted.map((detection) => detection.area).sort((a, b) => a - b);
  return areas[Math.floor(areas.length / 2)] ?? typicalArea;
}
