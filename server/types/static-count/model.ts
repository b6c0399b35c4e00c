import type { Detection } from '../../vision/models/detections';
import type { SubjectAppearance } from '../../vision/models/parameters';
import { type ModelProposal } from '../../vision/models/proposal';
import { ACCEPT_PROBABILITY } from '../../../src/api/presence';
import { leastCertainProbability, presenceIn, type SubjectEvidence } from '../../vision/models/subject-evidence';

/** A region this many times the area of one object is taken for several objects that touch. */
const MERGED_RATIO = 1.7;
/** With this many objects, their median area tells the area of one. */
const MEDIAN_SAMPLE = 3;

/**
 * The number of confident objects. A colour region may hold several objects that touch, so it counts by its area;
 * a detector box is one object.
 */
export function countObjects(evidence: SubjectEvidence, subject_uid: string, appearance: SubjectAppearance | null): ModelProposal {
  const counted = evidence.detections.filter((detection) => detection.probability >= ACCEPT_PROBABILITY);
  const single = evidence.source === 'colour' ? singleObjectArea(counted, appearance?.typical_area ?? null) : null;
  const count = counted.reduce(
    (sum, { area }) => sum + (single !== null && area > MERGED_RATIO * single ? Math.round(area / single) : 1),
    0,
  );
  return {
    subject_uid,
    probability: presenceIn(evidence).probability,
    uncal_prob: leastCertainProbability(evidence),
    app_data_type: 'count',
    app_data: count,
  };
}

function singleObjectArea(counted: readonly Detection[], typicalArea: number | null): number | null {
  if (counted.length < MEDIAN_SAMPLE) return typicalArea;
  const areas = counted.map((detection) => detection.area).sort((a, b) => a - b);
  return areas[Math.floor(areas.length / 2)] ?? typicalArea;
}
