import { screen, within } from '@testing-library/react';
import type { Gateway, GatewayStatus } from '../../../api/schemas/gateways';
import { setupMswServer } from '../../../testing/msw-server';
import { renderSignedIn, TENANT_ID } from '../../../testing/render-dashboard';
import { ADMIN, dashboardHandlers, initialState, type DashboardState } from '../testing/dashboard-service';

// Whole-app renders with many user steps; a busy machine can take longer than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });
// The first find waits for the lazy route modules, which on a loaded machine takes longer than the 1 s default.
const server = setupMswServer();
let state: DashboardState = initialState();
const GIB = 1024 ** 3;
const now = () => Math.floor(Date.now() / 1000);

function report(secondsAgo: number, shape: { online: boolean; diskUsed: number; frames: number; badFrames: number }): GatewayStatus {
  return {
    timestamp: now() - secondsAgo,
    cloud_connectivity: shape.online,
    platform: { disk: { total: 120 * GIB, used: shape.diskUsed * GIB, free: (120 - shape.diskUsed) * GIB, percent: (shape.diskUsed / 120) * 100 } },
    cameras: { 'belt-cam-1': { rxframes: shape.frames, badframes: shape.badFrames, queue_full: 0, nospace: 0 } },
  };
}

function gateway(id: string, name: string, poll: number, current: GatewayStatus, previous: GatewayStatus): Gateway {
  return {
    gateway_id: id,
    tenant_id: TENANT_ID,
    name,
    description: '',
    location: 'Hall A',
    poll_interval: poll,
    ip_address: '10.0.0.1',
    mac_address: '',
    serial_number: 'SN-1',
    model_deployment_policy: 'automatic',
    created_at: 1_700_000_000,
    modified_at: 1_700_000_000,
    created_by: ADMIN.email,
    current_status: current,
    previous_status: previous,
  };
}

beforeEach(() => {
  state = initialState();
  state.gateways = [
    gateway('gw-line', 'Line 1 edge box', 60, report(60, { online: true, diskUsed: 41, frames: 18_400, badFrames: 3 }), report(120, { online: true, diskUsed: 41, frames: 18_220, badFrames: 3 })),
    gateway('gw-pack', 'Packing station', 120, report(360, { online: false, diskUsed: 98.5, frames: 5_060, badFrames: 19 }), report(600, { online: true, diskUsed: 97, frames: 5_030, badFrames: 12 })),
    { ...gateway('gw-new', 'Spare box', 60, report(0, { online: true, diskUsed: 1, frames: 0, badFrames: 0 }), report(0, { online: true, diskUsed: 1, frames: 0, badFrames: 0 })), current_status: null, previous_status: null },
  ];
  server.use(...dashboardHandlers(state));
});

describe('gateways', () => {
  it('flags an offline gateway, a full disk and a camera losing frames in the list', async () => {
    renderSignedIn(`/t/${TENANT_ID}/gateways`, ADMIN);
    const table = await screen.findByRole('table', { name: 'Gateways' });
    const row = (name: string) => within(table).getByRole('link', { name }).closest('tr')!;
    expect(within(row('Packing station')).getAllByRole('listitem').map((flag) => flag.textContent)).toEqual([
      'Offline',
      'Disk 82% full',
      'belt-cam-1 dropping frames',
    ]);
    expect(row('Line 1 edge box')).toHaveTextContent('OK');
    expect(row('Spare box')).toHaveTextContent('Unknown');
    expect(row('Spare box')).toHaveTextContent('Never reported');
    expect(screen.getByText('1 of 3 gateways needs attention.')).toBeInTheDocument();
  });

  it('says on the gateway page what needs attention and marks the rows concerned', async () => {
    renderSignedIn(`/t/${TENANT_ID}/gateways/gw-pack`, ADMIN);
    const problems = await screen.findByRole('region', { name: 'Needs attention' });
    expect(within(problems).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'UrgentOffline: its last report says it has no connection to the cloud.',
      'WarningThe disk is 82% full, 21.5 GiB free.',
      'WarningCamera belt-cam-1 lost 7 frames since the previous report (7 bad).',
    ]);
    const status = screen.getByRole('table', { name: 'Status' });
    expect(within(status).getByRole('rowheader', { name: 'Disk used' }).closest('tr')).toHaveClass('flagged-row--warning');
    expect(within(status).getByRole('rowheader', { name: 'Connectivity' }).closest('tr')).toHaveClass('flagged-row--danger');
    expect(within(status).getByRole('rowheader', { name: 'CPU busy' }).closest('tr')).not.toHaveClass('flagged-row');
    const cameras = screen.getByRole('table', { name: 'Cameras' });
    expect(within(cameras).getByRole('rowheader', { name: 'belt-cam-1' }).closest('tr')).toHaveClass('flagged-row--warning');
  });

  it('shows no problems for a healthy gateway', async () => {
    renderSignedIn(`/t/${TENANT_ID}/gateways/gw-line`, ADMIN);
    await screen.findByRole('table', { name: 'Status' });
    expect(screen.queryByRole('region', { name: 'Needs attention' })).not.toBeInTheDocument();
  });
});
