import { z } from 'zod';
import { captureStatusSchema } from '../../src/api/schemas/capture';
import { requireAuth } from '../auth/context';
import { getApplicationRow } from '../domain/applications';
import { captureStatus } from '../domain/capture-state';
import { notFound } from '../errors';
import { nodeId } from '../http/schemas';
import { captureModule } from '../types/registry';
import type { RoutesPlugin } from './instance';
import { mediaLinksFor } from './media-links';

const appParams = z.object({ applicationId: nodeId });

/** A capture application's status (extension): frames or images stored, the latest one, errors, the next attempt. */
export const captureRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/1/applications/:applicationId/capture',
    { schema: { params: appParams, response: { 200: captureStatusSchema } } },
    async (request) => {
      const auth = requireAuth(request);
      const row = await getApplicationRow(app.db, auth.tenantId, request.params.applicationId);
      if (!captureModule(row.type)) throw notFound('This application captures nothing: only network_camera and social_feed applications do.');
      return captureStatus(app.db, row, mediaLinksFor(request));
    },
  );
};
