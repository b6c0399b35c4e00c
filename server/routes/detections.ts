import { z } from 'zod';
import { requireAuth } from '../auth/context';
import type { Database } from '../db';
import { getApplicationRow, type ApplicationRow } from '../domain/applications';
import { answerReaderOf } from '../domain/answer-readers';
import { pageDetections } from '../domain/detections';
import { modelIdOfVersion } from '../domain/models';
import { detectionRecordSchema, pagedListOf } from '../domain/media-schemas';
import { invalid } from '../errors';
import type { RoutesPlugin } from './instance';
import { nodeId, queryBoolean } from '../http/schemas';
import { baselineModelId } from '../../src/api/schemas/models';
import { pagingLink, pagingQuery, unixTime } from './paging';
import { mediaLinksFor } from './media-links';
import { unixNow } from '../db/unix-time';

const probability = z
  .string()
  .regex(/^\d+(\.\d+)?$/, { message: 'Give a probability from 0 to 1.' })
  .transform(Number)
  .pipe(z.number().max(1, { message: 'Give a probability from 0 to 1.' }));

const detectionsQuery = pagingQuery
  .extend({
    start: unixTime.default(0),
    end: unixTime.optional(),
    probability_lower: probability.default(0),
    probability_upper: probability.default(1),
    reverse: queryBoolean.default(false),
    consensus_none: queryBoolean.default(false),
    only_user: queryBoolean.default(false),
    only_model: queryBoolean.default(false),
    model_version: z
      .string()
      .regex(/^\d{1,9}$/, { message: 'Give a model version: a whole number, 0 for the baseline.' })
      .transform(Number)
      .optional(),
  })
  .refine((query) => !(query.only_user && query.only_model), {
    message: 'only_user and only_model cannot both be true.',
    path: ['only_model'],
  })
  .refine((query) => !(query.only_user && query.model_version !== undefined), {
    message: 'only_user and model_version cannot be combined.',
    path: ['model_version'],
  });

/** Whose proposals only_model and model_version ask for: that version's model, else the current one; null: anyone's. */
async function onlyModelIdOf(db: Database, appRow: ApplicationRow, query: { only_model: boolean; model_version?: number }) {
  if (query.model_version !== undefined) {
    const modelId = await modelIdOfVersion(db, appRow.applicationId, query.model_version);
    if (!modelId) {
      throw invalid(`This application has no model version ${query.model_version}.`, [
        { field: 'model_version', message: 'No model of this version.' },
      ]);
    }
    return modelId;
  }
  return query.only_model ? (appRow.currentModelId ?? baselineModelId(appRow.applicationId)) : null;
}

export const detectionRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/1/applications/:applicationId/detections',
    {
      schema: {
        params: z.object({ applicationId: nodeId }),
        querystring: detectionsQuery,
        response: { 200: pagedListOf(detectionRecordSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const appRow = await getApplicationRow(app.db, auth.tenantId, request.params.applicationId);
      const query = request.query;
      if (query.probability_lower > query.probability_upper) {
        throw invalid('probability_lower cannot be above probability_upper.', [
          { field: 'probability_lower', message: 'Must not exceed probability_upper.' },
        ]);
      }
      const end = query.end ?? unixNow();
      const page = await pageDetections(
        app.db,
        appRow.applicationId,
        {
          start: query.start,
          end,
          probabilityLower: query.probability_lower,
          probabilityUpper: query.probability_upper,
          limit: query.limit,
          reverse: query.reverse,
          consensusNone: query.consensus_none,
          onlyUser: query.only_user,
          onlyModelId: await onlyModelIdOf(app.db, appRow, query),
          cursor: query.cursor ?? null,
          reader: await answerReaderOf(app.db, auth),
        },
        mediaLinksFor(request),
      );
      if (page.nextCursor === null) return { data: page.records, paging: {} };
      const next = pagingLink(request, {
        start: query.start,
        end,
        probability_upper: query.probability_upper,
        probability_lower: query.probability_lower,
        limit: query.limit,
        reverse: query.reverse,
        consensus_none: query.consensus_none,
        only_user: query.only_user,
        only_model: query.only_model,
        ...(query.model_version !== undefined ? { model_version: query.model_version } : {}),
        cursor: page.nextCursor,
      });
      return { data: page.records, paging: { next } };
    },
  );
};
