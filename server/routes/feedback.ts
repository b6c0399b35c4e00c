import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LABELLABLE_TYPES } from '../../src/api/types';
import { requireAuth } from '../auth/context';
import { DEFAULT_FEEDBACK_CONFIG } from '../config';
import { applicationNotFound, getApplicationRow, requireManageApplication, toApplication } from '../domain/applications';
import { toMedia } from '../domain/media';
import { submitFeedback, type FeedbackInput } from '../feedback/answers';
import { pullFeedback, returnFeedback, type Lease } from '../feedback/pull';
import { releaseModel } from '../feedback/release';
import { queueCounts } from '../feedback/scheduler';
import { badRequest } from '../http/errors';
import type { RoutesPlugin } from '../http/instance';

const appParams = z.object({ applicationId: z.string().min(1).max(100) });

const pullQuery = z.object({
  limit: z.coerce
    .number({ message: 'limit is a whole number from 1 to 10.' })
    .int({ message: 'limit is a whole number from 1 to 10.' })
    .min(1, { message: 'limit is a whole number from 1 to 10.' })
    .max(10, { message: 'limit is a whole number from 1 to 10.' })
    .default(10),
});

const focusSchema = z.object({
  box: z.object({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() }),
});

const feedbackBody = z.object({
  media_id: z.string().min(1).max(100),
  subjects: z
    .array(
      z.object({
        subject_uid: z.string().min(1).max(100),
        result: z.enum(['True', 'False'], { message: 'result is True or False.' }),
        app_data_type: z.enum(['box_set', 'count', 'offset_x', 'offset_y', 'point']).nullable().optional(),
        app_data: z.unknown().optional(),
      }),
    )
    .min(1, { message: 'Give at least one subject answer.' })
    .max(100),
  focus: focusSchema.nullable().optional(),
  client_data: z.record(z.string(), z.unknown()).optional(),
  decision_time: z.number({ message: 'decision_time is a Unix time in seconds.' }).optional(),
});

const feedbackRequestSchema = z.object({
  media_id: z.string(),
  media: z.record(z.string(), z.unknown()),
  subjects: z.array(
    z.object({
      subject_uid: z.string(),
      media_id: z.string(),
      probability: z.number(),
      app_data_type: z.string().nullable(),
      app_data: z.unknown(),
    }),
  ),
  focus: focusSchema.optional(),
});

const idempotencyKeyOf = (request: FastifyRequest): string | null => {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 255) throw badRequest('The Idempotency-Key header holds 1 to 255 characters.');
  return key;
};

const releaseContext = (app: FastifyInstance) => ({ db: app.db, blobs: app.blobs });

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
  const releaseEvery = (app.config.feedback ?? DEFAULT_FEEDBACK_CONFIG).releaseEveryAnswers;
  app.post(path, { schema: { params: appParams, body: feedbackBody } }, async (request, reply) => {
    const auth = requireAuth(request);
    const { appRow, answersSinceRelease: answers } = await submitFeedback(
      app.db,
      { tenantId: auth.tenantId, userId: auth.userId },
      request.params.applicationId,
      request.body as FeedbackInput,
      idempotencyKeyOf(request),
    );
    if (answers !== null && releaseEvery > 0 && answers >= releaseEvery && LABELLABLE_TYPES.some((t) => t === appRow.type)) {
      app.backgroundJobs.run(`release:${appRow.applicationId}`, async () => {
        await releaseModel(releaseContext(app), await getApplicationRow(app.db, appRow.tenantId, appRow.applicationId));
      });
    }
    return reply.status(204).send();
  });
}

export const feedbackRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/1/applications/:applicationId/feedback',
    { schema: { params: appParams, querystring: pullQuery, response: { 200: z.array(feedbackRequestSchema) } } },
    async (request) => {
      const items = await pullFeedback(app.db, leaseOf(app, request), request.query.limit);
      if (!items) throw applicationNotFound();
      return items.map(({ mediaRow, focus, proposals }) => ({
        media_id: mediaRow.mediaId,
        media: { ...toMedia(mediaRow, request) },
        subjects: proposals.map((proposal) => ({
          subject_uid: proposal.subject_uid,
          media_id: mediaRow.mediaId,
          probability: proposal.probability,
          app_data_type: proposal.app_data_type,
          app_data: proposal.app_data,
        })),
        ...(focus ? { focus } : {}),
      }));
    },
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
    return reply.status(204).send();
  });

  registerFeedbackPost(app, '/1/applications/:applicationId/feedback');
  registerFeedbackPost(app, '/21/applications/:applicationId/feedback');

  app.post('/1/applications/:applicationId/release', { schema: { params: appParams } }, async (request) => {
    const auth = requireAuth(request);
    const appRow = await getApplicationRow(app.db, auth.tenantId, request.params.applicationId);
    requireManageApplication(auth, appRow);
    return toApplication(await releaseModel(releaseContext(app), appRow));
  });
};
