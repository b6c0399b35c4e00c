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
  state.applications.push(sampleApplication({ application_id: 'app-frames', name: 'Frames', type: 'video_segmentation', custom_fields: { every_nth_frame: 5 } }));
  server.use(...dashboardHandlers(state));
});

describe('the frame settings of a video_segmentation application', () => {
  it('show the saved sampling, and the contract’s message beside a field out of range', async () => {
    renderSignedIn(`/t/${TENANT_ID}/apps/app-frames/settings`, ADMIN);
    const user = userEvent.setup();
    expect(await screen.findByRole('spinbutton', { name: 'Every n-th frame' }, { timeout: 10_000 })).toHaveValue(5);
    const most = screen.getByLabelText('Most frames per video');
    expect(most).toHaveValue(100);
    await user.clear(most);
    await user.type(most, '5000');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Use a whole number from 1 to 1,000.')).toBeInTheDocument();
    expect(most).toHaveAttribute('aria-invalid', 'true');
  });
});
