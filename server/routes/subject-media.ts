import { inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Focus } from '../../src/api/types';
import { requireAuth } from '../auth/context';
import { media } from '../db/schema';
import { focusKey } from '../domain/assertions';
import { requireMayRemove } from '../domain/association-rights';
import { getMediaRow, mediaLinksFor, type MediaRow } from '../domain/media';
import { focusInput, focusText, mediaSubjectAssociationSchema, pagedListOf } from '../domain/media-schemas';
import { currentAssertionsOfMedia, pageSubjectMedia, removeAssociation, toAssociations } from '../domain/media-subjects';
import { parseWith, receiveUpload } from '../domain/media-upload';
import { getSubjectRow } from '../domain/subjects';
import { badRequest } from '../http/errors';
import type { RoutesPlugin } from '../http/instance';
import { nodeId } from '../http/schemas';
import { associateMedia } from '../processing/pipeline';
import { pagingLink, pagingQuery } from './paging';

const subjectParams = z.object({ subjectUid: nodeId });

/** Extra keys (`public_read`, `consensus`, `force_feedback`, ...) are ignored. */
const associateBody = z.object({ media_id: nodeId, focus: focusInput.nullish() });

const removeQuery = z.object({ media_id: nodeId.optional(), focus: focusText.optional() });

const associationResult = z.object({ media_id: z.string(), subject_uid: z.string(), capture_id: z.string() });

function requireFocusInside(focus: Focus | null, row: MediaRow): void {
  if (focus && (focus.box.x1 > row.imageWidth || focus.box.y1 > row.imageHeight)) {
    throw badRequest('The focus box must lie inside the media.', [
      { field: 'focus', message: `The media is ${row.imageWidth}×${row.imageHeight} pixels.` },
    ]);
  }
}

/** The media and focus of a multipart upload, or of a JSON `{media_id, focus?}` naming an existing item. */
async function mediaToAssociate(request: FastifyRequest): Promise<{ row: MediaRow; focus: Focus | null }> {
  const auth = requireAuth(request);
  if (request.isMultipart()) {
    const upload = await receiveUpload(request, auth);
    return { row: upload.media, focus: upload.focus };
  }
  const body = parseWith(associateBody, request.body, 'body');
  return { row: await getMediaRow(request.server.db, auth.tenantId, body.media_id), focus: body.focus ?? null };
}

export const subjectMediaRoutes: RoutesPlugin = async (app) => {
  app.post(
    '/1/subjects/:subjectUid/media',
    { config: { multipart: true }, schema: { params: subjectParams, response: { 200: associationResult } } },
    async (request) => {
      const auth = requireAuth(request);
      const subject = await getSubjectRow(app.db, auth.tenantId, request.params.subjectUid);
      const { row, focus } = await mediaToAssociate(request);
      requireFocusInside(focus, row);
      const { capture_id } = await associateMedia(app, {
        tenantId: auth.tenantId,
        mediaId: row.mediaId,
        subjectUid: subject.subjectUid,
        focus,
        userId: auth.userId,
      });
      return { media_id: row.mediaId, subject_uid: subject.subjectUid, capture_id };
    },
  );

  // `{media_id, focus?}` as a JSON body or as query parameters (focus then as JSON text).
  app.delete('/1/subjects/:subjectUid/media', { schema: { params: subjectParams } }, async (request, reply) => {
    const auth = requireAuth(request);
    const subject = await getSubjectRow(app.db, auth.tenantId, request.params.subjectUid);
    const fromBody = request.body === undefined || request.body === null ? null : parseWith(associateBody, request.body, 'body');
    const fromQuery = parseWith(removeQuery, request.query, 'querystring');
    const mediaId = fromBody?.media_id ?? fromQuery.media_id;
    if (!mediaId) throw badRequest('Give the media_id of the association to remove.', [{ field: 'media_id', message: 'Required.' }]);
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
      const page = await pageSubjectMedia(app.db, auth.tenantId, subject.subjectUid, { limit, cursor: cursor ?? 0 });
      const mediaIds = [...new Set(page.pairs.map((pair) => pair.mediaId))];
      const [current, mediaRows] = await Promise.all([
        currentAssertionsOfMedia(app.db, mediaIds, subject.subjectUid),
        mediaIds.length ? app.db.select().from(media).where(inArray(media.mediaId, mediaIds)) : [],
      ]);
      const associations = toAssociations(current, mediaRows, mediaLinksFor(request));
      const keyOf = (mediaId: string, focusKey: string) => `${mediaId}\n${focusKey}`;
      const order = new Map(page.pairs.map((pair, index) => [keyOf(pair.mediaId, pair.focusKey), index]));
      associations.sort(
        (a, b) =>
          (order.get(keyOf(a.media.media_id, focusKey(a.focus))) ?? 0) - (order.get(keyOf(b.media.media_id, focusKey(b.focus))) ?? 0),
      );
      const last = page.pairs.at(-1);
      return { data: associations, paging: page.hasMore && last ? { next: pagingLink(request, { limit, cursor: last.firstSeq }) } : {} };
    },
  );
};
