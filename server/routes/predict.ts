import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { baselineModelId } from '../../src/api/schemas/models';
import { predictionSchema } from '../../src/api/schemas/prediction';
import type { Focus } from '../../src/api/types';
import { requireAuth } from '../auth/context';
import { getApplicationRow } from '../domain/applications';
import { getMediaRow, readMediaBytes } from '../domain/media';
import { focusInput, focusText } from '../domain/media-schemas';
import { requireFocusInside } from '../domain/media-subjects';
import { receiveForm } from '../http/multipart-form';
import { parseWith } from '../http/parse';
import type { RoutesPlugin } from './instance';
import { nodeId } from '../http/schemas';
import { proposalsFor } from '../processing/predict';
import { sendToModelServer } from '../processing/model-server-predictions';
import { inspectImage } from '../media/inspect';
import { exemplarFields, exemplarObjects, exemplarsText } from './predict-exemplars';

const appParams = z.object({ applicationId: z.string().min(1).max(100) });
const mediaBody = z.object({ media_id: nodeId, focus: focusInput.nullish(), ...exemplarFields });
const formFields = z.object({ focus: focusText.optional(), subject_uid: exemplarFields.subject_uid, exemplars: z.optional(exemplarsText) });

/** The item went to the application's model server (model_source `server`), through the job queue. */
const queuedSchema = z.object({ media_id: z.string(), model_server: z.literal('queued') });

interface ImageToPredict {
  mediaId: string | null;
  image: Buffer;
  size: { width: number; height: number };
  focus: Focus | null;
  /** "Find more like these" (predict-exemplars.ts). */
  exemplarRequest: { subject_uid?: string | undefined; exemplars?: { x0: number; y0: number; x1: number; y1: number }[] | undefined };
}

/**
 * The image of a multipart form (not stored) with an optional `focus` field as JSON text, as an upload takes it, or
 * of a JSON `{media_id, focus?}` naming a media item; either with an optional `subject_uid` and its `exemplars`.
 */
async function imageToPredict(request: FastifyRequest): Promise<ImageToPredict> {
  const auth = requireAuth(request);
  if (request.isMultipart()) {
    const { bytes, fields } = await receiveForm(request);
    const { width, height } = await inspectImage(bytes);
    const { focus, ...exemplarRequest } = parseWith(formFields, { focus: fields.focus?.[0], subject_uid: fields.subject_uid?.[0], exemplars: fields.exemplars?.[0] }, 'body');
    return { mediaId: null, image: bytes, size: { width, height }, focus: focus ?? null, exemplarRequest };
  }
  const body = parseWith(mediaBody, request.body, 'body');
  const row = await getMediaRow(request.server.db, auth.tenantId, body.media_id);
  const size = { width: row.imageWidth, height: row.imageHeight };
  const exemplarRequest = { subject_uid: body.subject_uid, exemplars: body.exemplars };
  return { mediaId: row.mediaId, image: await readMediaBytes(request.server.blobs, row), size, focus: body.focus ?? null, exemplarRequest };
}

/** Extension: what an application's current model proposes for an image, without uploading it or waiting for a pull. */
export const predictRoutes: RoutesPlugin = async (app) => {
  app.post(
    '/1/applications/:applicationId/predict',
    { config: { multipart: true }, schema: { params: appParams, response: { 200: predictionSchema, 202: queuedSchema } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const appRow = await getApplicationRow(app.db, auth.tenantId, request.params.applicationId);
      const { mediaId, image, size, focus, exemplarRequest } = await imageToPredict(request);
      requireFocusInside(focus, size);
      if (mediaId !== null && (await app.db.transaction((tx) => sendToModelServer(tx, app, appRow, mediaId, focus, []))) === false) {
        // the model server answers alone: its proposals are recorded when the job has asked it
        app.jobs.kick();
        return reply.status(202).send({ media_id: mediaId, model_server: 'queued' as const });
      }
      const found = await exemplarObjects(app.db, appRow, exemplarRequest, image, size, focus);
      const proposals = await proposalsFor(app.db, appRow, image, focus, found);
      return {
        media_id: mediaId,
        model_id: appRow.currentModelId ?? baselineModelId(appRow.applicationId),
        subjects: proposals.map(({ subject_uid, probability, app_data_type, app_data, counted }) => ({
          subject_uid,
          probability,
          app_data_type,
          app_data,
          ...(counted ? { counted } : {}),
        })),
        ...(focus ? { focus } : {}),
      };
    },
  );
};
