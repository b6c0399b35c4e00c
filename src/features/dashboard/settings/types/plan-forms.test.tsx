import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupMswServer } from '../../../../testing/msw-server';
import { renderSignedIn, TENANT_ID } from '../../../../testing/render-dashboard';
import { ADMIN, dashboardHandlers, initialState, type DashboardState } from '../../testing/dashboard-service';
import { sampleApplication } from '../../testing/test-fixtures';

let state: DashboardState = initialState();
vi.setConfig({ testTimeout: 20_000 });
const server = setupMswServer();
beforeEach(() => {
  state = initialState();
  state.applications.push(
    sampleApplication({ application_id: 'app-focus', name: 'Gate focus', type: 'static_focus', custom_fields: { x0: 40, y0: 30, keep: 'me' } }),
    sampleApplication({ application_id: 'app-tiles', name: 'Floor plans', type: 'retiler', custom_fields: {} }),
  );
  server.use(...dashboardHandlers(state));
});

const updatesOf = (appId: string) => state.requests.filter((r) => r.method === 'POST' && r.url.pathname === `/1/applications/${appId}`);

describe('the focus settings of a static_focus application', () => {
  it('show the saved box (missing ends at the largest coordinate), refuse an empty box, and save the switch with the box, other keys kept', async () => {
    renderSignedIn(`/t/${TENANT_ID}/apps/app-focus/settings`, ADMIN);
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Left edge, x0 (pixels)', {}, { timeout: 10_000 })).toHaveValue(40);
    const right = screen.getByLabelText('Right edge, x1 (pixels)');
    expect(right).toHaveValue(100_000);
    const keep = screen.getByLabelText('Keep the box size (0 or 1)');
    expect(keep).toHaveValue(0);

    await user.clear(right);
    await user.type(right, '40');
    await user.click(screen.getByRole('button', { name: 'Save focus' }));
    expect(await screen.findByText('x1 must be greater than x0.')).toBeInTheDocument();
    expect(updatesOf('app-focus')).toEqual([]);

    await user.clear(right);
    await user.type(right, '240');
    await user.clear(screen.getByLabelText('Bottom edge, y1 (pixels)'));
    await user.type(screen.getByLabelText('Bottom edge, y1 (pixels)'), '180');
    await user.clear(keep);
    await user.type(keep, '1');
    await user.click(screen.getByRole('button', { name: 'Save focus' }));
    expect(await screen.findByText('Focus saved.')).toBeInTheDocument();
    expect(updatesOf('app-focus')[0]?.body).toEqual({ custom_fields: { x0: 40, y0: 30, x1: 240, y1: 180, constant_focus_box_size: 1, keep: 'me' } });
  });
});

describe('the sub-plan settings of a retiler application', () => {
  it('show the defaults, refuse an overlap of more than half the smaller side, and save max_width, max_height and overlap', async () => {
    renderSignedIn(`/t/${TENANT_ID}/apps/app-tiles/settings`, ADMIN);
    const user = userEvent.setup();
    const width = await screen.findByLabelText('Largest width, max_width (pixels)', {}, { timeout: 10_000 });
    expect(width).toHaveValue(4096);
    expect(screen.getByLabelText('Largest height, max_height (pixels)')).toHaveValue(4096);
    const overlap = screen.getByLabelText('Overlap (pixels)');
    expect(overlap).toHaveValue(0);

    await user.clear(width);
    await user.type(width, '2000');
    await user.clear(overlap);
    await user.type(overlap, '1500');
    await user.click(screen.getByRole('button', { name: 'Save sub-plans' }));
    expect(await screen.findByText('The overlap may be at most half of the smaller of max_width and max_height.')).toBeInTheDocument();
    expect(updatesOf('app-tiles')).toEqual([]);

    await user.clear(overlap);
    await user.type(overlap, '128');
    await user.click(screen.getByRole('button', { name: 'Save sub-plans' }));
    expect(await screen.findByText('Sub-plans saved.')).toBeInTheDocument();
    expect(updatesOf('app-tiles')[0]?.body).toEqual({ custom_fields: { max_width: 2000, max_height: 4096, overlap: 128 } });
  });
});
