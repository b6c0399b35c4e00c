import type { TokenResponse } from '../../api/schemas/identity';
import { getPendingCredentials, rememberCredentials } from './pending-credentials';
import { clearSession, getSession, SESSION_STORAGE_KEY, sessionFromToken, setSession, useSessionStore } from './session-store';
import { signOut } from './sign-out';

const token: TokenResponse = {
  access_token: 'aaa.bbb.ccc',
  token_type: 'Bearer',
  expires_in: 3600,
  user_email: 'ada@demo.test',
  user_id: 'u-1',
  tenant_id: 't-1',
  tenant_name: 'Acme Vision',
  tenant_type: 'orgtenant',
};

afterEach(() => clearSession());

describe('session store', () => {
  it('derives the session from a token response, expiry in epoch milliseconds', () => {
    expect(sessionFromToken(token, 1_000)).toEqual({
      token: 'aaa.bbb.ccc',
      expiresAt: 1_000 + 3_600_000,
      userId: 'u-1',
      email: 'ada@demo.test',
      tenantId: 't-1',
      tenantName: 'Acme Vision',
      tenantType: 'orgtenant',
    });
  });

  it('persists to sessionStorage only, never to localStorage, and never a password', () => {
    rememberCredentials({ email: 'ada@demo.test', password: 'secret-password' });
    setSession(token);

    const stored = sessionStorage.getItem(SESSION_STORAGE_KEY) ?? '';
    expect(JSON.parse(stored)).toMatchObject({ state: { session: { token: 'aaa.bbb.ccc', tenantId: 't-1' } } });
    expect(stored).not.toContain('secret-password');
    expect(localStorage.length).toBe(0);
  });

  it('restores the session after a reload of the tab', async () => {
    setSession(token);
    useSessionStore.setState({ session: null }, false);
    sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ state: { session: sessionFromToken(token) }, version: 0 }));

    await useSessionStore.persist.rehydrate();

    expect(getSession()?.token).toBe('aaa.bbb.ccc');
  });

  it('signing out forgets the session, its storage and the password in memory', () => {
    setSession(token);
    rememberCredentials({ email: 'ada@demo.test', password: 'secret-password' });

    signOut();

    expect(getSession()).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(getPendingCredentials()).toBeNull();
  });
});
