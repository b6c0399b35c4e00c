import type { FeedbackSubjectAnswer } from '../../../api/application-types/answer';
import type { MediaAssertion } from '../../../api/schemas/detections';
import type { ProposedSubject } from '../../../api/schemas/feedback-requests';

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

/**
 * This person's latest answer in this application, from the media's assertions (one answer's assertions share their
 * time; True was stored as probability 1, False as 0); null when they never answered it.
 */
export function latestAnswerFromDetections(detections: readonly MediaAssertion[], appId: string, userId: string): FeedbackSubjectAnswer[] | null {
  const own = detections.filter((d) => d.app_id === appId && d.model_id === null && d.user_id === userId);
  if (own.length === 0) return null;
  const latest = Math.max(...own.map((d) => d.timestamp));
  return own
    .filter((d) => d.timestamp === latest)
    .map((d) =>
      d.probability >= 0.5
        ? { subject_uid: d.subject_uid, result: 'True', app_data_type: d.app_data_type, app_data: d.app_data }
        : { subject_uid: d.subject_uid, result: 'False' },
    );
}
