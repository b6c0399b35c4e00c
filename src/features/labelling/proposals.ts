import type { MediaAssertion } from '../../api/schemas/detections';
import type { ProposedSubject } from '../../api/schemas/feedback-requests';

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
