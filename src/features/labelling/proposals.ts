import type { MediaAssertion } from '../../api/schemas/detections';
import type { ProposedSubject } from '../../api/schemas/feedback-requests';
import type { Box } from './geometry/types';

/** The latest model assertion of this application per subject, as proposals for "label any media". */
export function proposalsFromDetections(detections: readonly MediaAssertion[], appId: string, mediaId: string): ProposedSubject[] {
  const latest = new Map<string, MediaAssertion>();
  for (const detection of detections) {
    if (detection.app_id !== appId || detection.model_id === null) continue;
    const known = latest.get(detection.subject_uid);
    if (!known || detection.timestamp > known.timestamp) latest.set(detection.subject_uid, detection);
  }
  return [...latest.values()].map((d) => ({
    subject_uid: d.subject_uid,
    media_id: mediaId,
    probability: d.probability,
    app_data_type: d.app_data_type,
    app_data: d.app_data,
  }));
}

export const boxKey = ({ x0, y0, x1, y1 }: Box) => `${x0},${y0},${x1},${y1}`;
export const pointKey = ({ x, y }: { x: number; y: number }) => `${x},${y}`;

/**
 * The model's marks by position (whole pixels), each with its probability, so that a mark still where the model
 * put it shows that probability and counts as the model's; marks below `threshold` are doubtful.
 */
export interface ProposedMarks {
  readonly byKey: ReadonlyMap<string, number>;
  readonly threshold: number;
}

export const NO_PROPOSED_MARKS: ProposedMarks = { byKey: new Map(), threshold: 0.5 };

/** Proposed boxes carry their own probability (else the subject's); proposed points carry the subject's. */
export function proposedMarks(proposal: ProposedSubject | undefined, threshold: number): ProposedMarks {
  const byKey = new Map<string, number>();
  if (proposal && Array.isArray(proposal.app_data)) {
    for (const mark of proposal.app_data) {
      if ('box' in mark) {
        const { x0, y0, x1, y1 } = mark.box;
        byKey.set(boxKey({ x0: Math.round(x0), y0: Math.round(y0), x1: Math.round(x1), y1: Math.round(y1) }), mark.probability ?? proposal.probability);
      } else if ('x' in mark) {
        byKey.set(pointKey({ x: Math.round(mark.x), y: Math.round(mark.y) }), proposal.probability);
      }
    }
  }
  return { byKey, threshold };
}
