import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  RECENT_ANSWERS_LIMIT,
  TIMELINE_BUCKETS,
  TIMELINE_MAX_PERIODS,
  labellerAnswerSchema,
  labellerTimelineSchema,
  labellersResponseSchema,
  type TimelineBucket,
} from '../../src/api/schemas/labellers';
import { requireAuth, requireTenantAdmin } from '../auth/context';
import { applications } from '../db/schema';
import { unixNow } from '../db/unix-time';
import { getApplicationRow, requireManageApplication } from '../domain/applications';
import { toMedia } from '../domain/media';
import { invalid } from '../errors';
import { nodeId } from '../http/schemas';
import { labellerFigures, labellerTimeline } from '../quality/labeller-figures';
import { recentAnswers } from '../quality/recent-answers';
import type { RoutesPlugin } from './instance';
import { mediaLinksFor } from './media-links';
import { unixTime } from './paging';

const appParams = z.object({ applicationId: nodeId });
const ANSWERS_LIMIT_MESSAGE = `limit is a whole number from 1 to ${RECENT_ANSWERS_LIMIT.max}.`;
const answersQuery = z.object({
  limit: z.coerce.number(ANSWERS_LIMIT_MESSAGE).int(ANSWERS_LIMIT_MESSAGE).min(1, ANSWERS_LIMIT_MESSAGE).max(RECENT_ANSWERS_LIMIT.max, ANSWERS_LIMIT_MESSAGE).default(RECENT_ANSWERS_LIMIT.default),
});
const windowQuery = z.object({ start: unixTime.optional(), end: unixTime.optional() });
const timelineQuery = windowQuery.extend({
  bucket: z.enum(Object.keys(TIMELINE_BUCKETS) as [TimelineBucket, ...TimelineBucket[]], { message: 'bucket is hour, day or week.' }).default('day'),
});

/** The window a query asks for: up to now, from the first answer unless `start` says otherwise. */
function windowOf(query: z.infer<typeof windowQuery>) {
  const end = query.end ?? unixNow();
  if (query.start !== undefined && query.start > end) throw invalid('start is after end.');
  return { start: query.start ?? null, end };
}

/** A timeline's window: the last 30 periods unless `start` says otherwise, never more than TIMELINE_MAX_PERIODS. */
function timelineWindowOf(query: z.infer<typeof timelineQuery>) {
  const bucketSeconds = TIMELINE_BUCKETS[query.bucket];
  const { start, end } = windowOf(query);
  const from = start ?? end - 30 * bucketSeconds;
  if ((end - from) / bucketSeconds > TIMELINE_MAX_PERIODS) {
    throw invalid(`A timeline holds at most ${TIMELINE_MAX_PERIODS} periods: choose a later start or a wider bucket.`);
  }
  return { start: from, end, bucketSeconds };
}

/** The application, for its managers and the tenant's administrators. */
async function managedApplication(request: Parameters<typeof requireAuth>[0], applicationId: string) {
  const auth = requireAuth(request);
  const row = await getApplicationRow(request.server.db, auth.tenantId, applicationId);
  requireManageApplication(auth, row);
  return row;
}

/** The labeller analytics (an extension, docs/labeller-analytics.md): per application, and across the tenant. */
export const labellerRoutes: RoutesPlugin = async (app) => {
  const tenantApplications = async (tenantId: string) =>
    (await app.db.select().from(applications).where(eq(applications.tenantId, tenantId)));

  app.get(
    '/1/applications/:applicationId/labellers',
    { schema: { params: appParams, querystring: windowQuery, response: { 200: labellersResponseSchema } } },
    async (request) => {
      const row = await managedApplication(request, request.params.applicationId);
      const window = windowOf(request.query);
      return { ...window, flag_below: row.qualityFlagBelow, labellers: await labellerFigures(app.db, [row], window) };
    },
  );

  app.get(
    '/1/applications/:applicationId/labellers/timeline',
    { schema: { params: appParams, querystring: timelineQuery, response: { 200: labellerTimelineSchema } } },
    async (request) => {
      const row = await managedApplication(request, request.params.applicationId);
      const window = timelineWindowOf(request.query);
      const points = await labellerTimeline(app.db, [row], window);
      return { bucket: request.query.bucket, bucket_seconds: window.bucketSeconds, start: window.start, end: window.end, points };
    },
  );

  app.get(
    '/1/applications/:applicationId/labellers/:userId/answers',
    {
      schema: { params: appParams.extend({ userId: nodeId }), querystring: answersQuery, response: { 200: z.object({ data: z.array(labellerAnswerSchema) }) } },
    },
    async (request) => {
      const row = await managedApplication(request, request.params.applicationId);
      const answers = await recentAnswers(app.db, row, request.params.userId, request.query.limit);
      const links = mediaLinksFor(request);
      return {
        data: answers.map((answer) => ({
          media_id: answer.mediaRow.mediaId,
          media: toMedia(answer.mediaRow, links),
          focus: answer.focus,
          subjects: answer.subjects,
          decision_time: answer.decisionTime,
          reference: answer.reference,
          reference_source: answer.referenceSource,
          agrees: answer.agrees,
          score: answer.score,
        })),
      };
    },
  );

  app.get('/1/labellers', { schema: { querystring: windowQuery, response: { 200: labellersResponseSchema } } }, async (request) => {
    const apps = await tenantApplications(requireTenantAdmin(request).tenantId);
    const window = windowOf(request.query);
    const thresholds = new Set(apps.map((row) => row.qualityFlagBelow));
    return { ...window, flag_below: thresholds.size === 1 ? [...thresholds][0]! : null, labellers: await labellerFigures(app.db, apps, window) };
  });

  app.get('/1/labellers/timeline', { schema: { querystring: timelineQuery, response: { 200: labellerTimelineSchema } } }, async (request) => {
    const apps = await tenantApplications(requireTenantAdmin(request).tenantId);
    const window = timelineWindowOf(request.query);
    const points = await labellerTimeline(app.db, apps, window);
    return { bucket: request.query.bucket, bucket_seconds: window.bucketSeconds, start: window.start, end: window.end, points };
  });
};
