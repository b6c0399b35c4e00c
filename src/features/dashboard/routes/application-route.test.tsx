import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupMswServer } from '../../../testing/msw-server';
import { renderSignedIn, TENANT_ID } from '../../../testing/render-dashboard';
import { ADMIN, dashboardHandlers, initialState, MEMBER, type DashboardState } from '../testing/dashboard-service';

let state: DashboardState;
// Whole-app renders with many user steps; a busy machine can take longer than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });
const server = setupMswServer();
beforeEach(() => {
  state = initialState();
  server.use(...dashboardHandlers(state));
});

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => row.textContent);

describe('application page: models', () => {
  it('lists the releases by version with their held-out measures, and compares the current model with the one before', async () => {
    renderSignedIn(`/t/${TENANT_ID}/apps/app-pets`, MEMBER);
    const releases = await screen.findByRole('table', { name: 'Model releases' });
    expect(within(releases).getAllByRole('row')[1]).toHaveTextContent(/^Model v2.+80200\.800\.600\.69$/);
    expect(within(releases).queryByText('mdl-2')).not.toBeInTheDocument();

    const comparison = await screen.findByRole('table', { name: 'Current model against the one before' });
    expect(comparison).toHaveTextContent('On the same 20 held-out validation items');
    expect(within(comparison).getByRole('columnheader', { name: 'Model v2 (current)' })).toBeInTheDocument();
    expect(rowsOf(comparison)).toContain('F10.440.69+0.25');
    expect(await screen.findByRole('img', { name: 'F1 on held-out answers, per release' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Answers per day' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Release now' })).not.toBeInTheDocument();
  });

  it('lets a manager release now, and shows the new version when the release has finished', async () => {
    renderSignedIn(`/t/${TENANT_ID}/apps/app-pets`, ADMIN);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Release now' }));
    expect(await screen.findByText('Model v3 released.', {}, { timeout: 5000 })).toBeInTheDocument();
    const releases = screen.getByRole('table', { name: 'Model releases' });
    await vi.waitFor(() => expect(within(releases).getAllByRole('row')[1]).toHaveTextContent(/^Model v3/));
    expect(state.requests.some((request) => request.method === 'POST' && request.url.pathname === '/1/applications/app-pets/release')).toBe(true);
  });

  it('says so before the first release', async () => {
    state.models = [];
    renderSignedIn(`/t/${TENANT_ID}/apps/app-pets`, MEMBER);
    expect(await screen.findByText('No release yet')).toBeInTheDocument();
  });
});
