import type { MediaAssertion, ProposedSubject } from '../../api/types';
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

/**
 * Probabilities of the proposed boxes by position (whole pixels), so that a box still where the model put it shows
 * its probability, and the subject's probability for a proposal without per-box ones.
 */
export function proposedBoxProbabilities(proposal: ProposedSubject | undefined): ReadonlyMap<string, number> {
  const labels = new Map<string, number>();
  if (!proposal || !Array.isArray(proposal.app_data)) return labels;
  for (const region of proposal.app_data) {
    if (!('box' in region)) continue;
    const { x0, y0, x1, y1 } = region.box;
    const rounded = { x0: Math.round(x0), y0: Math.round(y0), x1: Math.round(x1), y1: Math.round(y1) };
    labels.set(boxKey(rounded), region.probability ?? proposal.probability);
  }
  return labels;
}
