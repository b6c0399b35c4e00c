import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
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
    sampleApplication({ application_id: 'app-crop', name: 'Gauge crop', type: 'static_crop', custom_fields: { x0: 10, y0: 20, keep: 'me' } }),
    sampleApplication({ application_id: 'app-motion', name: 'Yard motion', type: 'motion', custom_fields: {} }),
  );
  server.use(...dashboardHandlers(state));
});

const updatesOf = (appId: string) => state.requests.filter((r) => r.method === 'POST' && r.url.pathname === `/1/applications/${appId}`);

describe('the crop settings of a static_crop application', () => {
  it("show the saved box (missing edges at -1), refuse an empty crop with the contract's message, and save keeping other keys", async () => {
    renderSignedIn(`/t/${TENANT_ID}/apps/app-crop/settings`, ADMIN);
    const user = userEvent.setup();
    const left = await screen.findByLabelText('Left edge, x0 (pixels)', {}, { timeout: 10_000 });
    expect(left).toHaveValue(10);
    expect(screen.getByLabelText('Right edge, x1 (pixels)')).toHaveValue(-1);

    const right = screen.getByLabelText('Right edge, x1 (pixels)');
    await user.clear(right);
    await user.type(right, '5');
    await user.click(screen.getByRole('button', { name: 'Save crop' }));
    expect(await screen.findByText(/^The crop is empty: x1 must lie beyond x0/)).toBeInTheDocument();
    expect(right).toHaveAttribute('aria-invalid', 'true');
    expect(updatesOf('app-crop')).toEqual([]);

    await user.clear(right);
    await user.type(right, '-11');
    await user.click(screen.getByRole('button', { name: 'Save crop' }));
    expect(await screen.findByText('Crop saved.')).toBeInTheDocument();
    expect(updatesOf('app-crop')[0]?.body).toEqual({ custom_fields: { x0: 10, y0: 20, x1: -11, y1: -1, keep: 'me' } });
  });
});

describe('the motion settings of a motion application', () => {
  it('show the defaults, refuse a sensitivity over 1, and show the service’s field errors beside their field', async () => {
    server.use(
      http.post('/1/applications/app-motion', () =>
        HttpResponse.json({ message: 'Invalid settings.', errors: [{ field: 'custom_fields.min_area', message: 'Too large for this camera.' }] }, { status: 400 }),
      ),
    );
    renderSignedIn(`/t/${TENANT_ID}/apps/app-motion/settings`, ADMIN);
    const user = userEvent.setup();
    const sensitivity = await screen.findByLabelText('Sensitivity (0 to 1)', {}, { timeout: 10_000 });
    expect(sensitivity).toHaveValue(0.6);
    const area = screen.getByLabelText('Smallest moving region (pixels)');
    expect(area).toHaveValue(80);

    await user.clear(sensitivity);
    await user.type(sensitivity, '2');
    await user.click(screen.getByRole('button', { name: 'Save motion' }));
    expect(await screen.findByText('Use a number from 0 to 1.')).toBeInTheDocument();

    await user.clear(sensitivity);
    await user.type(sensitivity, '0.8');
    await user.clear(area);
    await user.type(area, '500');
    await user.click(screen.getByRole('button', { name: 'Save motion' }));
    expect(await screen.findByText('Too large for this camera.')).toBeInTheDocument();
    expect(area).toHaveAttribute('aria-invalid', 'true');
  });
});
