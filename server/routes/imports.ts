import { rm } from 'node:fs/promises';
import { z } from 'zod';
import { IMPORT_INLINE_MAX_BYTES, IMPORT_UPLOAD_MAX_BYTES } from '../../src/api/limits';
import { importFields, importReportSchema, importStatusSchema } from '../../src/api/schemas/imports';
import { requireAuth } from '../auth/context';
import { getApplicationRow, requireManageApplication } from '../domain/applications';
import { receiveFilesToDisk } from '../http/multipart-form';
import { makeScratchDir } from '../media/scratch-dir';
import { parseWith } from '../http/parse';
import { nodeId } from '../http/schemas';
import { importStatus, startImportJob } from '../import/import-jobs';
import { parseLabels } from '../import/parse-labels';
import { importRuleOf, runImport } from '../import/run-import';
import type { RoutesPlugin } from './instance';

const appParams = z.object({ applicationId: nodeId });
const importParams = z.object({ applicationId: nodeId, importId: nodeId });

/**
 * Label imports (local-service extension): tenant admins and the application's managers only. Files of at most
 * IMPORT_INLINE_MAX_BYTES are imported at once (200 with the report); larger ones are read (and refused) at once, then
 * recorded by a job (202 with its status).
 */
export const importRoutes: RoutesPlugin = async (app) => {
  const managedApplication = async (request: Parameters<typeof requireAuth>[0], applicationId: string) => {
    const auth = requireAuth(request);
    const appRow = await getApplicationRow(app.db, auth.tenantId, applicationId);
    requireManageApplication(auth, appRow);
    return { auth, appRow };
  };

  app.post(
    '/1/applications/:applicationId/imports',
    { config: { multipart: true }, schema: { params: appParams, response: { 200: importReportSchema, 202: importStatusSchema } } },
    async (request, reply) => {
      const { auth, appRow } = await managedApplication(request, request.params.applicationId);
      importRuleOf(appRow);
      const directory = await makeScratchDir('import');
      try {
        const { files, fields, bytes } = await receiveFilesToDisk(request, { what: 'the label files', directory, maxBytes: IMPORT_UPLOAD_MAX_BYTES });
        const firstValues = Object.fromEntries(Object.entries(fields).map(([name, values]) => [name, values[0]]));
        const importRequest = { fields: parseWith(importFields, firstValues, 'body'), uploads: files };
        if (bytes > IMPORT_INLINE_MAX_BYTES) {
          // Files that are refused are refused now (4xx); those that read are recorded by a job.
          await parseLabels(importRequest.fields.format, importRequest.uploads, true);
          return await reply.status(202).send(await startImportJob(app, auth, appRow, importRequest));
        }
        return await runImport(app, auth, appRow, importRequest);
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
  );

  app.get('/1/applications/:applicationId/imports/:importId', { schema: { params: importParams, response: { 200: importStatusSchema } } }, async (request) => {
    const { auth, appRow } = await managedApplication(request, request.params.applicationId);
    return importStatus(app.db, auth.tenantId, appRow.applicationId, request.params.importId);
  });
};
