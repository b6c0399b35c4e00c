import { z } from 'zod';
import { createExportBody, exportStatusSchema } from '../../src/api/schemas/exports';
import { requireAuth } from '../auth/context';
import { getApplicationRow, requireManageApplication } from '../domain/applications';
import { exportableRule } from '../export/dataset';
import { exportDownload, exportStatus, startExport } from '../export/export-jobs';
import type { RoutesPlugin } from './instance';
import { nodeId } from '../http/schemas';

const appParams = z.object({ applicationId: nodeId });
const exportParams = appParams.extend({ exportId: nodeId });

/** Label exports (local-service extension): tenant admins and the application's managers only. */
export const exportRoutes: RoutesPlugin = async (app) => {
  /** The caller's application, when they may export it (403 otherwise). */
  const managedApplication = async (request: Parameters<typeof requireAuth>[0], applicationId: string) => {
    const auth = requireAuth(request);
    const row = await getApplicationRow(app.db, auth.tenantId, applicationId);
    requireManageApplication(auth, row);
    return row;
  };

  app.post(
    '/1/applications/:applicationId/exports',
    { schema: { params: appParams, body: createExportBody, response: { 202: exportStatusSchema } } },
    async (request, reply) => {
      const row = await managedApplication(request, request.params.applicationId);
      exportableRule(row);
      return reply.status(202).send(await startExport(app, requireAuth(request), row, request.body));
    },
  );

  app.get(
    '/1/applications/:applicationId/exports/:exportId',
    { schema: { params: exportParams, response: { 200: exportStatusSchema } } },
    async (request) => {
      const row = await managedApplication(request, request.params.applicationId);
      return exportStatus(app.db, row.tenantId, row.applicationId, request.params.exportId);
    },
  );

  app.get('/1/applications/:applicationId/exports/:exportId/file', { schema: { params: exportParams } }, async (request, reply) => {
    const row = await managedApplication(request, request.params.applicationId);
    const file = await exportDownload(app, row.tenantId, row.applicationId, request.params.exportId);
    return reply
      .type(file.blob.contentType)
      .header('content-length', file.blob.size)
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header('cache-control', 'no-store')
      .send(file.blob.body);
  });
};
