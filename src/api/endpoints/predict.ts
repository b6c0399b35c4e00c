import type { ApiClient } from '../client';
import { predictionSchema, type ExemplarRequest } from '../schemas/prediction';

/** Extension: what the exemplars find of their subject in a media item (and the model's other subjects as usual). */
export const predictWithExemplars = (client: ApiClient, appId: string, { mediaId, subjectUid, exemplars, focus }: ExemplarRequest) =>
  client.request(`/1/applications/${encodeURIComponent(appId)}/predict`, predictionSchema, {
    method: 'POST',
    body: {
      media_id: mediaId,
      subject_uid: subjectUid,
      exemplars: exemplars.map(({ x0, y0, x1, y1 }) => ({ x0, y0, x1, y1 })),
      ...(focus ? { focus } : {}),
    },
  });
