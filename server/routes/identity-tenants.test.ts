import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INVITE_CODE_DAYS } from '../../src/api/limits';
import { invites } from '../db/schema';
import type { Invite, SentInvite, Tenant, TenantUser, TokenResponse } from '../../src/api/schemas/identity';
import { DEMO_PASSWORD } from '../demo/seed-identity';
import { basicAuth, bearer } from '../testing/test-app';
import { t, demoLab, harbour, adminToken, labellerToken, useIdentityApp, get, post } from '../testing/identity-fixture';

useIdentityApp();

describe('GET /1/token', () => {
  it('issues a token for the chosen tenant, also under /1/oauth/token', async () => {
    const response = await t.inject({
      method: 'GET',
      url: '/1/oauth/token',
      query: { tenant_id: harbour, unknown_param: 'ignored' },
      headers: { authorization: basicAuth('admin@demo.test', DEMO_PASSWORD) },
    });
    expect(response.statusCode).toBe(200);
    const token = response.json<TokenResponse>();
    expect(token).toEqual({
      access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      token_type: 'Bearer',
      expires_in: 3600,
      user_email: 'admin@demo.test',
      user_id: t.demo!.userIds.admin,
      tenant_id: harbour,
      tenant_name: 'Harbour Robotics',
      tenant_type: 'orgtenant',
    });
    const claims = JSON.parse(Buffer.from(token.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims).toEqual({ sub: t.demo!.userIds.admin, tid: harbour, ema: 'admin@demo.test', iat: expect.any(Number), exp: claims.iat + 3600 });
  });

  it('needs tenant_id from a user of several tenants (400), and refuses an unknown or foreign tenant (404)', async () => {
    const admin = { authorization: basicAuth('admin@demo.test', DEMO_PASSWORD) };
    const labeller = { authorization: basicAuth('labeller@demo.test', DEMO_PASSWORD) };
    const ambiguous = await get('/1/token', admin);
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json().errors).toEqual([{ field: 'tenant_id', message: expect.any(String) }]);
    expect((await get('/1/token?tenant_id=ten_unknown', admin)).statusCode).toBe(404);
    expect((await get(`/1/token?tenant_id=${harbour}`, labeller)).statusCode).toBe(404);
  });
});

describe('tenants', () => {
  it('answers the token tenant by id or current, and 404 for any other', async () => {
    const current = await get('/1/tenants/current', bearer(adminToken));
    expect(current.statusCode).toBe(200);
    expect(current.json<Tenant>()).toEqual({
      tenant_id: demoLab,
      type: 'orgtenant',
      name: 'Demo Lab',
      created_at: expect.any(Number),
      modified_at: expect.any(Number),
      cloud_region: 'local',
      region: null,
      created_by: 'admin@demo.test',
    });
    expect((await get(`/1/tenants/${demoLab}`, bearer(adminToken))).json()).toEqual(current.json());
    expect((await get(`/1/tenants/${harbour}`, bearer(adminToken))).statusCode).toBe(404);
    expect((await get('/1/tenants/ten_unknown', bearer(adminToken))).statusCode).toBe(404);
    expect((await get(`/1/tenants/${harbour}/users`, bearer(adminToken))).statusCode).toBe(404);
  });

  it('lists the users of the tenant with their roles', async () => {
    const response = await get('/1/tenants/current/users', bearer(labellerToken));
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: TenantUser[] }>().data.map(({ email, role }) => ({ email, role }))).toEqual([
      { email: 'admin@demo.test', role: 'tenant_admin' },
      { email: 'labeller@demo.test', role: 'tenant_user' },
      { email: 'manager@demo.test', role: 'tenant_user' },
    ]);
  });
});

describe('invites', () => {
  it('lets only a tenant admin send and list invites (403 otherwise)', async () => {
    expect((await post('/1/tenants/current/invites', { invited_user_email: 'x@example.com' }, bearer(labellerToken))).statusCode).toBe(403);
    expect((await get('/1/tenants/current/invites', bearer(labellerToken))).statusCode).toBe(403);
    expect((await post(`/1/tenants/${harbour}/invites`, { invited_user_email: 'x@example.com' }, bearer(adminToken))).statusCode).toBe(404);
  });

  it('invites an email with no account yet, resends it, and the person accepts after signing up, with the code', async () => {
    const first = await post('/1/tenants/current/invites', { invited_user_email: 'Newcomer@Example.com' }, bearer(adminToken));
    expect(first.statusCode).toBe(201);
    expect(first.json<SentInvite>()).toEqual({
      created_by: 'admin@demo.test',
      invited_user_email: 'newcomer@example.com',
      invitation_status: 'pending',
      tenant_name: 'Demo Lab',
      tenant_id: demoLab,
      resend_counter: 0,
      last_resend_by: null,
      last_resend_at: null,
      created_at: expect.any(Number),
      accepted_at: null,
      invite_code: expect.stringMatching(/^[\w-]{22}$/),
    });

    const resent = await post('/1/tenants/current/invites', { invited_user_email: 'newcomer@example.com' }, bearer(adminToken));
    expect(resent.statusCode).toBe(200);
    expect(resent.json<SentInvite>()).toMatchObject({ resend_counter: 1, last_resend_by: 'admin@demo.test', last_resend_at: expect.any(Number), created_at: first.json<Invite>().created_at });
    const { invite_code: code, ...resentInvite } = resent.json<SentInvite>();
    expect(code).not.toBe(first.json<SentInvite>().invite_code);

    const pending = await get('/1/tenants/current/invites', bearer(adminToken));
    expect(pending.json<{ data: Invite[] }>().data.map((invite) => invite.invited_user_email)).toEqual(['newcomer@example.com']);
    expect(pending.body).not.toContain('invite_code');

    await post('/1/users', { email: 'newcomer@example.com', password: 'newcomer-pw' });
    const token = await t.signIn('newcomer@example.com', 'newcomer-pw');
    const mine = await get('/1/users/current/invites', bearer(token));
    expect(mine.json<Invite[]>()).toEqual([resentInvite]);

    // The account is newer than the invite: without the code, or with the code the resend replaced, it is 403.
    const answer = (body: object) => post('/1/users/current/invites', { tenant_id: demoLab, invitation_status: 'accepted', ...body }, bearer(token));
    const withoutCode = await answer({});
    expect(withoutCode.statusCode).toBe(403);
    expect(withoutCode.json()).toEqual({ message: 'Your account was made after this invite was sent: give the invite code that came with it.' });
    const oldCode = await answer({ invite_code: first.json<SentInvite>().invite_code });
    expect(oldCode.statusCode).toBe(403);
    expect(oldCode.json()).toEqual({ message: 'The invite code is not correct.' });

    const accepted = await answer({ invite_code: code });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<Invite>()).toMatchObject({ invitation_status: 'accepted', accepted_at: expect.any(Number) });
    expect((await get('/1/users/current/invites', bearer(token))).json()).toEqual([]);

    const inDemoLab = await t.signIn('newcomer@example.com', 'newcomer-pw', demoLab);
    const users = await get('/1/tenants/current/users', bearer(inDemoLab));
    expect(users.json<{ data: TenantUser[] }>().data).toContainEqual(expect.objectContaining({ email: 'newcomer@example.com', role: 'tenant_user' }));

    const again = await post('/1/tenants/current/invites', { invited_user_email: 'newcomer@example.com' }, bearer(adminToken));
    expect(again.statusCode).toBe(409);
  });

  it('does not give an invite to whoever registers the invited email first, not even to decline it', async () => {
    const sent = await post('/1/tenants/current/invites', { invited_user_email: 'target@example.com' }, bearer(adminToken));
    expect(sent.statusCode).toBe(201);
    await post('/1/users', { email: 'target@example.com', password: 'squatter-pw' }, {});
    const squatter = await t.signIn('target@example.com', 'squatter-pw');
    for (const invitation_status of ['accepted', 'declined']) {
      const taken = await post('/1/users/current/invites', { tenant_id: demoLab, invitation_status }, bearer(squatter));
      expect(taken.statusCode).toBe(403);
      const guessed = await post('/1/users/current/invites', { tenant_id: demoLab, invitation_status, invite_code: 'A'.repeat(22) }, bearer(squatter));
      expect(guessed.statusCode).toBe(403);
    }
    expect((await get(`/1/token?tenant_id=${demoLab}`, { authorization: basicAuth('target@example.com', 'squatter-pw') })).statusCode).toBe(404);
    const pending = await get('/1/tenants/current/invites', bearer(adminToken));
    expect(pending.json<{ data: Invite[] }>().data.map((invite) => invite.invited_user_email)).toContain('target@example.com');
  });

  it('lets an account that existed when the invite was sent answer it without the code, but not with a wrong one', async () => {
    await post('/1/users', { email: 'existing@example.com', password: 'existing-pw' });
    const token = await t.signIn('existing@example.com', 'existing-pw');
    const sent = await post('/1/tenants/current/invites', { invited_user_email: 'existing@example.com' }, bearer(adminToken));
    expect(sent.statusCode).toBe(201);
    const wrong = await post('/1/users/current/invites', { tenant_id: demoLab, invitation_status: 'accepted', invite_code: 'wrong' }, bearer(token));
    expect(wrong.statusCode).toBe(403);
    const accepted = await post('/1/users/current/invites', { tenant_id: demoLab, invitation_status: 'accepted' }, bearer(token));
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).not.toHaveProperty('invite_code');
  });

  it('refuses a code older than its days: a resend makes one that works', async () => {
    const first = await post('/1/tenants/current/invites', { invited_user_email: 'late@example.com' }, bearer(adminToken));
    await post('/1/users', { email: 'late@example.com', password: 'late-pw-long' });
    const token = await t.signIn('late@example.com', 'late-pw-long');
    const sentAt = new Date(Date.now() - (INVITE_CODE_DAYS * 86_400 + 60) * 1000);
    await t.db.update(invites).set({ createdAt: sentAt }).where(eq(invites.invitedEmail, 'late@example.com'));
    const answer = (code: string) => post('/1/users/current/invites', { tenant_id: demoLab, invitation_status: 'accepted', invite_code: code }, bearer(token));
    const expired = await answer(first.json<SentInvite>().invite_code);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toMatch(/^This invite code has expired/);
    const resent = await post('/1/tenants/current/invites', { invited_user_email: 'late@example.com' }, bearer(adminToken));
    expect((await answer(resent.json<SentInvite>().invite_code)).statusCode).toBe(200);
  });

  it('shows the labeller the seeded invite, refuses a bad status (400) and a second answer (409)', async () => {
    const mine = await get(`/1/users/${t.demo!.userIds.labeller}/invites`, bearer(labellerToken));
    expect(mine.json<Invite[]>()).toEqual([
      expect.objectContaining({ tenant_id: harbour, tenant_name: 'Harbour Robotics', created_by: 'admin@demo.test', invitation_status: 'pending' }),
    ]);

    for (const invitation_status of ['pending', 'maybe', undefined]) {
      const bad = await post('/1/users/current/invites', { tenant_id: harbour, invitation_status }, bearer(labellerToken));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ field: 'invitation_status', message: 'Answer accepted or declined.' }]);
    }

    const declined = await post('/1/users/current/invites', { tenant_id: harbour, invitation_status: 'declined' }, bearer(labellerToken));
    expect(declined.statusCode).toBe(200);
    expect(declined.json<Invite>()).toMatchObject({ invitation_status: 'declined', accepted_at: null });

    const late = await post('/1/users/current/invites', { tenant_id: harbour, invitation_status: 'accepted' }, bearer(labellerToken));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: 'This invite was already declined.' });
    expect((await get(`/1/token?tenant_id=${harbour}`, { authorization: basicAuth('labeller@demo.test', DEMO_PASSWORD) })).statusCode).toBe(404);
  });

  it('is 404 when there is no invite to answer, and for another user id', async () => {
    expect((await post('/1/users/current/invites', { tenant_id: 'ten_unknown', invitation_status: 'accepted' }, bearer(labellerToken))).statusCode).toBe(404);
    expect((await get(`/1/users/${t.demo!.userIds.admin}/invites`, bearer(labellerToken))).statusCode).toBe(404);
  });
});

describe('compatibility and version', () => {
  it('answers the MFA status probe of existing clients (Basic)', async () => {
    const response = await get('/21/users/mfa/status', { authorization: basicAuth('manager@demo.test', DEMO_PASSWORD) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ totp: 'inactive' });
    expect((await get('/21/users/mfa/status')).statusCode).toBe(401);
  });

  it('answers the version without credentials', async () => {
    const response = await get('/1/version');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ version: '1', build_number: 7, build_time: '2025-01-01T00:00:00.000Z' });
  });
});
