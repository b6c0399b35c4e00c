import type { Focus } from '../../src/api/types';
import { isSecureUrl } from '../../src/api/url-rule';
import type { Database } from '../db';
import { callbackOutbox } from '../db/schema';
import { detectionThreshold, type ApplicationRow } from '../domain/applications';

/** The body of a detection post, as the interface gives it. */
export interface DetectionPost {
  media: { media_id: string; parent_media_ids: string[] };
  focus?: Focus;
  subjects: { subject_uid: string; probability: number; updated_at: number }[];
}

/** Callbacks go only where the URL rule allows: `https:` URLs, or plain `http:` on loopback. */
export const isDeliverableUrl = (raw: string): boolean => isSecureUrl(raw);

/**
 * Queues one post per detection URL of the application, in the caller's transaction, carrying only the subjects
 * whose probability is over the application's detection threshold. Nothing is queued when none is. The outbox
 * worker delivers it. Returns the number of posts queued.
 */
export async function enqueueDetectionPosts(
  tx: Database,
  appRow: ApplicationRow,
  payload: DetectionPost,
  now = Date.now() / 1000,
): Promise<number> {
  const subjects = payload.subjects.filter(
    (subject) => subject.probability > detectionThreshold(appRow, subject.subject_uid),
  );
  const urls = appRow.detectionPostUrls.filter(isDeliverableUrl);
  if (subjects.length === 0 || urls.length === 0) return 0;
  const body = JSON.stringify({
    media: payload.media,
    ...(payload.focus ? { focus: payload.focus } : {}),
    subjects,
  });
  await tx
    .insert(callbackOutbox)
    .values(urls.map((url) => ({ appId: appRow.applicationId, url, body, nextAttemptAt: now, createdAt: now })));
  return urls.length;
}
