import type { PointCoords } from '../../../src/api/application-types/answer';
import type { AnalysisImage } from '../../vision/models/analysis-image';
import type { Detection } from '../../vision/models/detections';
import { mediaPixel } from '../../vision/models/media-box';
import type { SubjectAppearance } from '../../vision/models/parameters';
import { type ModelProposal } from '../../vision/models/proposal';
import { ACCEPT_PROBABILITY } from '../../../src/api/presence';
import { leastCertainProbability, presenceIn, type SubjectEvidence } from '../../vision/models/subject-evidence';

/** A region this many times the area of one object is taken for several objects that touch. */
const MERGED_RATIO = 1.7;
/** With this many objects, their median area tells the area of one. */
const MEDIAN_SAMPLE = 3;

/**
 * The number of confident objects, and where each is. A colour region may hold several objects that touch, so it
 * counts by its area; a detector box is one object.
 */
export function countObjects(evidence: SubjectEvidence, subject_uid: string, appearance: SubjectAppearance | null, image: AnalysisImage): ModelProposal {
  const counted = evidence.detections.filter((detection) => detection.probability >= ACCEPT_PROBABILITY);
  const single = evidence.source === 'colour' ? singleObjectArea(counted, appearance?.typical_area ?? null) : null;
  const points = counted.flatMap((detection) =>
    objectsIn(detection, single).map((point) => mediaPixel(point, image.mediaWidth, image.mediaHeight)),
  );
  return {
    subject_uid,
    probability: presenceIn(evidence).probability,
    uncal_prob: leastCertainProbability(evidence),
    app_data_type: 'count',
    app_data: points.length,
    counted: points,
  };
}

/**
 * Where the objects of one detection are: its centre, or for a region as large as several objects, one point per
 * object spread evenly along the region's longer side (where in the region each lies, the area does not say).
 */
function objectsIn({ area, box, centre }: Detection, single: number | null): PointCoords[] {
  const n = single !== null && area > MERGED_RATIO * single ? Math.round(area / single) : 1;
  if (n === 1) return [centre];
  const along = (i: number, from: number, to: number) => from + ((i + 0.5) * (to - from)) / n;
  const wide = box.x1 - box.x0 >= box.y1 - box.y0;
  return Array.from({ length: n }, (_, i) => (wide ? { x: along(i, box.x0, box.x1), y: centre.y } : { x: centre.x, y: along(i, box.y0, box.y1) }));
}

function singleObjectArea(counted: readonly Detection[], typicalArea: number | null): number | null {
  if (counted.length < MEDIAN_SAMPLE) return typicalArea;
  const areas = counted.map((detection) => detection.area).sort((a, b) => a - b);
  return areas[Math.floor(areas.length / 2)] ?? typicalArea;
}
