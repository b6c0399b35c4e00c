import { z } from 'zod';
import { requireAuth, resolveTenantId } from '../auth/context';
import { notFound } from '../errors';
import type { RoutesPlugin } from './instance';
import { listOf, nodeId } from '../http/schemas';
import { tenantSchema, tenantUserSchema } from '../identity/schemas';
import { findTenant, listTenantUsers, toTenant } from '../identity/tenants';

const tenantParams = z.object({ tenantId: nodeId });

export const tenantRoutes: RoutesPlugin = async (app) => {
  app.get('/1/tenants/:tenantId', { schema: { params: tenantParams, response: { 200: tenantSchema } } }, async (request) => {
    const tenant = await findTenant(app.db, resolveTenantId(requireAuth(request), request.params.tenantId));
    if (!tenant) throw notFound('Tenant not found.');
    return toTenant(tenant);
  });

  app.get(
    '/1/tenants/:tenantId/users',
    { schema: { params: tenantParams, response: { 200: listOf(tenantUserSchema) } } },
    async (request) => ({
      data: await listTenantUsers(app.db, resolveTenantId(requireAuth(request), request.params.tenantId)),
    }),
  );
};
