import { z } from 'zod';
import { ANSWER_BUCKETS, answerCountSchema, answeredFeedbackSchema, waitingFeedbackSchema } from '../../src/api/schemas/feedback-history';
import { requireAuth } from '../auth/context';
import { getApplicationRow, requireManageApplication } from '../domain/applications';
import { answerReaderFor } from '../domain/answer-readers';
import { pagedListOf } from '../domain/media-schemas';
import { countAnswers, pageAnswers, peekWaiting } from '../feedback/history';
import type { RoutesPlugin } from './instance';
import { listOf, nodeId } from '../http/schemas';
import { pagingLink, pagingQuery } from './paging';
import { unixNow } from '../db/unix-time';

const appParams = z.object({ applicationId: nodeId });

const countQuery = z.object({
  bucket: z.enum(ANSWER_BUCKETS, { message: `bucket is ${ANSWER_BUCKETS.join(' or ')}.` }).optional(),
});

const pendingQuery = pagingQuery.pick({ limit: true });

/** The feedback history of the production service's wider API: what people answered, and what waits for them. */
export const feedbackHistoryRoutes: RoutesPlugin = async (app) => {
  const applicationOf = (request: { params: { applicationId: string } } & Parameters<typeof requireAuth>[0]) =>
    getApplicationRow(app.db, requireAuth(request).tenantId, request.params.applicationId);

  app.get(
    '/21/applications/:applicationId/feedbackRequests',
    { schema: { params: appParams, querystring: pagingQuery, response: { 200: pagedListOf(answeredFeedbackSchema) } } },
    async (request) => {
      const appRow = await applicationOf(request);
      const { limit, cursor } = request.query;
      const page = await pageAnswers(app.db, appRow.applicationId, answerReaderFor(requireAuth(request), appRow), limit, cursor ?? null);
      const paging = page.nextCursor === null ? {} : { next: pagingLink(request, { limit, cursor: page.nextCursor }) };
      return { data: page.answers, paging };
    },
  );

  app.get(
    '/21/applications/:applicationId/feedbackRequests/count',
    { schema: { params: appParams, querystring: countQuery, response: { 200: answerCountSchema } } },
    async (request) => {
      const appRow = await applicationOf(request);
      return countAnswers(app.db, appRow.applicationId, request.query.bucket ?? null, unixNow());
    },
  );

  app.get(
    '/21/applications/:applicationId/feedbackRequests/pending',
    { schema: { params: appParams, querystring: pendingQuery, response: { 200: listOf(waitingFeedbackSchema) } } },
    async (request) => {
      // The queue ahead, without the gold items each labeller is served beside it: the managers' view.
      const appRow = await applicationOf(request);
      requireManageApplication(requireAuth(request), appRow);
      return { data: await peekWaiting(app.db, appRow.applicationId, request.query.limit, unixNow()) };
    },
  );
};
