import type { ApiClient } from '../client';
import { subjectMediaUploadSchema, type SubjectMediaUpload } from '../schemas/media';
import { subjectMediaPath } from './media';

/**
 * Uploads one image file straight to a subject (multipart, one file part). The service sniffs the format from the
 * bytes, so `filename` only names the file; it answers 413 or 415 for a file it refuses.
 */
export function uploadMediaToSubject(client: ApiClient, subjectUid: string, file: Blob, filename: string): Promise<SubjectMediaUpload> {
  const form = new FormData();
  form.append('filename', filename);
  form.append('file', file, filename);
  return client.request(subjectMediaPath(subjectUid), subjectMediaUploadSchema, { method: 'POST', body: form });
}

/** Associates media the tenant has already with a subject (as if uploaded to it again): the same answer as an upload. */
export const associateMedia = (client: ApiClient, subjectUid: string, mediaId: string): Promise<SubjectMediaUpload> =>
  client.request(subjectMediaPath(subjectUid), subjectMediaUploadSchema, { method: 'POST', body: { media_id: mediaId } });
