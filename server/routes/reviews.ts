import { z } from 'zod';
import { consensusEntrySchema, resolveReviewBody, reviewItemSchema } from '../../src/api/schemas/consensus';
import { requireAuth } from '../auth/context';
import { getApplicationRow, requireManageApplication } from '../domain/applications';
import { toMedia } from '../domain/media';
import { mediaSchema, pagedListOf } from '../domain/media-schemas';
import { countReviews, pageReviews, resolveReview, toReview } from '../domain/reviews';
import type { RoutesPlugin } from './instance';
import { nodeId } from '../http/schemas';
import { pagingLink, pagingQuery } from './paging';
import { mediaLinksFor } from './media-links';

const appParams = z.object({ applicationId: nodeId });

/** The review queue: items whose labellers disagreed, and a manager's decision on one. */
export const reviewRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/1/applications/:applicationId/reviews',
    { schema: { params: appParams, querystring: pagingQuery, response: { 200: pagedListOf(z.object({ ...reviewItemSchema.shape, media: mediaSchema })) } } },
    async (request) => {
      // Every labeller's answer on each item: the managers' to see.
      const auth = requireAuth(request);
      const appRow = await getApplicationRow(app.db, auth.tenantId, request.params.applicationId);
      requireManageApplication(auth, appRow);
      const { limit, cursor } = request.query;
      const page = await pageReviews(app.db, appRow.applicationId, limit, cursor ?? 0);
      return {
        data: page.items.map((item) => ({ ...toReview(item), media: toMedia(item.mediaRow, mediaLinksFor(request)) })),
        paging: page.nextOffset === null ? {} : { next: pagingLink(request, { limit, cursor: page.nextOffset }) },
      };
    },
  );

  app.get(
    '/1/applications/:applicationId/reviews/count',
    { schema: { params: appParams, response: { 200: z.object({ pending: z.number().int() }) } } },
    async (request) => {
      const appRow = await getApplicationRow(app.db, requireAuth(request).tenantId, request.params.applicationId);
      return { pending: await countReviews(app.db, appRow.applicationId) };
    },
  );

  app.post(
    '/1/applications/:applicationId/reviews/:reviewId',
    { schema: { params: appParams.extend({ reviewId: nodeId }), body: resolveReviewBody, response: { 200: consensusEntrySchema } } },
    async (request) => {
      const auth = requireAuth(request);
      const appRow = await getApplicationRow(app.db, auth.tenantId, request.params.applicationId);
      requireManageApplication(auth, appRow);
      return resolveReview(app.db, appRow, request.params.reviewId, request.body.subjects, auth.userId);
    },
  );
};
