import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient } from '../../lib/query-client';
import { ACME, PASSWORD, createFakeService, type FakeUser } from '../../testing/fake-service';
import { setupMswServer } from '../../testing/msw-server';
import { renderApp } from '../../testing/render-app';
import { getSession } from '../../lib/session/session-store';

const solo: FakeUser = { email: 'solo@demo.test', password: PASSWORD, userId: 'u-solo', tenantIds: [ACME.tenant_id], invites: [] };
const service = createFakeService([solo]);
const server = setupMswServer(...service.handlers);

async function signInAndExpireToken() {
  const page = renderApp('/t/t-acme/admin');
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), solo.email);
  await user.type(screen.getByLabelText('Password'), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('table', { name: 'Members' });
  const expiredToken = getSession()?.token ?? '';
  service.expireTokens([expiredToken]);
  // Every query of the page asks again at once, with the expired token.
  await act(async () => {
    void queryClient.invalidateQueries();
  });
  return { page, user, expiredToken };
}

describe('an expired token', () => {
  it('asks for the password in one dialog over the page, then retries the calls that failed', async () => {
    const tokenRequests: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/1/token') tokenRequests.push(request.url);
    });
    const { page, user, expiredToken } = await signInAndExpireToken();

    const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(page.location().pathname).toBe('/t/t-acme/admin');
    const tokensBefore = tokenRequests.length;

    await user.type(within(dialog).getByLabelText('Password'), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(tokenRequests.length - tokensBefore).toBe(1);
    expect(getSession()?.token).not.toBe(expiredToken);
    expect(getSession()?.tenantId).toBe(ACME.tenant_id);
    expect(screen.getByRole('heading', { level: 1, name: 'Tenant admin' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Members' })).toBeInTheDocument();
    expect(page.location().pathname).toBe('/t/t-acme/admin');
    server.events.removeAllListeners();
  });

  it('keeps the dialog open when the password is wrong', async () => {
    const { user } = await signInAndExpireToken();
    const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });

    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Wrong email or password.');
    expect(screen.getByRole('dialog', { name: 'Sign in again' })).toBeInTheDocument();
  });

  it('signs out when the person cancels', async () => {
    const { page, user } = await signInAndExpireToken();
    const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });

    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(page.location().pathname).toBe('/sign-in');
    expect(getSession()).toBeNull();
  });
});

