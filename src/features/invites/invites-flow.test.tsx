import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACME, LAB, PASSWORD, PERSONAL, createFakeService, pendingInvite, type FakeUser } from '../../testing/fake-service';
import { setupMswServer } from '../../testing/msw-server';
import { renderApp } from '../../testing/render-app';

const solo: FakeUser = {
  email: 'solo@demo.test',
  password: PASSWORD,
  userId: 'u-solo',
  tenantIds: [ACME.tenant_id],
  invites: [pendingInvite(LAB, 'solo@demo.test')],
};
const multi: FakeUser = {
  email: 'multi@demo.test',
  password: PASSWORD,
  userId: 'u-multi',
  tenantIds: [ACME.tenant_id, PERSONAL.tenant_id],
  invites: [pendingInvite(LAB, 'multi@demo.test')],
};
setupMswServer(...createFakeService([solo, multi]).handlers);

async function signIn(path: string, email: string) {
  const page = renderApp(path);
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return { page, user };
}

describe('invites', () => {
  it('accepted from the tenant picker, the tenant is there to choose at once', async () => {
    const { user } = await signIn('/sign-in', multi.email);
    await screen.findByRole('heading', { name: 'Choose a tenant' });
    expect(await screen.findByRole('button', { name: ACME.name })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LAB.name })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Pending invites' }));
    await user.click(await screen.findByRole('button', { name: `Accept invite to ${LAB.name}` }));
    expect(await screen.findByRole('status')).toHaveTextContent(`You joined ${LAB.name}.`);
    expect(await screen.findByText('No pending invites')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to choosing a tenant' }));
    await user.click(await screen.findByRole('button', { name: LAB.name }));
    expect(await screen.findByRole('heading', { level: 1, name: LAB.name })).toBeInTheDocument();
  });

  it('shows the count in the shell, and a declined invite leaves the list', async () => {
    const { user } = await signIn('/sign-in', solo.email);
    const banner = await screen.findByRole('banner');
    const link = await within(banner).findByRole('link', { name: 'Invites (1 pending)' });

    await user.click(link);
    await user.click(await screen.findByRole('button', { name: `Decline invite to ${LAB.name}` }));

    expect(await screen.findByText('No pending invites')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(`You declined the invite to ${LAB.name}.`);
  });
});

describe('switching tenant from the shell', () => {
  it('asks for the password, then enters the chosen tenant with a new token', async () => {
    const { page, user } = await signIn('/sign-in', multi.email);
    await user.click(await screen.findByRole('button', { name: ACME.name }));
    await screen.findByRole('heading', { level: 1, name: ACME.name });

    await user.click(screen.getByRole('button', { name: 'Switch tenant' }));
    const dialog = screen.getByRole('dialog', { name: 'Switch tenant' });
    await user.type(within(dialog).getByLabelText('Password'), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('button', { name: ACME.name })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: PERSONAL.name }));

    expect(await screen.findByRole('heading', { level: 1, name: PERSONAL.name })).toBeInTheDocument();
    expect(page.location().pathname).toBe(`/t/${PERSONAL.tenant_id}`);
    expect(within(screen.getByRole('banner')).getByText('Personal')).toBeInTheDocument();
  });

  it('offers to switch when the address names another tenant', async () => {
    await signIn(`/t/${PERSONAL.tenant_id}`, multi.email);
    await screen.findByRole('heading', { name: 'Choose a tenant' });
    await userEvent.click(await screen.findByRole('button', { name: ACME.name }));

    expect(await screen.findByRole('heading', { name: 'Another tenant' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `Go to ${ACME.name}` })).toBeInTheDocument();
  });
});
