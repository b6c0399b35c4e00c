import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { subjectMediaUploadSchema } from '../../src/api/schemas/media';
import type { Focus } from '../../src/api/types';
import { requireAuth } from '../auth/context';
import { requireMayRemove } from '../domain/association-rights';
import { getMediaRow, storeUpload, type MediaRow } from '../domain/media';
import { focusInput, focusText, mediaSubjectAssociationSchema, pagedListOf } from '../domain/media-schemas';
import { answerReaderOf } from '../domain/answer-readers';
import { currentAssociation, listSubjectMedia, removeAssociation, requireFocusInside } from '../domain/media-subjects';
import { getSubjectRow } from '../domain/subjects';
import { invalid } from '../errors';
import type { RoutesPlugin } from './instance';
import { parseWith } from '../http/parse';
import { nodeId } from '../http/schemas';
import { associateMedia } from '../processing/pipeline';
import { subjectTakesPlans } from '../processing/plan-inputs';
import { mediaLinksFor } from './media-links';
import { readUpload } from './media-upload';
import { pagingLink, pagingQuery } from './paging';

const subjectParams = z.object({ subjectUid: nodeId });

/** Extra keys (`public_read`, `consensus`, `force_feedback`, ...) are ignored. */
const associateBody = z.object({ media_id: nodeId, focus: focusInput.nullish() });

const removeQuery = z.object({ media_id: nodeId.optional(), focus: focusText.optional() });


/**
 * The media and focus of a multipart upload (with whether its bytes were the tenant's already), or of a JSON
 * `{media_id, focus?}` naming an existing item.
 */
async function mediaToAssociate(request: FastifyRequest, subjectUid: string): Promise<{ row: MediaRow; focus: Focus | null; duplicate?: boolean }> {
  const auth = requireAuth(request);
  if (request.isMultipart()) {
    const { upload, focus } = await readUpload(request, auth);
    const plan = await subjectTakesPlans(request.server.db, auth.tenantId, subjectUid);
    return { ...(await storeUpload(request.server.db, request.server.blobs, { ...upload, plan })), focus };
  }
  const body = parseWith(associateBody, request.body, 'body');
  return { row: await getMediaRow(request.server.db, auth.tenantId, body.media_id), focus: body.focus ?? null };
}

export const subjectMediaRoutes: RoutesPlugin = async (app) => {
  app.post(
    '/1/subjects/:subjectUid/media',
    { config: { multipart: true }, schema: { params: subjectParams, response: { 200: subjectMediaUploadSchema } } },
    async (request) => {
      const auth = requireAuth(request);
      const subject = await getSubjectRow(app.db, auth.tenantId, request.params.subjectUid);
      const { row, focus, duplicate } = await mediaToAssociate(request, subject.subjectUid);
      requireFocusInside(focus, { width: row.imageWidth, height: row.imageHeight });
      const association = { tenantId: auth.tenantId, mediaId: row.mediaId, subjectUid: subject.subjectUid, focus, userId: auth.userId };
      // A file uploaded again to the subject it is in changes nothing; to another subject, it joins that one too.
      const existing = duplicate ? await currentAssociation(app.db, association) : null;
      const { capture_id } = existing ?? (await associateMedia(app, association));
      return { media_id: row.mediaId, subject_uid: subject.subjectUid, capture_id, ...(duplicate === undefined ? {} : { duplicate }) };
    },
  );

  // `{media_id, focus?}` as a JSON body or as query parameters (focus then as JSON text).
  app.delete('/1/subjects/:subjectUid/media', { schema: { params: subjectParams } }, async (request, reply) => {
    const auth = requireAuth(request);
    const subject = await getSubjectRow(app.db, auth.tenantId, request.params.subjectUid);
    const fromBody = request.body === undefined || request.body === null ? null : parseWith(associateBody, request.body, 'body');
    const fromQuery = parseWith(removeQuery, request.query, 'querystring');
    const mediaId = fromBody?.media_id ?? fromQuery.media_id;
    if (!mediaId) throw invalid('Give the media_id of the association to remove.', [{ field: 'media_id', message: 'Required.' }]);
    const row = await getMediaRow(app.db, auth.tenantId, mediaId);
    const focus = fromBody?.focus ?? fromQuery.focus ?? null;
    await removeAssociation(app.db, { mediaId: row.mediaId, subjectUid: subject.subjectUid, focus }, (found, tx) =>
      requireMayRemove(tx, auth, found),
    );
    return reply.status(204).send();
  });

  app.get(
    '/1/subjects/:subjectUid/media',
    { schema: { params: subjectParams, querystring: pagingQuery, response: { 200: pagedListOf(mediaSubjectAssociationSchema) } } },
    async (request) => {
      const auth = requireAuth(request);
      const subject = await getSubjectRow(app.db, auth.tenantId, request.params.subjectUid);
      const { limit, cursor } = request.query;
      const reader = await answerReaderOf(app.db, auth);
      const page = await listSubjectMedia(app.db, reader, subject, { limit, cursor: cursor ?? 0 }, mediaLinksFor(request));
      return { data: page.associations, paging: page.nextCursor === null ? {} : { next: pagingLink(request, { limit, cursor: page.nextCursor }) } };
    },
  );
};
