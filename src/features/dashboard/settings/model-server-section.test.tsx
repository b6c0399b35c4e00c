import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupMswServer } from '../../../testing/msw-server';
import { ADMIN, dashboardHandlers, initialState, type DashboardState } from '../testing/dashboard-service';
import { renderSignedIn, TENANT_ID } from '../../../testing/render-dashboard';

let state: DashboardState = initialState();
vi.setConfig({ testTimeout: 20_000 });
const server = setupMswServer();
beforeEach(() => {
  state = initialState();
  server.use(...dashboardHandlers(state));
});

const puts = () => state.requests.filter((r) => r.method === 'PUT' && r.url.pathname === '/1/applications/app-cars/model_backend');

describe('the model server section', () => {
  it('connects a server with its auth header, sent once and never shown, then shows its status', async () => {
    renderSignedIn(`/t/${TENANT_ID}/apps/app-cars/settings`, ADMIN);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Model server' }, { timeout: 10_000 });
    await user.type(within(form).getByLabelText('URL'), 'http://gpu-box:9090');
    await user.type(within(form).getByLabelText('Auth header'), 'Bearer abc');
    await user.clear(within(form).getByLabelText(/Timeout/));
    await user.type(within(form).getByLabelText(/Timeout/), '200');
    await user.click(within(form).getByRole('button', { name: 'Connect' }));
    expect(await within(form).findByText('timeout_seconds is 1 to 120.')).toBeInTheDocument();
    expect(puts()).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/Timeout/));
    await user.type(within(form).getByLabelText(/Timeout/), '10');
    await user.click(within(form).getByRole('button', { name: 'Connect' }));
    const shown = await screen.findByLabelText('Model server status', {}, { timeout: 5000 });
    expect(within(shown).getByText('Connected')).toBeInTheDocument();
    expect(within(shown).getByText('v1')).toBeInTheDocument();
    expect(puts().map((r) => r.body)).toEqual([{ url: 'http://gpu-box:9090', auth_header: 'Bearer abc', timeout_seconds: 10, interactive: false, extra_params: {}, model_source: 'server' }]);
    const saved = screen.getByRole('form', { name: 'Model server' });
    expect(within(saved).getByLabelText('Auth header')).toHaveValue('');
    expect(within(saved).getByLabelText('Auth header')).toHaveAttribute('placeholder', 'Saved; type to replace it');
  });
});
