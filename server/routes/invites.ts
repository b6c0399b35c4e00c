import { z } from 'zod';
import { requireAuth, requireTenantAdmin, resolveTenantId, resolveUserId } from '../auth/context';
import type { RoutesPlugin } from './instance';
import { email, listOf, nodeId } from '../http/schemas';
import { answerInvite, listPendingInvitesFor, listPendingTenantInvites, sendInvite } from '../identity/invites';
import { inviteSchema, sentInviteSchema } from '../../src/api/schemas/identity';

const tenantParams = z.object({ tenantId: nodeId });
const userParams = z.object({ userId: nodeId });

const answerBody = z.object({
  tenant_id: z.string().min(1).max(100),
  invitation_status: z.enum(['accepted', 'declined'], { message: 'Answer accepted or declined.' }),
  invite_code: z.string().min(1).max(100).optional(),
});

export const inviteRoutes: RoutesPlugin = async (app) => {
  app.post(
    '/1/tenants/:tenantId/invites',
    {
      schema: {
        params: tenantParams,
        body: z.object({ invited_user_email: email }),
        response: { 200: sentInviteSchema, 201: sentInviteSchema },
      },
    },
    async (request, reply) => {
      const auth = requireTenantAdmin(request);
      const { invite, created } = await sendInvite(app.db, {
        tenantId: resolveTenantId(auth, request.params.tenantId),
        invitedEmail: request.body.invited_user_email,
        senderEmail: auth.email,
      });
      return reply.status(created ? 201 : 200).send(invite);
    },
  );

  app.get(
    '/1/tenants/:tenantId/invites',
    { schema: { params: tenantParams, response: { 200: listOf(inviteSchema) } } },
    async (request) => {
      const auth = requireTenantAdmin(request);
      return { data: await listPendingTenantInvites(app.db, resolveTenantId(auth, request.params.tenantId)) };
    },
  );

  app.get(
    '/1/users/:userId/invites',
    { schema: { params: userParams, response: { 200: z.array(inviteSchema) } } },
    async (request) => {
      const auth = requireAuth(request);
      resolveUserId(auth.userId, request.params.userId);
      return listPendingInvitesFor(app.db, auth.email);
    },
  );

  app.post(
    '/1/users/:userId/invites',
    { schema: { params: userParams, body: answerBody, response: { 200: inviteSchema } } },
    async (request) => {
      const auth = requireAuth(request);
      return answerInvite(app.db, {
        tenantId: request.body.tenant_id,
        userId: resolveUserId(auth.userId, request.params.userId),
        email: auth.email,
        status: request.body.invitation_status,
        code: request.body.invite_code,
      });
    },
  );
};
