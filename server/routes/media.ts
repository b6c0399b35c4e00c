import { z } from 'zod';
import { requireAuth } from '../auth/context';
import { answerReaderOf } from '../domain/answer-readers';
import { listAssertionsOfMedia, toMediaAssertion } from '../domain/assertions';
import { deleteMediaItem, getMediaRow, listFramesOf, readMediaBytes, searchMedia, storeUpload, toMedia } from '../domain/media';
import { mediaAssertionSchema, mediaSchema, mediaSubjectAssociationSchema, uploadedMediaSchema } from '../domain/media-schemas';
import { currentAssertionsOfMedia, toAssociations } from '../domain/media-subjects';
import { invalid } from '../errors';
import { postExternalDetections } from '../import/external-detections';
import { mediaObjectsSchema } from '../../src/api/schemas/detected-objects';
import { externalDetectionsBody, externalDetectionsResultSchema } from '../../src/api/schemas/imports';
import { detectCocoObjects } from '../vision/detector/detector';
import type { RoutesPlugin } from './instance';
import { listOf, nodeId } from '../http/schemas';
import { mediaLinksFor } from './media-links';
import { readUpload } from './media-upload';
import { pagingQuery } from './paging';

const mediaParams = z.object({ mediaId: nodeId });

const searchText = z.string().min(1).max(500);
const searchQuery = pagingQuery.pick({ limit: true }).extend({
  md5: z.string().regex(/^[0-9a-fA-F]{32}$/, { message: 'md5 is 32 hexadecimal digits.' }).optional(),
  filename: searchText.optional(),
  external_media_id: searchText.optional(),
});

const framesQuery = pagingQuery.pick({ limit: true });

export const mediaRoutes: RoutesPlugin = async (app) => {
  app.post('/1/media', { config: { multipart: true }, schema: { response: { 200: uploadedMediaSchema, 201: uploadedMediaSchema } } }, async (request, reply) => {
    const { upload } = await readUpload(request, requireAuth(request));
    const { row, duplicate } = await storeUpload(app.db, app.blobs, upload);
    return reply.status(duplicate ? 200 : 201).send({ ...toMedia(row, mediaLinksFor(request)), duplicate });
  });

  app.get('/1/media/all/search', { schema: { querystring: searchQuery, response: { 200: listOf(mediaSchema) } } }, async (request) => {
    const { md5, filename, external_media_id: externalMediaId, limit } = request.query;
    if (md5 === undefined && filename === undefined && externalMediaId === undefined) {
      throw invalid('Give md5, filename or external_media_id to search for.');
    }
    const rows = await searchMedia(app.db, requireAuth(request).tenantId, { md5, filename, externalMediaId, limit });
    const links = mediaLinksFor(request);
    return { data: rows.map((row) => toMedia(row, links)) };
  });

  app.get('/1/media/:mediaId', { schema: { params: mediaParams, response: { 200: mediaSchema } } }, async (request) => {
    const row = await getMediaRow(app.db, requireAuth(request).tenantId, request.params.mediaId);
    return toMedia(row, mediaLinksFor(request));
  });

  // Extension: the frames a video_segmentation application made of a video, in frame order.
  app.get(
    '/1/media/:mediaId/frames',
    { schema: { params: mediaParams, querystring: framesQuery, response: { 200: listOf(mediaSchema) } } },
    async (request) => {
      const { tenantId } = requireAuth(request);
      const video = await getMediaRow(app.db, tenantId, request.params.mediaId);
      const rows = await listFramesOf(app.db, tenantId, video.mediaId, request.query.limit);
      const links = mediaLinksFor(request);
      return { data: rows.map((row) => toMedia(row, links)) };
    },
  );

  app.delete('/1/media/:mediaId', { schema: { params: mediaParams } }, async (request, reply) => {
    const auth = requireAuth(request);
    const row = await getMediaRow(app.db, auth.tenantId, request.params.mediaId);
    await deleteMediaItem(app.db, app.blobs, row, auth);
    return reply.status(204).send();
  });

  app.post(
    '/1/media/:mediaId/detections',
    { schema: { params: mediaParams, body: externalDetectionsBody, response: { 201: externalDetectionsResultSchema, 200: externalDetectionsResultSchema } } },
    async (request, reply) => {
      const result = await postExternalDetections(app, requireAuth(request), request.params.mediaId, request.body);
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  app.get(
    '/1/media/:mediaId/detections',
    { schema: { params: mediaParams, response: { 200: z.object({ detections: z.array(mediaAssertionSchema) }) } } },
    async (request) => {
      const auth = requireAuth(request);
      const row = await getMediaRow(app.db, auth.tenantId, request.params.mediaId);
      return { detections: (await listAssertionsOfMedia(app.db, row.mediaId, await answerReaderOf(app.db, auth))).map(toMediaAssertion) };
    },
  );

  app.get(
    '/1/media/:mediaId/subjects',
    { schema: { params: mediaParams, response: { 200: listOf(mediaSubjectAssociationSchema) } } },
    async (request) => {
      const auth = requireAuth(request);
      const row = await getMediaRow(app.db, auth.tenantId, request.params.mediaId);
      const current = await currentAssertionsOfMedia(app.db, await answerReaderOf(app.db, auth), [row.mediaId]);
      return { data: toAssociations(current, [row], mediaLinksFor(request)) };
    },
  );

  // Extension: what click-to-box boxes. Every class at the detector's lowest score, whatever the applications map.
  app.get('/1/media/:mediaId/objects', { schema: { params: mediaParams, response: { 200: mediaObjectsSchema } } }, async (request) => {
    const row = await getMediaRow(app.db, requireAuth(request).tenantId, request.params.mediaId);
    return { media_id: row.mediaId, objects: await detectCocoObjects(await readMediaBytes(app.blobs, row)) };
  });
};
