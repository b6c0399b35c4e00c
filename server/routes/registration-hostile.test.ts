import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ServiceConfig } from '../config';
import { users } from '../db/schema';
import { bearer, createTestApp, type TestApp } from '../testing/test-app';

type Mode = ServiceConfig['registration'];

let open: TestApp;
/** One instance per REGISTRATION mode, all on the one database. */
const service = {} as Record<Mode, TestApp>;
let admin: Record<string, string>;
let invited: { email: string; code: string };
let registrations = 0;

beforeAll(async () => {
  open = await createTestApp({ seed: true, config: { registration: 'open' } });
  service.open = open;
  service.invite = await createTestApp({ sharing: open, config: { registration: 'invite' } });
  service.closed = await createTestApp({ sharing: open, config: { registration: 'closed' } });
  admin = await open.demoAuth('admin@demo.test', open.demo!.tenantIds.demoLab);
  const sent = await open.inject({ method: 'POST', url: '/1/tenants/current/invites', headers: admin, payload: { invited_user_email: 'Invited.Person@Example.test' } });
  invited = { email: 'invited.person@example.test', code: sent.json().invite_code };
});
afterAll(async () => {
  await service.closed.close();
  await service.invite.close();
  await open.close();
});

/** A registration through the instance of the mode; each from its own address, so that no rate limit interferes. */
function register(mode: Mode, email: string) {
  registrations += 1;
  return service[mode].inject({ method: 'POST', url: '/1/users', remoteAddress: `127.0.9.${registrations}`, payload: { email, password: 'long enough' } });
}

const CLOSED = { message: 'This service takes no new registrations: ask its operator for an account.' };
const NOT_INVITED = { message: 'This service registers invited people only: ask a tenant administrator to invite this email first.' };

async function answers(mode: Mode, email: string) {
  const response = await register(mode, email);
  return { status: response.statusCode, message: response.json().message };
}

const accountsOf = (email: string) => open.db.select().from(users).where(eq(users.email, email));

describe('REGISTRATION decides who may register', () => {
  it('open takes anyone; closed nobody, not even an invited email: 403 with a clear message', async () => {
    expect(await answers('open', 'stranger.one@example.test')).toEqual({ status: 201, message: undefined });
    expect(await answers('closed', 'stranger.two@example.test')).toEqual({ status: 403, ...CLOSED });
    expect(await answers('closed', invited.email)).toEqual({ status: 403, ...CLOSED });
    expect(await accountsOf('stranger.two@example.test')).toEqual([]);
    expect(await accountsOf(invited.email)).toEqual([]);
  });

  it('invite refuses an email without a pending invite; the invited one registers (however spelled) and joins with the code', async () => {
    expect(await answers('invite', 'stranger.three@example.test')).toEqual({ status: 403, ...NOT_INVITED });
    expect(await accountsOf('stranger.three@example.test')).toEqual([]);

    expect(await answers('invite', ' INVITED.person@example.test ')).toEqual({ status: 201, message: undefined });
    const token = await service.invite.signIn(invited.email, 'long enough');
    const answer = await service.invite.inject({
      method: 'POST',
      url: '/1/users/current/invites',
      headers: bearer(token),
      payload: { tenant_id: open.demo!.tenantIds.demoLab, invitation_status: 'accepted', invite_code: invited.code },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().invitation_status).toBe('accepted');
  });
});
