import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { IMPORT_UPLOAD_MAX_BYTES } from '../../src/api/limits';
import { importFields, importReportSchema } from '../../src/api/schemas/imports';
import { requireAuth } from '../auth/context';
import { getApplicationRow, requireManageApplication } from '../domain/applications';
import { receiveFilesToDisk } from '../http/multipart-form';
import { parseWith } from '../http/parse';
import { nodeId } from '../http/schemas';
import { runImport } from '../import/run-import';
import type { RoutesPlugin } from './instance';

const appParams = z.object({ applicationId: nodeId });

/** Label imports (local-service extension): tenant admins and the application's managers only. */
export const importRoutes: RoutesPlugin = async (app) => {
  app.post(
    '/1/applications/:applicationId/imports',
    { config: { multipart: true }, schema: { params: appParams, response: { 200: importReportSchema } } },
    async (request) => {
      const auth = requireAuth(request);
      const appRow = await getApplicationRow(app.db, auth.tenantId, request.params.applicationId);
      requireManageApplication(auth, appRow);
      const directory = await mkdtemp(join(tmpdir(), 'looplabel-import-'));
      try {
        const { files, fields } = await receiveFilesToDisk(request, { what: 'the label files', directory, maxBytes: IMPORT_UPLOAD_MAX_BYTES });
        const firstValues = Object.fromEntries(Object.entries(fields).map(([name, values]) => [name, values[0]]));
        return await runImport(app, auth, appRow, { fields: parseWith(importFields, firstValues, 'body'), uploads: files });
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
  );
};
