import { useQuery } from '@tanstack/react-query';
import { getMediaFrames } from '../../../api/endpoints/media';
import { getApiClient } from '../../../lib/api-client';
import { mediaKeys } from '../../../lib/queries/keys';

/** The first 100 frames made of a video, in frame order. */
export const useVideoFrames = (mediaId: string) =>
  useQuery({ queryKey: mediaKeys.frames(mediaId), queryFn: async () => (await getMediaFrames(getApiClient(), mediaId)).data });
