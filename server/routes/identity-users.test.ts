import { describe, expect, it } from 'vitest';
import type { TenantList, User } from '../../src/api/schemas/identity';
import { signToken } from '../auth/jwt';
import { DEMO_PASSWORD } from '../demo/seed-identity';
import { basicAuth, bearer } from '../testing/test-app';
import { t, demoLab, harbour, adminToken, labellerToken, useIdentityApp, get, post } from '../testing/identity-fixture';

useIdentityApp();

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
    const expired = await signToken({ ...claims, iat: 1_000, exp: 2_000 }, t.secret);
    const otherSecret = await signToken(claims, Buffer.alloc(32, 7));
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
