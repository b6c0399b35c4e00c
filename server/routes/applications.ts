import { z } from 'zod';
import { requireAuth, requireTenantAdmin, resolveTenantId } from '../auth/context';
import { applicationSchema, createApplicationBody, updateApplicationBody } from '../../src/api/schemas/application';
import { callbackAddressRules } from '../callbacks/worker';
import { listeningPortOf } from '../http/listening-port';
import { applicationStats } from '../feedback/application-stats';
import {
  createApplication,
  deleteApplication,
  getApplicationRow,
  listApplications,
  requireManageApplication,
  toApplication,
  updateApplication,
} from '../domain/applications';
import { keepSingleLabels } from '../domain/consensus';
import { cameraAddressRules } from '../processing/capture/capture-deps';
import { restartCaptureLoop } from '../processing/capture/capture-loop';
import type { RoutesPlugin } from './instance';
import { listOf, nodeId } from '../http/schemas';

const tenantParams = z.object({ tenantId: nodeId });
const appParams = z.object({ applicationId: nodeId });

const statsSchema = z.object({
  pending: z.number().int(),
  assertions_by_source: z.array(z.object({ t: z.number(), model: z.number().int(), user: z.number().int() })),
  latest_detection_at: z.number().nullable(),
});

export const applicationRoutes: RoutesPlugin = async (app) => {
  const rules = {
    allowSpecialTypes: app.config.allowSpecialTypes,
    callbackAddresses: callbackAddressRules(app.config, listeningPortOf(app)),
    cameraAddresses: cameraAddressRules(app.config, listeningPortOf(app)),
    sealingKey: app.sealingKey,
  };

  app.get(
    '/1/tenants/:tenantId/applications',
    { schema: { params: tenantParams, response: { 200: listOf(applicationSchema) } } },
    async (request) => ({
      data: await listApplications(app.db, resolveTenantId(requireAuth(request), request.params.tenantId)),
    }),
  );

  app.post(
    '/1/applications',
    { schema: { body: createApplicationBody, response: { 201: applicationSchema } } },
    async (request, reply) => {
      const auth = requireTenantAdmin(request);
      const created = await createApplication(app.db, auth.tenantId, auth.email, request.body, rules);
      await restartCaptureLoop(app, created);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/1/applications/:applicationId',
    { schema: { params: appParams, response: { 200: applicationSchema } } },
    async (request) => {
      const auth = requireAuth(request);
      return toApplication(await getApplicationRow(app.db, auth.tenantId, request.params.applicationId));
    },
  );

  app.post(
    '/1/applications/:applicationId',
    { schema: { params: appParams, body: updateApplicationBody, response: { 200: applicationSchema } } },
    async (request) => {
      const auth = requireAuth(request);
      const row = await getApplicationRow(app.db, auth.tenantId, request.params.applicationId);
      requireManageApplication(auth, row);
      const updated = await updateApplication(app.db, row, request.body, rules);
      if (row.labellersPerItem === 1 && updated.labellers_per_item > 1) await keepSingleLabels(app.db, row);
      await restartCaptureLoop(app, updated);
      return updated;
    },
  );

  app.delete('/1/applications/:applicationId', { schema: { params: appParams } }, async (request, reply) => {
    const auth = requireTenantAdmin(request);
    await deleteApplication(app.db, await getApplicationRow(app.db, auth.tenantId, request.params.applicationId));
    return reply.status(204).send();
  });

  app.get(
    '/1/applications/:applicationId/callback-secret',
    { schema: { params: appParams, response: { 200: z.object({ secret: z.string() }) } } },
    async (request) => {
      const auth = requireAuth(request);
      const row = await getApplicationRow(app.db, auth.tenantId, request.params.applicationId);
      requireManageApplication(auth, row);
      return { secret: row.callbackSecret };
    },
  );

  app.get(
    '/1/applications/:applicationId/stats',
    {
      schema: {
        params: appParams,
        querystring: z.object({ bucket: z.enum(['hour', 'day'], { message: 'Use hour or day.' }).default('hour') }),
        response: { 200: statsSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const row = await getApplicationRow(app.db, auth.tenantId, request.params.applicationId);
      return applicationStats(app.db, row.applicationId, request.query.bucket, Date.now() / 1000);
    },
  );
};
