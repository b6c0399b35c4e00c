import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invite, SentInvite, Tenant, TenantList, TenantUser, TokenResponse, User } from '../../src/api/types';
import { signToken } from '../auth/jwt';
import { DEMO_PASSWORD } from '../demo/seed-identity';
import { basicAuth, bearer, createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let demoLab: string;
let harbour: string;
let adminToken: string;
let labellerToken: string;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  demoLab = t.demo!.tenantIds.demoLab;
  harbour = t.demo!.tenantIds.harbour;
  adminToken = await t.signIn('admin@demo.test', DEMO_PASSWORD, demoLab);
  labellerToken = await t.signIn('labeller@demo.test', DEMO_PASSWORD);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url, headers });
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers, payload: body as object });

describe('POST /1/users', () => {
  it('creates a user with a usertenant of their own, and signs them in', async () => {
    const response = await post('/1/users', { email: ' New.Person@Example.com ', password: 'long enough', given_name: 'Ada' });
    expect(response.statusCode).toBe(201);
    const user = response.json<User>();
    expect(user).toEqual({ user_id: expect.stringMatching(/^usr_/), email: 'new.person@example.com', given_name: 'Ada', surname: null, created_at: expect.any(Number) });

    const tenants = await get('/1/users/current/tenants', { authorization: basicAuth('new.person@example.com', 'long enough') });
    expect(tenants.json<TenantList>().tenants).toEqual([{ tenant_id: expect.stringMatching(/^ten_/), type: 'usertenant', name: 'new.person@example.com' }]);

    const token = await t.signIn('NEW.PERSON@example.com', 'long enough');
    const me = await get('/1/users/current', bearer(token));
    expect(me.json()).toEqual(user);
  });

  it('refuses a taken email with 409', async () => {
    const response = await post('/1/users', { email: 'Labeller@demo.test', password: 'whatever123' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'An account with this email already exists.' });
  });

  it('refuses bad input with 400 and the fields at fault, ignoring unknown keys', async () => {
    const response = await post('/1/users', { email: 'not-an-email', password: 'short', public_read: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Invalid email: Give a valid email address.',
      errors: [
        { field: 'email', message: 'Give a valid email address.' },
        { field: 'password', message: 'Use at least 8 characters.' },
      ],
    });
  });

  it('answers malformed JSON with 400', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/1/users',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.example",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('reads a JSON body sent without a Content-Type header', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/1/users',
      payload: Buffer.from(JSON.stringify({ email: 'bare@example.com', password: 'password1' })),
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('GET /1/users/{id|current}', () => {
  it('answers the caller by id or current, and 404 for anyone else', async () => {
    const me = await get('/1/users/current', bearer(labellerToken));
    expect(me.statusCode).toBe(200);
    expect(me.json<User>().email).toBe('labeller@demo.test');
    expect((await get(`/1/users/${t.demo!.userIds.labeller}`, bearer(labellerToken))).json()).toEqual(me.json());

    const other = await get(`/1/users/${t.demo!.userIds.manager}`, bearer(adminToken));
    expect(other.statusCode).toBe(404);
  });

  it('is 401 with a Bearer challenge without a token, or with a tampered, expired or foreign one', async () => {
    const missing = await get('/1/users/current');
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer realm="looplabel"/);
    expect(missing.json()).toEqual({ message: expect.any(String) });

    const [header, payload, signature] = labellerToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: t.demo!.userIds.admin })).toString('base64url');
    const expired = signToken({ ...claims, iat: 1_000, exp: 2_000 }, t.secret);
    const otherSecret = signToken(claims, Buffer.alloc(32, 7));
    const padded = `${labellerToken}=`;
    const standardBase64 = `${header}.${payload}.${Buffer.from(signature, 'base64url').toString('base64').replace(/=+$/, '')}`;
    const paddedHeader = `${header}=.${payload}.${signature}`;
    for (const token of [`${header}.${forged}.${signature}`, expired, otherSecret, 'not-a-token', `${header}.${payload}`, padded, paddedHeader, standardBase64]) {
      if (token === labellerToken) continue;
      const response = await get('/1/users/current', bearer(token));
      expect(response.statusCode, token).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/error="invalid_token"/);
    }
    expect((await get('/1/users/current', bearer(expired))).json()).toEqual({ message: 'The access token has expired. Sign in again.' });
  });

  it('does not accept Basic credentials where a bearer token is needed', async () => {
    const response = await get('/1/users/current', { authorization: basicAuth('labeller@demo.test', DEMO_PASSWORD) });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /1/users/{id|current}/tenants (Basic)', () => {
  it('lists the tenants of the user', async () => {
    const response = await get('/1/users/current/tenants', { authorization: basicAuth('admin@demo.test', DEMO_PASSWORD) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      tenants: [
        { tenant_id: demoLab, type: 'orgtenant', name: 'Demo Lab' },
        { tenant_id: harbour, type: 'orgtenant', name: 'Harbour Robotics' },
      ],
    });
  });

  it('is 401 with a Basic challenge for a wrong password, an unknown email or no credentials', async () => {
    for (const authorization of [basicAuth('admin@demo.test', 'wrong'), basicAuth('nobody@demo.test', DEMO_PASSWORD), 'Basic !!!', '']) {
      const response = await t.inject({ method: 'GET', url: '/1/users/current/tenants', headers: { authorization }, remoteAddress: '127.0.0.9' });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Basic realm="looplabel", charset="UTF-8"');
    }
  });

  it('gives scripts that say so a challenge browsers do not answer with their own password prompt', async () => {
    const response = await t.inject({
      method: 'GET',
      url: '/1/users/current/tenants',
      headers: { authorization: basicAuth('admin@demo.test', 'wrong'), 'x-requested-with': 'XMLHttpRequest' },
      remoteAddress: '127.0.0.10',
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('XBasic realm="looplabel", charset="UTF-8"');
  });

  it('is 404 for another user id', async () => {
    const response = await get(`/1/users/${t.demo!.userIds.admin}/tenants`, { authorization: basicAuth('labeller@demo.test', DEMO_PASSWORD) });
    expect(response.statusCode).toBe(404);
  });

  it('also takes a bearer token, and refuses a bad one with 401', async () => {
    const response = await get('/1/users/current/tenants', bearer(adminToken));
    expect(response.statusCode).toBe(200);
    expect(response.json<TenantList>().tenants.map((tenant) => tenant.tenant_id)).toEqual([demoLab, harbour]);
    expect((await get(`/1/users/${t.demo!.userIds.manager}/tenants`, bearer(adminToken))).statusCode).toBe(404);
    const refused = await get('/1/users/current/tenants', bearer('not-a-token'));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: expect.any(String) });
  });
});

describe('GET /1/users?user_id=... (or id=...)', () => {
  it('gives the users of the caller\'s tenant, ids repeated or comma-separated', async () => {
    const { labeller, manager } = t.demo!.userIds;
    const one = await get(`/1/users?user_id=${labeller}`, bearer(adminToken));
    expect(one.statusCode).toBe(200);
    expect(one.json<{ data: User[] }>().data.map((user) => user.email)).toEqual(['labeller@demo.test']);
    const both = await get(`/1/users?user_id=${manager},${labeller}&user_id=${labeller}`, bearer(adminToken));
    expect(both.json<{ data: User[] }>().data.map((user) => user.email)).toEqual(['labeller@demo.test', 'manager@demo.test']);
  });

  it('takes id as the production service\'s client sends it, alone or with user_id', async () => {
    const { labeller, manager } = t.demo!.userIds;
    const byId = await get(`/1/users?id=${labeller}`, bearer(adminToken));
    expect(byId.statusCode).toBe(200);
    expect(byId.json<{ data: User[] }>().data.map((user) => user.email)).toEqual(['labeller@demo.test']);
    const mixed = await get(`/1/users?id=${manager}&user_id=${labeller}`, bearer(adminToken));
    expect(mixed.json<{ data: User[] }>().data.map((user) => user.email)).toEqual(['labeller@demo.test', 'manager@demo.test']);
  });

  it('is 404 for a user outside the caller\'s tenant (by user_id or id), 400 without ids', async () => {
    const harbourToken = await t.signIn('admin@demo.test', DEMO_PASSWORD, harbour);
    for (const name of ['user_id', 'id']) {
      const outside = await get(`/1/users?${name}=${t.demo!.userIds.labeller}`, bearer(harbourToken));
      expect(outside.statusCode).toBe(404);
      expect(outside.json()).toEqual({ message: 'User not found.' });
    }
    for (const query of ['', '?user_id=', '?user_id=,', '?id=', '?id=,&user_id=']) {
      const response = await get(`/1/users${query}`, bearer(adminToken));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });
});

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
