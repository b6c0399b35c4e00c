import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DECISION_TIME_MAX_AHEAD_SECONDS, FEEDBACK_HELD_LIMIT, FEEDBACK_PULL_LIMIT } from '../../src/api/limits';
import { feedbackResponse, focusSchema } from '../../src/api/schemas/feedback';
import { proposedSubjectSchema } from '../../src/api/schemas/feedback-requests';
import { requireAuth } from '../auth/context';
import { DEFAULT_FEEDBACK_CONFIG } from '../config';
import { applicationNotFound, getApplicationRow, requireManageApplication } from '../domain/applications';
import { queueFeedbackBody, queueFeedbackResult } from '../../src/api/schemas/feedback-queue';
import { queueMediaForFeedback } from '../feedback/queue-items';
import { toMedia } from '../domain/media';
import { submitFeedback } from '../feedback/answers';
import { queueAnswerEvent } from '../model-server/webhooks';
import { neighbourFrames } from '../feedback/neighbour-frames';
import { heldWithGold, pullWithGold, returnGold } from '../feedback/gold-pull';
import { returnFeedback, type Lease, type PulledItem } from '../feedback/pull';
import { releaseIfDue } from '../feedback/release';
import { queueCounts } from '../feedback/scheduler';
import { invalid } from '../errors';
import type { RoutesPlugin } from './instance';
import { mediaLinksFor } from './media-links';

const appParams = z.object({ applicationId: z.string().min(1).max(100) });

const { min, max } = FEEDBACK_PULL_LIMIT;
const LIMIT_MESSAGE = `limit is a whole number from ${min} to ${max}.`;
const pullQuery = z.object({
  limit: z.coerce.number(LIMIT_MESSAGE).int(LIMIT_MESSAGE).min(min, LIMIT_MESSAGE).max(max, LIMIT_MESSAGE).default(FEEDBACK_PULL_LIMIT.default),
});

/** The contract's feedback body, and the one rule that needs the service's clock. */
const feedbackBody = feedbackResponse.check(
  z.refine(({ decision_time }) => decision_time === undefined || decision_time <= Date.now() / 1000 + DECISION_TIME_MAX_AHEAD_SECONDS, {
    path: ['decision_time'],
    message: `decision_time is more than ${DECISION_TIME_MAX_AHEAD_SECONDS / 60} minutes ahead of the service's clock.`,
  }),
);

const feedbackRequestSchema = z.object({
  media_id: z.string(),
  media: z.record(z.string(), z.unknown()),
  subjects: z.array(proposedSubjectSchema),
  other_media: z.array(z.record(z.string(), z.unknown())).optional(),
  focus: z.optional(focusSchema),
});

const idempotencyKeyOf = (request: FastifyRequest): string | null => {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 255) throw invalid('The Idempotency-Key header holds 1 to 255 characters.');
  return key;
};

const returnBody = z.object({
  media_ids: z.array(z.string().min(1).max(100), { message: 'media_ids is a list of media ids.' }).min(1).max(100),
  skip: z.boolean({ message: 'skip is true or false.' }).default(true),
});

function leaseOf(app: FastifyInstance, request: FastifyRequest<{ Params: { applicationId: string } }>): Lease {
  const auth = requireAuth(request);
  const { leaseSeconds } = app.config.feedback ?? DEFAULT_FEEDBACK_CONFIG;
  return { tenantId: auth.tenantId, appId: request.params.applicationId, userId: auth.userId, seconds: leaseSeconds };
}

/** `POST …/feedback` under `/1` and, for existing clients, `/21`. */
function registerFeedbackPost(app: Parameters<RoutesPlugin>[0], path: string) {
  app.post(path, { schema: { params: appParams, body: feedbackBody } }, async (request, reply) => {
    const auth = requireAuth(request);
    const { appRow, answersSinceRelease } = await submitFeedback(
      app.db,
      { tenantId: auth.tenantId, userId: auth.userId },
      request.params.applicationId,
      request.body,
      idempotencyKeyOf(request),
    );
    if (answersSinceRelease !== null) {
      const answer = { mediaId: request.body.media_id, focus: request.body.focus ?? null, userId: auth.userId, subjects: request.body.subjects };
      if (await queueAnswerEvent(app.db, app.jobs, appRow, answer)) app.jobs.kick();
    }
    await releaseIfDue(app, appRow, answersSinceRelease);
    return reply.status(204).send();
  });
}

/**
 * Pulled or held requests as the interface shows them, a frame's with its neighbouring frames in `other_media`; null
 * (no such application in the tenant) is 404.
 */
async function feedbackRequests(items: PulledItem[] | null, request: FastifyRequest) {
  if (!items) throw applicationNotFound();
  const links = mediaLinksFor(request);
  const neighbours = await neighbourFrames(request.server.db, requireAuth(request).tenantId, items.map((item) => item.mediaRow));
  return items.map(({ mediaRow, focus, proposals }) => {
    const frames = neighbours.get(mediaRow.mediaId);
    return {
      media_id: mediaRow.mediaId,
      media: { ...toMedia(mediaRow, links) },
      subjects: proposals.map((proposal) => ({
        subject_uid: proposal.subject_uid,
        media_id: mediaRow.mediaId,
        probability: proposal.probability,
        app_data_type: proposal.app_data_type,
        app_data: proposal.app_data,
        counted: proposal.counted,
      })),
      ...(frames ? { other_media: frames.map((row) => toMedia(row, links)) } : {}),
      ...(focus ? { focus } : {}),
    };
  });
}

export const feedbackRoutes: RoutesPlugin = async (app) => {
  const feedbackRequestList = { 200: z.array(feedbackRequestSchema) };

  app.get(
    '/1/applications/:applicationId/feedback',
    { schema: { params: appParams, querystring: pullQuery, response: feedbackRequestList } },
    async (request) => feedbackRequests(await pullWithGold(app.db, leaseOf(app, request), request.query.limit), request),
  );

  app.get(
    '/1/applications/:applicationId/feedback/held',
    { schema: { params: appParams, response: feedbackRequestList } },
    async (request) => feedbackRequests(await heldWithGold(app.db, leaseOf(app, request), FEEDBACK_HELD_LIMIT), request),
  );

  app.get(
    '/1/applications/:applicationId/feedback/pending',
    { schema: { params: appParams, response: { 200: z.object({ pending: z.number().int(), leased: z.number().int() }) } } },
    async (request) => {
      const auth = requireAuth(request);
      const appRow = await getApplicationRow(app.db, auth.tenantId, request.params.applicationId);
      return queueCounts(app.db, appRow.applicationId);
    },
  );

  app.post('/1/applications/:applicationId/feedback/return', { schema: { params: appParams, body: returnBody } }, async (request, reply) => {
    const lease = leaseOf(app, request);
    await getApplicationRow(app.db, lease.tenantId, lease.appId);
    const { media_ids, skip } = request.body as z.infer<typeof returnBody>;
    await returnFeedback(app.db, lease, media_ids, skip);
    await returnGold(app.db, lease, media_ids);
    return reply.status(204).send();
  });

  app.post(
    '/1/applications/:applicationId/feedback/queue',
    { schema: { params: appParams, body: queueFeedbackBody, response: { 200: queueFeedbackResult } } },
    async (request) => {
      const auth = requireAuth(request);
      const appRow = await getApplicationRow(app.db, auth.tenantId, request.params.applicationId);
      requireManageApplication(auth, appRow);
      return queueMediaForFeedback(app.db, app.jobs, appRow, request.body.media_ids);
    },
  );

  registerFeedbackPost(app, '/1/applications/:applicationId/feedback');
  registerFeedbackPost(app, '/21/applications/:applicationId/feedback');
};
