import { z } from 'zod';
import { requireAuth, requireTenantAdmin, resolveTenantId } from '../auth/context';
import {
  createGateway,
  deleteGateway,
  gatewayFields,
  gatewaySchema,
  gatewayStatusSchema,
  getGateway,
  listGateways,
  reportGatewayStatus,
  updateGateway,
} from '../domain/gateways';
import type { RoutesPlugin } from './instance';
import { listOf, nodeId } from '../http/schemas';

const tenantParams = z.object({ tenantId: nodeId });
const gatewayParams = z.object({ gatewayId: nodeId });

const readOnly = z.never({ message: 'This field is read-only.' }).optional();
const updateBody = gatewayFields.extend({
  gateway_id: readOnly,
  tenant_id: readOnly,
  created_at: readOnly,
  modified_at: readOnly,
  created_by: readOnly,
  current_status: readOnly,
  previous_status: readOnly,
});

export const gatewayRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/1/tenants/:tenantId/gateways',
    { schema: { params: tenantParams, response: { 200: listOf(gatewaySchema) } } },
    async (request) => ({
      data: await listGateways(app.db, resolveTenantId(requireAuth(request), request.params.tenantId)),
    }),
  );

  app.post(
    '/1/gateways',
    { schema: { body: gatewayFields.required({ name: true }), response: { 201: gatewaySchema } } },
    async (request, reply) => {
      const auth = requireTenantAdmin(request);
      return reply.status(201).send(await createGateway(app.db, auth.tenantId, auth.email, request.body));
    },
  );

  app.get(
    '/1/gateways/:gatewayId',
    { schema: { params: gatewayParams, response: { 200: gatewaySchema } } },
    async (request) => getGateway(app.db, requireAuth(request).tenantId, request.params.gatewayId),
  );

  app.post(
    '/1/gateways/:gatewayId',
    { schema: { params: gatewayParams, body: updateBody, response: { 200: gatewaySchema } } },
    async (request) => updateGateway(app.db, requireTenantAdmin(request).tenantId, request.params.gatewayId, request.body),
  );

  app.delete('/1/gateways/:gatewayId', { schema: { params: gatewayParams } }, async (request, reply) => {
    await deleteGateway(app.db, requireTenantAdmin(request).tenantId, request.params.gatewayId);
    return reply.status(204).send();
  });

  // Any member of the tenant may report: a gateway runs with the token of whichever account set it up.
  app.post(
    '/1/gateways/:gatewayId/status',
    { schema: { params: gatewayParams, body: gatewayStatusSchema, response: { 200: gatewaySchema } } },
    async (request) => reportGatewayStatus(app.db, requireAuth(request).tenantId, request.params.gatewayId, request.body),
  );
};
