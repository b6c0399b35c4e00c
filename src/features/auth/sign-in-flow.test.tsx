import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ACME, PASSWORD, PERSONAL, createFakeService, type FakeUser } from '../../testing/fake-service';
import { setupMswServer } from '../../testing/msw-server';
import { renderApp } from '../../testing/render-app';
import { getPendingCredentials } from '../../lib/session/pending-credentials';
import { getSession } from '../../lib/session/session-store';

const solo: FakeUser = { email: 'solo@demo.test', password: PASSWORD, userId: 'u-solo', tenantIds: [ACME.tenant_id], invites: [] };
const multi: FakeUser = {
  email: 'multi@demo.test',
  password: PASSWORD,
  userId: 'u-multi',
  tenantIds: [ACME.tenant_id, PERSONAL.tenant_id],
  invites: [],
};
const service = createFakeService([solo, multi]);
const server = setupMswServer(...service.handlers);

async function signInAs(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('signing in', () => {
  it('takes a person with one tenant straight into it', async () => {
    renderApp('/sign-in');
    await signInAs(solo.email, PASSWORD);

    expect(await screen.findByRole('heading', { level: 1, name: ACME.name })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText(solo.email)).toBeInTheDocument();
    expect(getSession()).toMatchObject({ email: solo.email, tenantId: ACME.tenant_id, tenantType: 'orgtenant' });
    expect(await screen.findByText('API v1 · build 12')).toBeInTheDocument();
  });

  it('shows the tenant picker to a person with several tenants, then enters the chosen one', async () => {
    renderApp('/sign-in');
    const user = await signInAs(multi.email, PASSWORD);

    expect(await screen.findByRole('heading', { name: 'Choose a tenant' })).toBeInTheDocument();
    expect(getSession()).toBeNull();
    await user.click(await screen.findByRole('button', { name: PERSONAL.name }));

    expect(await screen.findByRole('heading', { level: 1, name: PERSONAL.name })).toBeInTheDocument();
    expect(getSession()?.tenantId).toBe(PERSONAL.tenant_id);
    expect(getPendingCredentials()).toBeNull();
  });

  it('says so when the password is wrong', async () => {
    renderApp('/sign-in');
    await signInAs(solo.email, 'not the password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password.');
    expect(getSession()).toBeNull();
  });

  it('says when to try again after too many attempts', async () => {
    server.use(
      http.get('/1/users/current/tenants', () =>
        HttpResponse.json({ message: 'Too many attempts.' }, { status: 429, headers: { 'Retry-After': '300' } }),
      ),
    );
    renderApp('/sign-in');
    await signInAs(solo.email, PASSWORD);

    expect(await screen.findByRole('alert')).toHaveTextContent(/Too many attempts.*try again in 5 minutes/);
  });

  it('says when the service cannot be reached', async () => {
    server.use(http.get('/1/users/current/tenants', () => HttpResponse.error()));
    renderApp('/sign-in');
    await signInAs(solo.email, PASSWORD);

    expect(await screen.findByRole('alert')).toHaveTextContent('The service could not be reached.');
  });

  it('sends a signed-out visitor to sign-in and back where they were going', async () => {
    const page = renderApp('/t/t-acme');
    await signInAs(solo.email, PASSWORD);

    expect(await screen.findByRole('heading', { level: 1, name: ACME.name })).toBeInTheDocument();
    expect(page.location().pathname).toBe('/t/t-acme');
  });

  it('signs out: session, storage and cache are cleared', async () => {
    const page = renderApp('/sign-in');
    const user = await signInAs(solo.email, PASSWORD);
    await screen.findByRole('heading', { level: 1, name: ACME.name });

    await user.click(screen.getByRole('button', { name: /sign out/i }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(page.location().pathname).toBe('/sign-in');
    expect(getSession()).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });
});
