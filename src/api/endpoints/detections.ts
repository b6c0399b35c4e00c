import type { ApiClient } from '../client';
import { detectionRecordSchema, type DetectionRecord, type DetectionsQuery } from '../schemas/detections';
import { pageOf } from '../schemas/envelopes';
import type { PagedResponse } from '../types';

/** The service accepts 1 to 100 records per page. */
export const MAX_DETECTIONS_PAGE = 100;

export type DetectionsPage = PagedResponse<DetectionRecord>;
const detectionsPage = pageOf(detectionRecordSchema);

export function listApplicationDetections(client: ApiClient, appId: string, query: DetectionsQuery = {}) {
  if (query.only_user && (query.only_model || query.model_version !== undefined)) {
    return Promise.reject(new RangeError('only_user cannot be combined with only_model or model_version.'));
  }
  return client.request(`/1/applications/${encodeURIComponent(appId)}/detections`, detectionsPage, { query: { ...query } });
}

/** Follows a page's `paging.next` link, which repeats every parameter with the cursor set. */
export const listNextDetections = (client: ApiClient, next: string) => client.requestUrl(next, detectionsPage);
