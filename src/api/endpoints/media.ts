import type { ApiClient } from '../client';
import { MEDIA_MAX_BYTES } from '../limits';
import type { ListResponse, Media, MediaAssertion, MediaSubjectAssociation } from '../types';

const mediaPath = (mediaId: string) => `/1/media/${encodeURIComponent(mediaId)}`;

/** The service's limit for one media file. */
export const MAX_MEDIA_BYTES = MEDIA_MAX_BYTES;

/** What a multipart upload to a subject answers. */
export interface SubjectMediaUpload {
  media_id: string;
  subject_uid: string;
  capture_id: string;
}

/** Where a multipart upload straight to a subject goes (sent with XMLHttpRequest for its progress events). */
export const subjectMediaPath = (subjectUid: string) => `/1/subjects/${encodeURIComponent(subjectUid)}/media`;

export const getMedia = (client: ApiClient, mediaId: string) => client.request<Media>(mediaPath(mediaId));

export const getMediaDetections = (client: ApiClient, mediaId: string) =>
  client.request<{ detections: MediaAssertion[] }>(`${mediaPath(mediaId)}/detections`);

export const getMediaSubjects = (client: ApiClient, mediaId: string) =>
  client.request<ListResponse<MediaSubjectAssociation>>(`${mediaPath(mediaId)}/subjects`);
