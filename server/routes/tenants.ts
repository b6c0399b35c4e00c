import { z } from 'zod';
import { storageUseSchema } from '../../src/api/schemas/storage';
import { requireAuth, requireTenantAdmin, resolveTenantId } from '../auth/context';
import { tenantStorageUse } from '../domain/storage-use';
import { notFound } from '../errors';
import type { RoutesPlugin } from './instance';
import { listOf, nodeId } from '../http/schemas';
import { tenantSchema, tenantUserSchema } from '../../src/api/schemas/identity';
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

  app.get(
    '/1/tenants/:tenantId/storage',
    { schema: { params: tenantParams, response: { 200: storageUseSchema } } },
    async (request) => tenantStorageUse(app.db, resolveTenantId(requireTenantAdmin(request), request.params.tenantId)),
  );
};
