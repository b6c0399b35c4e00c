import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { focusSchema } from '../../src/api/schemas/feedback';
import { baselineModelId } from '../../src/api/schemas/models';
import type { Focus } from '../../src/api/types';
import { requireAuth } from '../auth/context';
import { getApplicationRow } from '../domain/applications';
import { getMediaRow, readMediaBytes } from '../domain/media';
import { focusInput } from '../domain/media-schemas';
import { receiveForm } from '../http/multipart-form';
import { parseWith } from '../http/parse';
import type { RoutesPlugin } from './instance';
import { nodeId } from '../http/schemas';
import { proposalsFor } from '../processing/predict';
import { inspectImage } from '../media/inspect';

const appParams = z.object({ applicationId: z.string().min(1).max(100) });
const mediaBody = z.object({ media_id: nodeId, focus: focusInput.nullish() });

const predictionSchema = z.object({
  media_id: z.string().nullable(),
  model_id: z.string(),
  subjects: z.array(
    z.object({ subject_uid: z.string(), probability: z.number(), app_data_type: z.string().nullable(), app_data: z.unknown() }),
  ),
  focus: z.optional(focusSchema),
});

/** The image of a multipart form (not stored), or of a JSON `{media_id, focus?}` naming a media item. */
async function imageToPredict(request: FastifyRequest): Promise<{ mediaId: string | null; image: Buffer; focus: Focus | null }> {
  const auth = requireAuth(request);
  if (request.isMultipart()) {
    const { bytes } = await receiveForm(request);
    await inspectImage(bytes);
    return { mediaId: null, image: bytes, focus: null };
  }
  const body = parseWith(mediaBody, request.body, 'body');
  const row = await getMediaRow(request.server.db, auth.tenantId, body.media_id);
  return { mediaId: row.mediaId, image: await readMediaBytes(request.server.blobs, row), focus: body.focus ?? null };
}

/** Extension: what an application's current model proposes for an image, without uploading it or waiting for a pull. */
export const predictRoutes: RoutesPlugin = async (app) => {
  app.post(
    '/1/applications/:applicationId/predict',
    { config: { multipart: true }, schema: { params: appParams, response: { 200: predictionSchema } } },
    async (request) => {
      const auth = requireAuth(request);
      const appRow = await getApplicationRow(app.db, auth.tenantId, request.params.applicationId);
      const { mediaId, image, focus } = await imageToPredict(request);
      const proposals = await proposalsFor(app.db, appRow, image, focus);
      return {
        media_id: mediaId,
        model_id: appRow.currentModelId ?? baselineModelId(appRow.applicationId),
        subjects: proposals.map(({ subject_uid, probability, app_data_type, app_data }) => ({ subject_uid, probability, app_data_type, app_data })),
        ...(focus ? { focus } : {}),
      };
    },
  );
};
