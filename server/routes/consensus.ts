import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { consensusEntrySchema, consensusReleaseSchema, consensusSnapshotSchema } from '../../src/api/schemas/consensus';
import { requireAuth } from '../auth/context';
import type { ModelRow } from '../domain/models';
import { getApplicationRow, listApplicationIdsWithOutput } from '../domain/applications';
import { answerReaderFor, answerReaderOf, type AnswerReader } from '../domain/answer-readers';
import { toAssertion } from '../domain/assertions';
import { countDecided, pageDecided, type DecidedQuery } from '../domain/consensus';
import { getConsensusRelease, latestConsensusRelease, pageConsensusReleases, pageUpstreamAssertions } from '../domain/consensus-releases';
import { labellerStandings } from '../quality/labeller-standings';
import { assertionSchema, pagedListOf } from '../domain/media-schemas';
import { countReviews } from '../domain/reviews';
import { getSubjectRow } from '../domain/subjects';
import { invalid } from '../errors';
import type { RoutesPlugin } from './instance';
import { nodeId, queryBoolean } from '../http/schemas';
import type { Database } from '../db';
import { pagingLink, pagingQuery, unixTime } from './paging';
import { unixNow } from '../db/unix-time';

const appParams = z.object({ applicationId: nodeId });
const releaseParams = appParams.extend({ releaseId: nodeId });

/** `start`, `end` (decision times), `limit`, `cursor`, `reverse` (oldest first) and, per application, `subject_uid`. */
const historyQuery = pagingQuery.extend({
  start: unixTime.optional(),
  end: unixTime.optional(),
  reverse: queryBoolean.default(false),
  subject_uid: z.string().min(1).max(100).optional(),
});
type HistoryQuery = z.infer<typeof historyQuery>;

/** The query as a page of decided items; `end` defaults to now, so that the next pages list the same items. */
function historyWindow(query: HistoryQuery): DecidedQuery & { limit: number } {
  const end = query.end ?? unixNow();
  const start = query.start ?? 0;
  if (start > end) throw invalid('start cannot be after end.', [{ field: 'start', message: 'Must not be after end.' }]);
  return { start, end, limit: query.limit, offset: query.cursor ?? 0, newestFirst: !query.reverse, subjectUid: query.subject_uid };
}

async function historyPage(db: Database, request: FastifyRequest, appIds: string[], reader: AnswerReader, query: HistoryQuery) {
  const window = historyWindow(query);
  const { entries, nextOffset } = await pageDecided(db, appIds, { ...window, reader });
  const params = { start: window.start!, end: window.end!, limit: window.limit, reverse: query.reverse, ...(query.subject_uid ? { subject_uid: query.subject_uid } : {}) };
  return { data: entries, paging: nextOffset === null ? {} : { next: pagingLink(request, { ...params, cursor: nextOffset }) } };
}

const toRelease = (row: ModelRow) => ({
  consensus_release_id: row.modelId,
  application_id: row.applicationId,
  model_version: row.version,
  consensus_release_timestamp: row.createdAt,
});

export const consensusRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/1/applications/:applicationId/consensusHistory',
    { schema: { params: appParams, querystring: historyQuery, response: { 200: pagedListOf(consensusEntrySchema) } } },
    async (request) => {
      const auth = requireAuth(request);
      const appRow = await getApplicationRow(app.db, auth.tenantId, request.params.applicationId);
      return historyPage(app.db, request, [appRow.applicationId], answerReaderFor(auth, appRow), request.query);
    },
  );

  app.get(
    '/1/subjects/:subjectUid/consensusHistory',
    { schema: { params: z.object({ subjectUid: nodeId }), querystring: historyQuery.omit({ subject_uid: true }), response: { 200: pagedListOf(consensusEntrySchema) } } },
    async (request) => {
      const auth = requireAuth(request);
      const subject = await getSubjectRow(app.db, auth.tenantId, request.params.subjectUid);
      const appIds = await listApplicationIdsWithOutput(app.db, auth.tenantId, subject.subjectUid);
      return historyPage(app.db, request, appIds, await answerReaderOf(app.db, auth), { ...request.query, subject_uid: subject.subjectUid });
    },
  );

  app.get(
    '/22/applications/:applicationId/consensus_release',
    { schema: { params: appParams, querystring: pagingQuery, response: { 200: pagedListOf(consensusReleaseSchema) } } },
    async (request) => {
      const appRow = await getApplicationRow(app.db, requireAuth(request).tenantId, request.params.applicationId);
      const { limit } = request.query;
      const { rows, nextCursor } = await pageConsensusReleases(app.db, appRow.applicationId, request.query);
      return { data: rows.map(toRelease), paging: nextCursor === null ? {} : { next: pagingLink(request, { limit, cursor: nextCursor }) } };
    },
  );

  app.get(
    '/22/applications/:applicationId/consensus_release/:releaseId',
    { schema: { params: releaseParams, response: { 200: consensusReleaseSchema } } },
    async (request) => {
      const appRow = await getApplicationRow(app.db, requireAuth(request).tenantId, request.params.applicationId);
      const release = await getConsensusRelease(app.db, appRow.applicationId, request.params.releaseId);
      return { ...toRelease(release), consensus_item_count: await countDecided(app.db, appRow.applicationId, release.createdAt) };
    },
  );

  app.get(
    '/22/applications/:applicationId/consensus_release/:releaseId/consensus_items',
    { schema: { params: releaseParams, querystring: pagingQuery, response: { 200: pagedListOf(consensusEntrySchema) } } },
    async (request) => {
      const auth = requireAuth(request);
      const appRow = await getApplicationRow(app.db, auth.tenantId, request.params.applicationId);
      const release = await getConsensusRelease(app.db, appRow.applicationId, request.params.releaseId);
      const { limit, cursor } = request.query;
      const { entries, nextOffset } = await pageDecided(app.db, [appRow.applicationId], {
        reader: answerReaderFor(auth, appRow),
        end: release.createdAt,
        newestFirst: false,
        limit,
        offset: cursor ?? 0,
      });
      return { data: entries, paging: nextOffset === null ? {} : { next: pagingLink(request, { limit, cursor: nextOffset }) } };
    },
  );

  app.get(
    '/22/applications/:applicationId/consensus_release/:releaseId/upstream_assertions',
    { schema: { params: releaseParams, querystring: pagingQuery, response: { 200: pagedListOf(assertionSchema) } } },
    async (request) => {
      const auth = requireAuth(request);
      const appRow = await getApplicationRow(app.db, auth.tenantId, request.params.applicationId);
      const release = await getConsensusRelease(app.db, appRow.applicationId, request.params.releaseId);
      const { limit } = request.query;
      const { rows, nextCursor } = await pageUpstreamAssertions(app.db, appRow.applicationId, answerReaderFor(auth, appRow), release, request.query);
      return { data: rows.map(toAssertion), paging: nextCursor === null ? {} : { next: pagingLink(request, { limit, cursor: nextCursor }) } };
    },
  );

  app.get(
    '/22/applications/:applicationId/leaderboard/recent_consensus_snapshot',
    { schema: { params: appParams, response: { 200: consensusSnapshotSchema } } },
    async (request) => {
      const appRow = await getApplicationRow(app.db, requireAuth(request).tenantId, request.params.applicationId);
      const latest = await latestConsensusRelease(app.db, appRow.applicationId);
      return {
        app_id: appRow.applicationId,
        leaderboard_timestamp: unixNow(),
        consensus_release_id: latest?.modelId ?? null,
        consensus_release_timestamp: latest?.createdAt ?? null,
        labellers_per_item: appRow.labellersPerItem,
        pending_reviews: await countReviews(app.db, appRow.applicationId),
        labellers: await labellerStandings(app.db, appRow),
      };
    },
  );
};
