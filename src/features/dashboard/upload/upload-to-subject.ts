import { subjectMediaPath } from '../../../api/endpoints/media';
import type { SubjectMediaUpload } from '../../../api/schemas/media';
import { postFormWithProgress } from '../shared/post-form-with-progress';
import type { UploadTarget } from './upload-queue';

/** Uploads one file straight to a subject, reporting its progress. */
export function uploadToSubject(file: File, { subjectUid, allowDuplicate }: UploadTarget, onProgress: (fraction: number) => void): Promise<SubjectMediaUpload> {
  const form = new FormData();
  if (allowDuplicate) form.append('allow_duplicate', 'true');
  form.append('file', file, file.name);
  return postFormWithProgress(subjectMediaPath(subjectUid), form, onProgress) as Promise<SubjectMediaUpload>;
}
