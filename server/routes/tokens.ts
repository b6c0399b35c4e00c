import { z } from 'zod';
import { requireSignedInUser } from '../auth/context';
import { invalid, notFound } from '../errors';
import type { RoutesPlugin } from './instance';
import { tokenResponseSchema } from '../../src/api/schemas/identity';
import { findMembership, listUserTenants } from '../identity/tenants';

const tokenQuery = z.object({ tenant_id: z.string().min(1).max(100).optional() });

export const tokenRoutes: RoutesPlugin = async (app) => {
  for (const url of ['/1/token', '/1/oauth/token']) {
    app.get(
      url,
      { config: { auth: 'basic' }, schema: { querystring: tokenQuery, response: { 200: tokenResponseSchema } } },
      async (request) => {
        const user = requireSignedInUser(request);
        let tenantId = request.query.tenant_id;
        if (!tenantId) {
          const tenants = await listUserTenants(app.db, user.userId);
          if (tenants.length !== 1 || !tenants[0]) {
            throw invalid('You belong to several tenants: choose one with tenant_id.', [
              { field: 'tenant_id', message: 'Required when you belong to more than one tenant.' },
            ]);
          }
          tenantId = tenants[0].tenant_id;
        }
        const membership = await findMembership(app.db, tenantId, user.userId);
        if (!membership) throw notFound('Tenant not found.');
        return {
          access_token: await app.tokens.issue({ userId: user.userId, tenantId, email: user.email }),
          token_type: 'Bearer' as const,
          expires_in: app.tokens.ttlSeconds,
          user_email: user.email,
          user_id: user.userId,
          tenant_id: tenantId,
          tenant_name: membership.tenant.name,
          tenant_type: membership.tenant.type,
        };
      },
    );
  }
};
