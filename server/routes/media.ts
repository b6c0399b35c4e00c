import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { requireAuth } from '../auth/context';
import { assertions } from '../db/schema';
import { toMediaAssertion } from '../domain/assertions';
import { deleteMediaItem, getMediaRow, mediaLinksFor, toMedia } from '../domain/media';
import { mediaAssertionSchema, mediaSchema, mediaSubjectAssociationSchema } from '../domain/media-schemas';
import { currentAssertionsOfMedia, toAssociations } from '../domain/media-subjects';
import { receiveUpload } from '../domain/media-upload';
import { forbidden } from '../http/errors';
import type { RoutesPlugin } from '../http/instance';
import { listOf, nodeId } from '../http/schemas';

const mediaParams = z.object({ mediaId: nodeId });

export const mediaRoutes: RoutesPlugin = async (app) => {
  app.post('/1/media', { config: { multipart: true }, schema: { response: { 201: mediaSchema } } }, async (request, reply) => {
    const { media } = await receiveUpload(request, requireAuth(request));
    return reply.status(201).send(toMedia(media, request));
  });

  app.get('/1/media/:mediaId', { schema: { params: mediaParams, response: { 200: mediaSchema } } }, async (request) => {
    const row = await getMediaRow(app.db, requireAuth(request).tenantId, request.params.mediaId);
    return toMedia(row, request);
  });

  // A tenant_admin may delete any media item of the tenant; a tenant_user only what they uploaded.
  app.delete('/1/media/:mediaId', { schema: { params: mediaParams } }, async (request, reply) => {
    const auth = requireAuth(request);
    const row = await getMediaRow(app.db, auth.tenantId, request.params.mediaId);
    if (auth.role !== 'tenant_admin' && row.uploadedByUser !== auth.userId) {
      throw forbidden('Only a tenant administrator or the uploader may delete this media item.');
    }
    await deleteMediaItem(app.db, app.blobs, row);
    return reply.status(204).send();
  });

  app.get(
    '/1/media/:mediaId/detections',
    { schema: { params: mediaParams, response: { 200: z.object({ detections: z.array(mediaAssertionSchema) }) } } },
    async (request) => {
      const row = await getMediaRow(app.db, requireAuth(request).tenantId, request.params.mediaId);
      const rows = await app.db.select().from(assertions).where(eq(assertions.mediaId, row.mediaId)).orderBy(asc(assertions.seq));
      return { detections: rows.map(toMediaAssertion) };
    },
  );

  app.get(
    '/1/media/:mediaId/subjects',
    { schema: { params: mediaParams, response: { 200: listOf(mediaSubjectAssociationSchema) } } },
    async (request) => {
      const row = await getMediaRow(app.db, requireAuth(request).tenantId, request.params.mediaId);
      const current = await currentAssertionsOfMedia(app.db, [row.mediaId]);
      return { data: toAssociations(current, [row], mediaLinksFor(request)) };
    },
  );
};
