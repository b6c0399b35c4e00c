import { errorFromResponse, NetworkError } from '../../../api/errors';
import { subjectMediaPath } from '../../../api/endpoints/media';
import type { SubjectMediaUpload } from '../../../api/schemas/media';
import type { UploadTarget } from './upload-queue';
import { getApiClient } from '../../../lib/api-client';
import { getSession } from '../../../lib/session/session-store';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Uploads one file straight to a subject. XMLHttpRequest rather than fetch, because only it reports upload
 * progress; same base URL and bearer token as the API client. Rejects with the client's ApiError types.
 */
export function uploadToSubject(file: File, { subjectUid, allowDuplicate }: UploadTarget, onProgress: (fraction: number) => void): Promise<SubjectMediaUpload> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', getApiClient().baseUrl + subjectMediaPath(subjectUid));
    request.setRequestHeader('Accept', 'application/json');
    const token = getSession()?.token;
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new NetworkError());
    request.onload = () => {
      const body = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300) resolve(body as SubjectMediaUpload);
      else reject(errorFromResponse(request.status, body, request.getResponseHeader('Retry-After')));
    };
    const form = new FormData();
    if (allowDuplicate) form.append('allow_duplicate', 'true');
    form.append('file', file, file.name);
    request.send(form);
  });
}
