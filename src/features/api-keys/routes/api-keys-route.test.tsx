import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ApiKey, CreatedApiKey } from '../../../api/schemas/api-keys';
import type { TenantUser } from '../../../api/schemas/identity';
import { setupMswServer } from '../../../testing/msw-server';
import { renderSignedIn, TENANT_ID } from '../../../testing/render-dashboard';

vi.setConfig({ testTimeout: 20_000 });
const server = setupMswServer();

const ME: TenantUser = { user_id: 'u-me', email: 'me@acme.test', given_name: null, surname: null, role: 'tenant_user' };
const SECRET_KEY = `key_${'a'.repeat(20)}.${'S'.repeat(43)}`;
const older: ApiKey = { key_id: `key_${'b'.repeat(20)}`, user_id: ME.user_id, description: 'camera sync', created_at: 1_700_000_000, last_used_at: null };

let keys: ApiKey[];
let created: { description: unknown }[];

beforeEach(() => {
  keys = [older];
  created = [];
  server.use(
    http.get('/1/version', () => HttpResponse.json({ version: '1', build_number: 1, build_time: '2025-01-01T00:00:00Z' })),
    http.get('/1/users/current/invites', () => HttpResponse.json([])),
    http.get('/1/users/current/apiKeys', () => HttpResponse.json({ data: keys, paging: {} })),
    http.post('/1/users/current/apiKeys', async ({ request }) => {
      const body = (await request.json()) as { description: string };
      created.push(body);
      const key: ApiKey = { key_id: SECRET_KEY.split('.')[0]!, user_id: ME.user_id, description: body.description, created_at: 1_700_100_000, last_used_at: null };
      keys = [...keys, key];
      return HttpResponse.json({ ...key, api_key: SECRET_KEY } satisfies CreatedApiKey, { status: 201 });
    }),
    http.delete('/1/users/current/apiKeys/:keyId', ({ params }) => {
      keys = keys.filter((key) => key.key_id !== params.keyId);
      return new HttpResponse(null, { status: 204 });
    }),
  );
});

describe('API keys page', () => {
  it('is reached from the user menu, creates a key, shows it once with a copy button, and lists it', async () => {
    renderSignedIn(`/t/${TENANT_ID}/nowhere`, ME);
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(await within(await screen.findByRole('banner')).findByRole('link', { name: 'API keys' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'API keys' })).toBeInTheDocument();
    expect(await screen.findByText('camera sync')).toBeInTheDocument();
    await user.type(screen.getByLabelText('What is the key for?'), ' nightly import ');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('region', { name: 'Your new key: nightly import' });
    expect(created).toEqual([{ description: 'nightly import' }]);
    expect(within(shown).getByLabelText('New API key')).toHaveValue(SECRET_KEY);
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET_KEY);
    expect(await within(shown).findByRole('status')).toHaveTextContent('Copied to the clipboard.');

    const list = screen.getByRole('list', { name: 'Your API keys' });
    expect(await within(list).findByText('nightly import')).toBeInTheDocument();
    expect(list).not.toHaveTextContent(SECRET_KEY);

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('New API key')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(SECRET_KEY)).not.toBeInTheDocument();
  });

  it('revokes a key after a second click, and says so when none is left', async () => {
    renderSignedIn(`/t/${TENANT_ID}/api-keys`, ME);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke camera sync' }));
    expect(screen.getByText('Scripts using it stop working.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revoke key' }));

    expect(await screen.findByText('No API keys')).toBeInTheDocument();
    expect(keys).toEqual([]);
  });

  it('shows the service\'s message when creating fails', async () => {
    server.use(
      http.post('/1/users/current/apiKeys', () =>
        HttpResponse.json({ message: 'You hold 100 API keys already: revoke one you no longer use first.' }, { status: 409 }),
      ),
    );
    renderSignedIn(`/t/${TENANT_ID}/api-keys`, ME);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You hold 100 API keys already');
  });
});
