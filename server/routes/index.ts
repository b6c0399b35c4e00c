import { registerAuthentication, type AuthenticationDeps } from '../auth/authenticate';
import type { Database } from '../db';
import { userOfApiKey } from '../identity/api-keys';
import { findUserByEmail } from '../identity/users';
import type { RoutesPlugin } from './instance';
import { apiKeyRoutes } from './api-keys';
import { applicationTypeRoutes } from './application-types';
import { applicationRoutes } from './applications';
import { captureRoutes } from './captures';
import { consensusRoutes } from './consensus';
import { detectionRoutes } from './detections';
import { eventRoutes } from './events';
import { exportRoutes } from './exports';
import { feedbackRoutes } from './feedback';
import { feedbackHistoryRoutes } from './feedback-history';
import { gatewayRoutes } from './gateways';
import { goldRoutes } from './gold';
import { importRoutes } from './imports';
import { inviteRoutes } from './invites';
import { labellerRoutes } from './labellers';
import { mediaRoutes } from './media';
import { modelRoutes } from './models';
import { modelBackendRoutes } from './model-backend';
import { predictRoutes } from './predict';
import { reviewRoutes } from './reviews';
import { subjectMediaRoutes } from './subject-media';
import { subjectRoutes } from './subjects';
import { tenantRoutes } from './tenants';
import { tokenRoutes } from './tokens';
import { userRoutes } from './users';
import { versionRoutes } from './version';

/**
 * Every API route, in one plugin context whose hook authenticates each route as its `config.auth` says.
 * A resource's routes live in `routes/<resource>.ts`; add new ones to the list.
 */
export const apiRoutes = ({ db, ...deps }: Omit<AuthenticationDeps, 'userOfApiKey' | 'userByEmail'> & { db: Database }): RoutesPlugin =>
  async (api) => {
    registerAuthentication(api, {
      ...deps,
      userOfApiKey: (key) => userOfApiKey(db, key),
      userByEmail: (email) => findUserByEmail(db, email),
    });
    const resources = [
      userRoutes,
      tokenRoutes,
      tenantRoutes,
      inviteRoutes,
      versionRoutes,
      feedbackRoutes,
      predictRoutes,
      modelBackendRoutes,
      feedbackHistoryRoutes,
      goldRoutes,
      applicationTypeRoutes,
      applicationRoutes,
      captureRoutes,
      subjectRoutes,
      gatewayRoutes,
      mediaRoutes,
      subjectMediaRoutes,
      detectionRoutes,
      eventRoutes,
      modelRoutes,
      labellerRoutes,
      apiKeyRoutes,
      consensusRoutes,
      reviewRoutes,
      exportRoutes,
      importRoutes,
    ];
    for (const routes of resources) {
      await api.register(routes);
    }
  };
