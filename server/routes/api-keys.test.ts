import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_KEY_DESCRIPTION_MAX, API_KEYS_PER_USER_MAX } from '../../src/api/limits';
import type { ApiKey, CreatedApiKey } from '../../src/api/schemas/api-keys';
import type { PagedResponse } from '../../src/api/types';
import type { TenantList, TokenResponse, User } from '../../src/api/schemas/identity';
import { apiKeys } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let labeller: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  labeller = await t.demoAuth('labeller@demo.test');
  admin = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.demoLab);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string>) => t.inject({ method: 'GET', url, headers });
const create = (headers: Record<string, string>, payload: unknown = { description: 'nightly import' }, user = 'current') =>
  t.inject({ method: 'POST', url: `/1/users/${user}/apiKeys`, headers, payload: payload as object });
const keyAuth = (key: string) => ({ authorization: `Key ${key}` });
const token = (key: string, query = '') => get(`/1/token${query}`, keyAuth(key));

async function newKey(headers = labeller, description = 'a script'): Promise<CreatedApiKey> {
  const response = await create(headers, { description });
  expect(response.statusCode).toBe(201);
  return response.json<CreatedApiKey>();
}

describe('POST /1/users/{id|current}/apiKeys', () => {
  it('creates a key and shows it once; lists and reads show everything but the key', async () => {
    const response = await create(labeller, { description: '  nightly import ' });
    expect(response.statusCode).toBe(201);
    const created = response.json<CreatedApiKey>();
    expect(created).toEqual({
      key_id: expect.stringMatching(/^key_[0-9a-z]{20}$/),
      user_id: t.demo!.userIds.labeller,
      description: 'nightly import',
      created_at: expect.any(Number),
      last_used_at: null,
      api_key: expect.stringMatching(new RegExp(`^${created.key_id}\\.[A-Za-z0-9_-]{43}$`)),
    });
    const { api_key: _shownOnce, ...listed } = created;

    const list = await get('/1/users/current/apiKeys', labeller);
    expect(list.statusCode).toBe(200);
    expect(list.json<PagedResponse<ApiKey>>()).toEqual({ data: expect.arrayContaining([listed]), paging: {} });
    const one = await get(`/1/users/${t.demo!.userIds.labeller}/apiKeys/${created.key_id}`, labeller);
    expect(one.json()).toEqual(listed);
    expect(list.body + one.body).not.toContain(created.api_key.split('.')[1]);
  });

  it('stores only the SHA-256 of the secret', async () => {
    const created = await newKey();
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.keyId, created.key_id));
    const secret = created.api_key.split('.')[1]!;
    expect(Object.values(row!).map(String).join(' ')).not.toContain(secret);
    expect(row!.secretSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('takes an empty body object (no description)', async () => {
    const response = await create(labeller, {});
    expect(response.statusCode).toBe(201);
    expect(response.json<CreatedApiKey>().description).toBe('');
  });

  it.each([
    [{ description: 'x'.repeat(API_KEY_DESCRIPTION_MAX + 1) }, `Invalid description: Use at most ${API_KEY_DESCRIPTION_MAX} characters.`],
    [{ description: 42 }, 'Invalid description: Give the description as text.'],
    [[], 'The request body must be a JSON object.'],
  ])('refuses %j with 400', async (payload, message) => {
    const response = await create(labeller, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
  });

  it('is 404 for another user, and 401 without a bearer token (a key or a password is not enough)', async () => {
    const other = await create(labeller, { description: 'x' }, t.demo!.userIds.admin);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'User not found.' });
    const key = await newKey();
    for (const headers of [{}, keyAuth(key.api_key), { authorization: `Basic ${Buffer.from('labeller@demo.test:looplabel-demo').toString('base64')}` }]) {
      const response = await create(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
  });

  it(`refuses a key beyond ${API_KEYS_PER_USER_MAX} per user with 409`, async () => {
    const user = await t.inject({ method: 'POST', url: '/1/users', payload: { email: 'many-keys@example.com', password: 'long enough' } });
    expect(user.statusCode).toBe(201);
    const headers = await (async () => ({ authorization: `Bearer ${await t.signIn('many-keys@example.com', 'long enough')}` }))();
    for (let i = 0; i < API_KEYS_PER_USER_MAX; i += 1) await newKey(headers, `key ${i}`);
    const response = await create(headers);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: `You hold ${API_KEYS_PER_USER_MAX} API keys already: revoke one you no longer use first.` });
  });
});

describe('GET /1/token with Authorization: Key', () => {
  it('trades a key for a token of a tenant of its owner, which then works as any token', async () => {
    const key = await newKey();
    const response = await token(key.api_key, `?tenant_id=${t.demo!.tenantIds.demoLab}`);
    expect(response.statusCode).toBe(200);
    const issued = response.json<TokenResponse>();
    expect(issued).toMatchObject({ token_type: 'Bearer', user_id: t.demo!.userIds.labeller, user_email: 'labeller@demo.test', tenant_id: t.demo!.tenantIds.demoLab });
    const me = await get('/1/users/current', { authorization: `Bearer ${issued.access_token}` });
    expect(me.json<User>().email).toBe('labeller@demo.test');

    const used = (await get(`/1/users/current/apiKeys/${key.key_id}`, labeller)).json<ApiKey>();
    expect(used.last_used_at).toBeGreaterThanOrEqual(key.created_at);
  });

  it('gives the only tenant without tenant_id, 400 for a user of several, 404 for a tenant not theirs', async () => {
    const only = await token((await newKey()).api_key);
    expect(only.json<TokenResponse>().tenant_id).toBe(t.demo!.tenantIds.demoLab);
    const adminKey = await newKey(admin);
    const several = await token(adminKey.api_key);
    expect(several.statusCode).toBe(400);
    expect(several.json()).toMatchObject({ message: 'You belong to several tenants: choose one with tenant_id.' });
    const notTheirs = await token((await newKey()).api_key, `?tenant_id=${t.demo!.tenantIds.harbour}`);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toEqual({ message: 'Tenant not found.' });
    const oauth = await get(`/1/oauth/token?tenant_id=${t.demo!.tenantIds.harbour}`, keyAuth(adminKey.api_key));
    expect(oauth.json<TokenResponse>().tenant_id).toBe(t.demo!.tenantIds.harbour);
  });

  it('also lists its owner\'s tenants', async () => {
    const key = await newKey(admin);
    const response = await get('/1/users/current/tenants', keyAuth(key.api_key));
    expect(response.statusCode).toBe(200);
    expect(response.json<TenantList>().tenants).toHaveLength(2);
  });

  it.each([
    ['a wrong secret', (key: string) => `${key.split('.')[0]}.${'A'.repeat(43)}`],
    ['an unknown id', (key: string) => `key_${'0'.repeat(20)}.${key.split('.')[1]}`],
    ['a malformed key', () => 'not-a-key'],
  ])('refuses %s with 401 and a Key challenge', async (_case, spoil) => {
    const response = await token(spoil((await newKey()).api_key));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'The API key is not valid: it may have been revoked.' });
    expect(response.headers['www-authenticate']).toBe('Key realm="looplabel"');
  });
});

describe('DELETE /1/users/{id|current}/apiKeys/{key_id}', () => {
  it('revokes a key: it is refused from then on and no longer listed', async () => {
    const key = await newKey();
    expect((await token(key.api_key)).statusCode).toBe(200);
    const revoked = await t.inject({ method: 'DELETE', url: `/1/users/current/apiKeys/${key.key_id}`, headers: labeller });
    expect(revoked.statusCode).toBe(204);
    expect(revoked.body).toBe('');

    expect((await token(key.api_key)).statusCode).toBe(401);
    expect((await get(`/1/users/current/apiKeys/${key.key_id}`, labeller)).statusCode).toBe(404);
    const list = (await get('/1/users/current/apiKeys', labeller)).json<PagedResponse<ApiKey>>();
    expect(list.data.map((listed) => listed.key_id)).not.toContain(key.key_id);
    const again = await t.inject({ method: 'DELETE', url: `/1/users/current/apiKeys/${key.key_id}`, headers: labeller });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'API key not found.' });
  });

  it('lets nobody but the owner see or revoke a key (404, as for a key that does not exist)', async () => {
    const key = await newKey();
    for (const url of [`/1/users/current/apiKeys/${key.key_id}`, `/1/users/${t.demo!.userIds.labeller}/apiKeys/${key.key_id}`]) {
      for (const method of ['GET', 'DELETE'] as const) {
        const response = await t.inject({ method, url, headers: admin });
        expect(response.statusCode).toBe(404);
        expect(response.json<{ message: string }>().message).toMatch(/^(API key|User) not found\.$/);
      }
    }
    const list = await get(`/1/users/${t.demo!.userIds.labeller}/apiKeys`, admin);
    expect(list.statusCode).toBe(404);
    expect((await token(key.api_key)).statusCode).toBe(200);
  });
});
