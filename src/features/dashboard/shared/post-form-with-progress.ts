import { errorFromResponse, NetworkError } from '../../../api/errors';
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
 * Posts a multipart form to the service and resolves with the JSON it answered. XMLHttpRequest rather than fetch,
 * because only it reports upload progress; same base URL and bearer token as the API client. Rejects with the
 * client's ApiError types.
 */
export function postFormWithProgress(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', getApiClient().baseUrl + path);
    request.setRequestHeader('Accept', 'application/json');
    const token = getSession()?.token;
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new NetworkError());
    request.onload = () => {
      const body = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300) resolve(body);
      else reject(errorFromResponse(request.status, body, request.getResponseHeader('Retry-After')));
    };
    request.send(form);
  });
}
