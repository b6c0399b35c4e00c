import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SentInvite, TenantListItem } from '../../src/api/schemas/identity';
import type { ServiceConfig } from '../config';
import { invites, users } from '../db/schema';
import { INVITE_CODE_DAYS } from '../../src/api/limits';
import { basicAuth, createTestApp, type TestApp } from '../testing/test-app';

type Mode = ServiceConfig['registration'];

let open: TestApp;
/** One instance per REGISTRATION mode, all on the one database. */
const service = {} as Record<Mode, TestApp>;
let admin: Record<string, string>;
let demoLab: string;
let registrations = 0;

beforeAll(async () => {
  open = await createTestApp({ seed: true, config: { registration: 'open' } });
  service.open = open;
  service.invite = await createTestApp({ sharing: open, config: { registration: 'invite' } });
  service.closed = await createTestApp({ sharing: open, config: { registration: 'closed' } });
  demoLab = open.demo!.tenantIds.demoLab;
  admin = await open.demoAuth('admin@demo.test', demoLab);
});
afterAll(async () => {
  await service.closed.close();
  await service.invite.close();
  await open.close();
});

/** Demo Lab's administrator invites the email; the code the answer carries. */
async function invite(email: string): Promise<string> {
  const sent = await open.inject({ method: 'POST', url: '/1/tenants/current/invites', headers: admin, payload: { invited_user_email: email } });
  expect(sent.statusCode).toBeLessThan(300);
  return sent.json<SentInvite>().invite_code;
}

/** A registration through the instance of the mode; each from its own address, so that no rate limit interferes. */
function register(mode: Mode, email: string, inviteCode?: string) {
  registrations += 1;
  const payload = { email, password: 'long enough', ...(inviteCode === undefined ? {} : { invite_code: inviteCode }) };
  return service[mode].inject({ method: 'POST', url: '/1/users', remoteAddress: `127.0.9.${registrations}`, payload });
}

async function answers(mode: Mode, email: string, inviteCode?: string) {
  const response = await register(mode, email, inviteCode);
  return { status: response.statusCode, message: response.json().message as string | undefined };
}

const CLOSED = { message: 'This service takes no new registrations: ask its operator for an account.' };
const NO_CODE = {
  message: 'This service registers invited people only: open the link of your invite (it carries its code), or ask a tenant administrator for one.',
};
const WRONG_CODE = { message: 'The invite code is not correct for this email: open the link of your invite as it came.' };
const EXPIRED = { message: `This invite code has expired (a code works for ${INVITE_CODE_DAYS} days): ask for the invite to be sent again.` };

const accountsOf = (email: string) => open.db.select().from(users).where(eq(users.email, email));

async function tenantsOf(email: string): Promise<TenantListItem[]> {
  const response = await open.inject({ method: 'GET', url: '/1/users/current/tenants', headers: { authorization: basicAuth(email, 'long enough') } });
  return response.json<{ tenants: TenantListItem[] }>().tenants;
}

const statusOfInvite = async (email: string) => (await open.db.select().from(invites).where(eq(invites.invitedEmail, email))).map((row) => row.status);

describe('REGISTRATION decides who may register', () => {
  it('open takes anyone; closed nobody, not even with an invite code: 403 with a clear message', async () => {
    const code = await invite('closed.invitee@example.test');
    expect(await answers('open', 'stranger.one@example.test')).toEqual({ status: 201, message: undefined });
    expect(await answers('closed', 'stranger.two@example.test')).toEqual({ status: 403, ...CLOSED });
    expect(await answers('closed', 'closed.invitee@example.test', code)).toEqual({ status: 403, ...CLOSED });
    expect(await accountsOf('stranger.two@example.test')).toEqual([]);
    expect(await accountsOf('closed.invitee@example.test')).toEqual([]);
  });

  it('invite: nobody takes an invited address without its code, and the invitee then registers with it', async () => {
    const code = await invite('Newhire@Example.test');
    // The finding: anyone could register the invited email without a code and so lock the invitee out (409).
    expect(await answers('invite', 'newhire@example.test')).toEqual({ status: 403, ...NO_CODE });
    expect(await answers('invite', 'stranger.three@example.test')).toEqual({ status: 403, ...NO_CODE });
    expect(await accountsOf('newhire@example.test')).toEqual([]);

    expect(await answers('invite', ' NEWHIRE@example.test ', code)).toEqual({ status: 201, message: undefined });
    // The account is in the inviting tenant as a member, and has no tenant of its own.
    expect(await tenantsOf('newhire@example.test')).toEqual([{ tenant_id: demoLab, type: 'orgtenant', name: 'Demo Lab' }]);
    const members = await open.inject({ method: 'GET', url: '/1/tenants/current/users', headers: admin });
    expect(members.json<{ data: { email: string; role: string }[] }>().data).toContainEqual(expect.objectContaining({ email: 'newhire@example.test', role: 'tenant_user' }));
    expect(await statusOfInvite('newhire@example.test')).toEqual(['accepted']);
  });

  it('invite: a wrong code, another email’s code, an expired code and a used one are refused, and nothing is made', async () => {
    const code = await invite('second.hire@example.test');
    const othersCode = await invite('third.hire@example.test');
    expect(await answers('invite', 'second.hire@example.test', 'A'.repeat(22))).toEqual({ status: 403, ...WRONG_CODE });
    expect(await answers('invite', 'second.hire@example.test', othersCode)).toEqual({ status: 403, ...WRONG_CODE });
    expect(await answers('invite', 'stranger.four@example.test', code)).toEqual({ status: 403, ...WRONG_CODE });
    expect((await register('invite', 'second.hire@example.test', 'x'.repeat(101))).statusCode).toBe(400);
    expect(await accountsOf('second.hire@example.test')).toEqual([]);

    const sentAt = new Date(Date.now() - (INVITE_CODE_DAYS * 86_400 + 60) * 1000);
    await open.db.update(invites).set({ createdAt: sentAt }).where(eq(invites.invitedEmail, 'second.hire@example.test'));
    expect(await answers('invite', 'second.hire@example.test', code)).toEqual({ status: 403, ...EXPIRED });
    expect(await accountsOf('second.hire@example.test')).toEqual([]);
    // A resend makes a new code, which works; the old one does not.
    const resent = await invite('second.hire@example.test');
    expect(await answers('invite', 'second.hire@example.test', code)).toEqual({ status: 403, ...WRONG_CODE });
    expect(await answers('invite', 'second.hire@example.test', resent)).toEqual({ status: 201, message: undefined });
    // Used: the invite was accepted; its code takes nothing more.
    expect(await answers('invite', 'second.hire@example.test', resent)).toEqual({ status: 409, message: 'This invite was already accepted.' });
    expect(await accountsOf('second.hire@example.test')).toHaveLength(1);
  });

  it('open: a code given must be right; with it the account has its own tenant and joins the inviting one', async () => {
    const code = await invite('open.invitee@example.test');
    expect(await answers('open', 'open.invitee@example.test', 'B'.repeat(22))).toEqual({ status: 403, ...WRONG_CODE });
    expect(await accountsOf('open.invitee@example.test')).toEqual([]);
    expect(await answers('open', 'open.invitee@example.test', code)).toEqual({ status: 201, message: undefined });
    const tenants = await tenantsOf('open.invitee@example.test');
    expect(tenants.map((tenant) => tenant.type).sort()).toEqual(['orgtenant', 'usertenant']);
    expect(tenants.find((tenant) => tenant.type === 'orgtenant')?.tenant_id).toBe(demoLab);
  });
});
