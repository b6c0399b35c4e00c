import { z } from 'zod';
import { applicationEventSchema, EVENT_TYPES, eventTypeSchema, pendingDetectionsSchema, replaySchema } from '../../src/api/schemas/events';
import { requireAuth } from '../auth/context';
import { getApplicationRow } from '../domain/applications';
import { pageEvents, pendingDetections } from '../domain/events';
import { pagedListOf } from '../domain/media-schemas';
import type { RoutesPlugin } from './instance';
import { listOf, nodeId } from '../http/schemas';
import { pagingLink, pagingQuery } from './paging';

const appParams = z.object({ applicationId: nodeId });

/** What an application sends and has still to do: its event types, its events, replay and the detections waiting. */
export const eventRoutes: RoutesPlugin = async (app) => {
  const applicationOf = (request: { params: { applicationId: string } } & Parameters<typeof requireAuth>[0]) =>
    getApplicationRow(app.db, requireAuth(request).tenantId, request.params.applicationId);

  app.get(
    '/1/applications/:applicationId/eventTypes',
    { schema: { params: appParams, response: { 200: listOf(eventTypeSchema) } } },
    async (request) => {
      await applicationOf(request);
      return { data: [...EVENT_TYPES] };
    },
  );

  app.get(
    '/1/applications/:applicationId/events',
    { schema: { params: appParams, querystring: pagingQuery, response: { 200: pagedListOf(applicationEventSchema) } } },
    async (request) => {
      const appRow = await applicationOf(request);
      const { limit, cursor } = request.query;
      const page = await pageEvents(app.db, appRow.applicationId, limit, cursor ?? null);
      const paging = page.nextCursor === null ? {} : { next: pagingLink(request, { limit, cursor: page.nextCursor }) };
      return { data: page.events, paging };
    },
  );

  app.get('/1/applications/:applicationId/replay', { schema: { params: appParams, response: { 200: replaySchema } } }, async (request) => {
    const appRow = await applicationOf(request);
    return { replay: appRow.replay };
  });

  app.get(
    '/1/applications/:applicationId/detections/pending',
    { schema: { params: appParams, response: { 200: pendingDetectionsSchema } } },
    async (request) => pendingDetections(app.jobs, (await applicationOf(request)).applicationId),
  );
};
