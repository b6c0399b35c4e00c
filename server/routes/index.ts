import { registerAuthentication, type AuthenticationDeps } from '../auth/authenticate';
import type { RoutesPlugin } from '../http/instance';
import { feedbackRoutes } from './feedback';
import { inviteRoutes } from './invites';
import { tenantRoutes } from './tenants';
import { tokenRoutes } from './tokens';
import { userRoutes } from './users';
import { versionRoutes } from './version';

/**
 * Every API route, in one plugin context whose hook authenticates each route as its `config.auth` says.
 * A resource's routes live in `routes/<resource>.ts`; add new ones to the list.
 */
export const apiRoutes = (deps: AuthenticationDeps): RoutesPlugin =>
  async (api) => {
    registerAuthentication(api, deps);
    for (const routes of [userRoutes, tokenRoutes, tenantRoutes, inviteRoutes, versionRoutes, feedbackRoutes]) {
      await api.register(routes);
    }
  };
