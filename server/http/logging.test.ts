import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { DEMO_PASSWORD } from '../demo/seed-identity';
import { REDACTED } from '../net/redact';
import { basicAuth, createTestApp, type TestApp } from '../testing/test-app';
import { serializeError } from './logging';

const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { logLevel: 'info' }, logStream: { write: (line) => lines.push(line) } });
  t.app.get('/1/test-failing-cast', { config: { auth: 'none' } }, async () => {
    await t.db.execute(sql`SELECT ${'param-secret-4711'}::integer`);
  });
  t.app.get('/1/test-failing-insert', { config: { auth: 'none' } }, async () => {
    await t.db.insert(users).values({ id: 'usr_clash', email: 'admin@demo.test', passwordHash: 'scrypt$hash-secret-0815' });
  });
});
afterAll(() => t.close());

const logged = () => lines.join('');

describe('the log', () => {
  it("does not carry a failing query's parameters or the values the database quotes back", async () => {
    lines.length = 0;
    for (const url of ['/1/test-failing-cast', '/1/test-failing-insert']) {
      const response = await t.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
    }
    const failures = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request failed');
    expect(failures).toHaveLength(2);
    // Still useful: which statement failed, and why.
    expect(failures[0].err.message).toMatch(/^Failed query: SELECT \$1::integer\nparams: \[redacted\]$/);
    expect(failures[0].err.cause).toMatchObject({ code: '22P02', message: expect.stringMatching(/SQLSTATE 22P02/) });
    expect(failures[1].err.message).toMatch(/^Failed query: insert into "users"/);
    expect(failures[1].err.cause).toMatchObject({ code: '23505', constraint: 'users_email_key' });
    for (const secret of ['param-secret-4711', 'hash-secret-0815', 'usr_clash', 'admin@demo.test']) {
      expect(logged()).not.toContain(secret);
    }
  });

  it('logs requests at debug only, one line each, by their path only, never their query or credentials', async () => {
    const requestLines = () => lines.map((line) => JSON.parse(line)).filter((line) => line.req);
    lines.length = 0;
    await t.inject({ method: 'GET', url: '/1/version' });
    expect(requestLines()).toEqual([]);

    t.app.log.level = 'debug';
    try {
      await t.inject({ method: 'GET', url: '/1/users/current/tenants?sig=query-secret-9999', headers: { authorization: basicAuth('admin@demo.test', DEMO_PASSWORD) } });
      await t.inject({ method: 'GET', url: '/1/users/current', headers: { authorization: 'Bearer token-secret-1234' } });
    } finally {
      t.app.log.level = 'info';
    }
    const requests = requestLines();
    expect(requests.map((line) => [line.level, line.req.url, line.res.statusCode])).toEqual([
      [20, '/1/users/current/tenants', 200],
      [20, '/1/users/current', 401],
    ]);
    const basic = basicAuth('admin@demo.test', DEMO_PASSWORD).split(' ')[1]!;
    for (const secret of ['query-secret-9999', basic, DEMO_PASSWORD, 'token-secret-1234']) expect(logged()).not.toContain(secret);
  });

  it('censors credentials in whatever else is logged', () => {
    lines.length = 0;
    t.app.log.info({ password: 'pw-secret', user: { access_token: 'at-secret', invite_code: 'ic-secret' }, headers: { authorization: 'Bearer x' } }, 'note');
    const [line] = lines.map((text) => JSON.parse(text));
    expect(line).toMatchObject({ password: REDACTED, user: { access_token: REDACTED, invite_code: REDACTED }, headers: { authorization: REDACTED } });
  });

  it('serializes any thrown value and the causes of an error', () => {
    expect(serializeError('plain')).toEqual({ type: 'string', message: 'plain', stack: '' });
    const error = new Error('outer', { cause: Object.assign(new Error('inner'), { detail: 'Key (email)=(x@y) already exists.', code: '23505' }) });
    const serialized = serializeError(error);
    expect(serialized.cause).toMatchObject({ message: 'inner', code: '23505' });
    expect(JSON.stringify(serialized)).not.toContain('x@y');
  });
});
