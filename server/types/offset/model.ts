import type { Detection } from '../../vision/models/detections';
import type { OffsetReference } from '../../../src/api/application-types/offset';
import { type ModelProposal } from '../../vision/models/proposal';
import { ACCEPT_PROBABILITY } from '../../../src/api/presence';
import { presenceIn, type SubjectEvidence } from '../../vision/models/subject-evidence';

export type OffsetAxis = 'x' | 'y';

/**
 * The distance from the left (x) or top (y) edge of the media to the subject: to its nearest edge, its centre or
 * its farthest edge, over every confident object (or the single best candidate when none is confident).
 */
export function measureOffset(evidence: SubjectEvidence, subject_uid: string, axis: OffsetAxis, reference: OffsetReference): ModelProposal {
  const { detections } = evidence;
  const confident = detections.filter((detection) => detection.probability >= ACCEPT_PROBABILITY);
  const measured = confident.length > 0 ? confident : detections.slice(0, 1);
  const presence = presenceIn({ ...evidence, detections: measured });
  const offset = measured.length > 0 ? offsetOf(measured, axis, reference) : null;
  return {
    subject_uid,
    probability: presence.probability,
    uncal_prob: presence.score,
    app_data_type: offset === null ? null : axis === 'x' ? 'offset_x' : 'offset_y',
    app_data: offset,
  };
}

function offsetOf(detections: readonly Detection[], axis: OffsetAxis, reference: OffsetReference): number {
  const near = (d: Detection) => (axis === 'x' ? d.box.x0 : d.box.y0);
  const far = (d: Detection) => (axis === 'x' ? d.box.x1 : d.box.y1);
  const centre = (d: Detection) => (axis === 'x' ? d.centre.x : d.centre.y);
  switch (reference) {
    case 'near_edge':
      return Math.min(...detections.map(near));
    case 'far_edge':
      return Math.max(...detections.map(far));
    case 'centre': {
      const area = detections.reduce((sum, d) => sum + d.area, 0);
      return Math.round(detections.reduce((sum, d) => sum + centre(d) * d.area, 0) / area);
    }
  }
}
