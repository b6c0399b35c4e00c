import { z } from 'zod';
import type { Invite, SentInvite, TenantUser, TokenResponse, User } from '../../src/api/schemas/identity';

const tenantType = z.enum(['usertenant', 'orgtenant']);
const tenantRole = z.enum(['tenant_admin', 'tenant_user']);

export const userSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  given_name: z.string().nullable(),
  surname: z.string().nullable(),
  created_at: z.number(),
}) satisfies z.ZodType<User>;

export { tenantListItemSchema, tenantSchema } from '../../src/api/schemas/identity';

export const tenantUserSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  given_name: z.string().nullable(),
  surname: z.string().nullable(),
  role: tenantRole,
}) satisfies z.ZodType<TenantUser>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  user_email: z.string(),
  user_id: z.string(),
  tenant_id: z.string(),
  tenant_name: z.string(),
  tenant_type: tenantType,
}) satisfies z.ZodType<TokenResponse>;

export const inviteSchema = z.object({
  created_by: z.string(),
  invited_user_email: z.string(),
  invitation_status: z.enum(['pending', 'accepted', 'declined']),
  tenant_name: z.string(),
  tenant_id: z.string(),
  resend_counter: z.number().int(),
  last_resend_by: z.string().nullable(),
  last_resend_at: z.number().nullable(),
  created_at: z.number(),
  accepted_at: z.number().nullable(),
}) satisfies z.ZodType<Invite>;

export const sentInviteSchema = inviteSchema.extend({ invite_code: z.string() }) satisfies z.ZodType<SentInvite>;
