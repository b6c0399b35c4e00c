import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PAGE_LIMIT } from '../../src/api/limits';
import { goldItemRef, goldItemSchema, goldListItemSchema, markGoldBody } from '../../src/api/schemas/gold';
import { requireAuth } from '../auth/context';
import { getApplicationRow, requireManageApplication } from '../domain/applications';
import { focusKey } from '../domain/assertions';
import { countGold, markGold, pageGold, unmarkGold } from '../domain/gold';
import { toMedia } from '../domain/media';
import { pagedListOf } from '../domain/media-schemas';
import { nodeId } from '../http/schemas';
import type { RoutesPlugin } from './instance';
import { mediaLinksFor } from './media-links';
import { pagingLink, pagingQuery } from './paging';

const appParams = z.object({ applicationId: nodeId });

const MEDIA_IDS_MESSAGE = `media_ids lists 1 to ${PAGE_LIMIT.max} media ids, separated by commas.`;
const listQuery = pagingQuery.extend({
  media_ids: z
    .string()
    .transform((ids) => ids.split(',').filter(Boolean))
    .pipe(z.array(nodeId, { message: MEDIA_IDS_MESSAGE }).min(1, MEDIA_IDS_MESSAGE).max(PAGE_LIMIT.max, MEDIA_IDS_MESSAGE))
    .optional(),
});

/** The application, for one of its managers only: gold items are the truth, which labellers must not see. */
async function managedApplication(request: FastifyRequest<{ Params: { applicationId: string } }>) {
  const auth = requireAuth(request);
  const appRow = await getApplicationRow(request.server.db, auth.tenantId, request.params.applicationId);
  requireManageApplication(auth, appRow);
  return { auth, appRow };
}

/** Gold items (extension): marked, listed, counted and unmarked by the application's managers. */
export const goldRoutes: RoutesPlugin = async (app) => {
  app.post(
    '/1/applications/:applicationId/gold',
    { schema: { params: appParams, body: markGoldBody, response: { 200: goldItemSchema } } },
    async (request) => {
      const { auth, appRow } = await managedApplication(request);
      const { media_id, focus, subjects } = request.body;
      return markGold(app.db, appRow, { mediaId: media_id, focus: focus ?? null, subjects }, auth.userId);
    },
  );

  app.get(
    '/1/applications/:applicationId/gold',
    { schema: { params: appParams, querystring: listQuery, response: { 200: pagedListOf(goldListItemSchema) } } },
    async (request) => {
      const { appRow } = await managedApplication(request);
      const { limit, cursor, media_ids } = request.query;
      const page = await pageGold(app.db, appRow.applicationId, { limit, offset: cursor ?? 0, mediaIds: media_ids });
      const links = mediaLinksFor(request);
      const params = { limit, ...(media_ids ? { media_ids: media_ids.join(',') } : {}) };
      return {
        data: page.items.map(({ item, mediaRow, answered, meanScore }) => ({ ...item, media: toMedia(mediaRow, links), answered, mean_score: meanScore })),
        paging: page.nextOffset === null ? {} : { next: pagingLink(request, { ...params, cursor: page.nextOffset }) },
      };
    },
  );

  app.get(
    '/1/applications/:applicationId/gold/count',
    { schema: { params: appParams, response: { 200: z.object({ gold: z.number().int() }) } } },
    async (request) => {
      const { appRow } = await managedApplication(request);
      return { gold: await countGold(app.db, appRow.applicationId) };
    },
  );

  app.post('/1/applications/:applicationId/gold/unmark', { schema: { params: appParams, body: goldItemRef } }, async (request, reply) => {
    const { appRow } = await managedApplication(request);
    await unmarkGold(app.db, appRow.applicationId, request.body.media_id, focusKey(request.body.focus));
    return reply.status(204).send();
  });
};
