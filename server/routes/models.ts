import { z } from 'zod';
import {
  evaluationMetricsSchema,
  modelPerformanceSchema,
  releasedModelSchema,
  releaseStatusSchema,
  startReleaseBody,
  type ModelPerformance,
  type ReleaseStatus,
} from '../../src/api/schemas/models';
import { learningCurveSchema } from '../../src/api/schemas/learning-curve';
import { requireAuth } from '../auth/context';
import { getApplicationRow, requireManageApplication, type ApplicationRow } from '../domain/applications';
import { pagedListOf } from '../domain/media-schemas';
import { currentValidation, evaluationMetrics, pageReleases, releaseValidation, toReleasedModel, type ReleaseQuery } from '../domain/models';
import { learningCurve } from '../feedback/learning-curve';
import { newRandomValidation } from '../feedback/random-validation';
import { isReleasing, startRelease } from '../feedback/release';
import { invalid } from '../errors';
import type { RoutesPlugin } from './instance';
import { nodeId, queryBoolean } from '../http/schemas';
import { pagingLink, pagingQuery, unixTime } from './paging';
import { unixNow } from '../db/unix-time';

const appParams = z.object({ applicationId: nodeId });

const seconds = z
  .string()
  .regex(/^\d+(\.\d+)?$/, { message: 'Give a number of seconds above 0.' })
  .transform(Number)
  .pipe(z.number().positive({ message: 'Give a number of seconds above 0.' }));

/** `start`, `end` (release times), `limit`, `reverse` (newest first) and the `cursor` of the next page. */
const releasesQuery = pagingQuery.extend({
  start: unixTime.optional(),
  end: unixTime.optional(),
  reverse: queryBoolean.default(false),
});

/** As for models, and `duration`: the releases of the last that many seconds (instead of `start`). */
const performanceQuery = releasesQuery.extend({ duration: seconds.optional() });

type ReleasesQueryInput = z.infer<typeof performanceQuery>;

/** The query's time window; `end` defaults to now, so that the next pages list the same releases. */
function windowOf(query: ReleasesQueryInput): ReleaseQuery {
  const end = query.end ?? unixNow();
  const start = query.duration !== undefined ? end - query.duration : (query.start ?? 0);
  if (start > end) {
    throw invalid('start cannot be after end.', [{ field: 'start', message: 'Must not be after end.' }]);
  }
  return { start, end, limit: query.limit, reverse: query.reverse, cursor: query.cursor ?? null };
}

const nextLink = (request: Parameters<typeof pagingLink>[0], window: ReleaseQuery, cursor: number | null) =>
  cursor === null
    ? {}
    : { next: pagingLink(request, { start: window.start, end: window.end, limit: window.limit, reverse: window.reverse, cursor }) };

/** The (few) entries released inside the window, in its order and up to its limit, as one page. */
function unpagedInWindow(entries: ModelPerformance[], window: ReleaseQuery) {
  const inside = entries.filter((entry) => entry.release_time >= window.start && entry.release_time <= window.end);
  if (window.reverse) inside.reverse();
  return { data: inside.slice(0, window.limit), paging: {} };
}

const releaseStatus = (running: boolean, appRow: ApplicationRow): ReleaseStatus => ({
  running,
  release_model_count: appRow.releaseModelCount,
  last_released_at: appRow.lastReleasedAt,
  last_candidate: appRow.lastCandidate,
});

export const modelRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/1/applications/:applicationId/release',
    { schema: { params: appParams, response: { 200: releaseStatusSchema } } },
    async (request) => {
      const appRow = await getApplicationRow(app.db, requireAuth(request).tenantId, request.params.applicationId);
      return releaseStatus(await isReleasing(app, appRow.applicationId), appRow);
    },
  );

  app.post(
    '/1/applications/:applicationId/release',
    { schema: { params: appParams, body: startReleaseBody, response: { 202: releaseStatusSchema } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const appRow = await getApplicationRow(app.db, auth.tenantId, request.params.applicationId);
      requireManageApplication(auth, appRow);
      await startRelease(app, appRow, { force: request.body?.force === true });
      return reply.status(202).send(releaseStatus(await isReleasing(app, appRow.applicationId), appRow));
    },
  );

  app.get(
    '/1/applications/:applicationId/models',
    { schema: { params: appParams, querystring: releasesQuery, response: { 200: pagedListOf(releasedModelSchema) } } },
    async (request) => {
      const appRow = await getApplicationRow(app.db, requireAuth(request).tenantId, request.params.applicationId);
      const window = windowOf(request.query);
      const page = await pageReleases(app.db, appRow.applicationId, window);
      return { data: page.rows.map(toReleasedModel), paging: nextLink(request, window, page.nextCursor) };
    },
  );

  app.get(
    '/1/applications/:applicationId/performance/releaseValidation',
    { schema: { params: appParams, querystring: performanceQuery, response: { 200: pagedListOf(modelPerformanceSchema) } } },
    async (request) => {
      const appRow = await getApplicationRow(app.db, requireAuth(request).tenantId, request.params.applicationId);
      const window = windowOf(request.query);
      const page = await pageReleases(app.db, appRow.applicationId, { ...window, measuredOnly: true });
      const data = page.rows.flatMap((row) => releaseValidation(appRow, row) ?? []);
      return { data, paging: nextLink(request, window, page.nextCursor) };
    },
  );

  app.get(
    '/1/applications/:applicationId/performance/currentValidation',
    { schema: { params: appParams, querystring: performanceQuery, response: { 200: pagedListOf(modelPerformanceSchema) } } },
    async (request) => {
      const appRow = await getApplicationRow(app.db, requireAuth(request).tenantId, request.params.applicationId);
      return unpagedInWindow(await currentValidation(app.db, appRow), windowOf(request.query));
    },
  );

  app.get(
    '/1/applications/:applicationId/performance/newRandom',
    { schema: { params: appParams, querystring: performanceQuery, response: { 200: pagedListOf(modelPerformanceSchema) } } },
    async (request) => {
      const appRow = await getApplicationRow(app.db, requireAuth(request).tenantId, request.params.applicationId);
      const measured = await newRandomValidation({ db: app.db, blobs: app.blobs }, appRow);
      return unpagedInWindow(measured ? [measured] : [], windowOf(request.query));
    },
  );

  app.get(
    '/1/applications/:applicationId/learning_curve',
    { schema: { params: appParams, response: { 200: learningCurveSchema } } },
    async (request) => learningCurve({ db: app.db, blobs: app.blobs }, await getApplicationRow(app.db, requireAuth(request).tenantId, request.params.applicationId)),
  );

  app.get(
    '/22/applications/:applicationId/evaluation_metrics',
    { schema: { params: appParams, response: { 200: evaluationMetricsSchema } } },
    async (request) => evaluationMetrics(app.db, await getApplicationRow(app.db, requireAuth(request).tenantId, request.params.applicationId)),
  );
};
