import { z } from '../zod';

const tenantType = z.enum(['usertenant', 'orgtenant']);
export type TenantType = z.infer<typeof tenantType>;

export const tenantListItemSchema = z.object({ tenant_id: z.string(), type: tenantType, name: z.string() });
export type TenantListItem = z.infer<typeof tenantListItemSchema>;

export const tenantListSchema = z.object({ tenants: z.array(tenantListItemSchema) });
export type TenantList = z.infer<typeof tenantListSchema>;

export const tenantSchema = z.extend(tenantListItemSchema, {
  created_at: z.number(),
  modified_at: z.number(),
  cloud_region: z.string(),
  region: z.null(),
  created_by: z.string(),
});
export type Tenant = z.infer<typeof tenantSchema>;

const tenantRole = z.enum(['tenant_admin', 'tenant_user']);
export type TenantRole = z.infer<typeof tenantRole>;

const person = { user_id: z.string(), email: z.string(), given_name: z.nullable(z.string()), surname: z.nullable(z.string()) };

export const tenantUserSchema = z.object({ ...person, role: tenantRole });
export type TenantUser = z.infer<typeof tenantUserSchema>;

export const userSchema = z.object({ ...person, created_at: z.number() });
export type User = z.infer<typeof userSchema>;

export interface CreateUserRequest {
  email: string;
  password: string;
  given_name?: string;
  surname?: string;
  /** The code of the invite the person registers with: the invite link carries it. */
  invite_code?: string;
}

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().check(z.int()),
  user_email: z.string(),
  user_id: z.string(),
  tenant_id: z.string(),
  tenant_name: z.string(),
  tenant_type: tenantType,
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const inviteSchema = z.object({
  created_by: z.string(),
  invited_user_email: z.string(),
  invitation_status: z.enum(['pending', 'accepted', 'declined']),
  tenant_name: z.string(),
  tenant_id: z.string(),
  resend_counter: z.number().check(z.int()),
  last_resend_by: z.nullable(z.string()),
  last_resend_at: z.nullable(z.number()),
  created_at: z.number(),
  accepted_at: z.nullable(z.number()),
});
export type Invite = z.infer<typeof inviteSchema>;

/** An invite as its sender gets it: with the acceptance code, shown only this once (a resend makes a new one). */
export const sentInviteSchema = z.extend(inviteSchema, { invite_code: z.string() });
export type SentInvite = z.infer<typeof sentInviteSchema>;

export interface InviteAnswer {
  tenant_id: string;
  invitation_status: 'accepted' | 'declined';
  /** The code that came with the invite; needed when the account was made after the invite was sent. */
  invite_code?: string;
}

export const versionRecordSchema = z.object({ version: z.string(), build_number: z.number(), build_time: z.string() });
export type VersionRecord = z.infer<typeof versionRecordSchema>;
