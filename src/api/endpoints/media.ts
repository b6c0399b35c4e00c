import { z } from '../zod';
import type { ApiClient } from '../client';
import { MEDIA_MAX_BYTES, PAGE_LIMIT } from '../limits';
import { mediaObjectsSchema } from '../schemas/detected-objects';
import { mediaAssertionSchema, mediaSubjectAssociationSchema } from '../schemas/detections';
import { listOf } from '../schemas/envelopes';
import { mediaSchema } from '../schemas/media';

const mediaPath = (mediaId: string) => `/1/media/${encodeURIComponent(mediaId)}`;

/** The service's limit for one media file. */
export const MAX_MEDIA_BYTES = MEDIA_MAX_BYTES;

/** Where a multipart upload straight to a subject goes (sent with XMLHttpRequest for its progress events). */
export const subjectMediaPath = (subjectUid: string) => `/1/subjects/${encodeURIComponent(subjectUid)}/media`;

export const getMedia = (client: ApiClient, mediaId: string) => client.request(mediaPath(mediaId), mediaSchema);

export const getMediaDetections = (client: ApiClient, mediaId: string) =>
  client.request(`${mediaPath(mediaId)}/detections`, z.object({ detections: z.array(mediaAssertionSchema) }));

export const getMediaSubjects = (client: ApiClient, mediaId: string) =>
  client.request(`${mediaPath(mediaId)}/subjects`, listOf(mediaSubjectAssociationSchema));

/** Extension: the frames a video_segmentation application made of a video, in frame order (none for a still image). */
export const getMediaFrames = (client: ApiClient, mediaId: string, limit: number = PAGE_LIMIT.max) =>
  client.request(`${mediaPath(mediaId)}/frames`, listOf(mediaSchema), { query: { limit } });

/** Extension: every object the service's detector finds in the media (any class, score ≥ 0.1), strongest first. */
export const getMediaObjects = (client: ApiClient, mediaId: string, signal?: AbortSignal) =>
  client.request(`${mediaPath(mediaId)}/objects`, mediaObjectsSchema, { signal });
