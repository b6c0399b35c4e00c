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
    sampleApplication({ application_id: 'app-signs', name: 'Signs', type: 'ocr', custom_fields: { appearance: {}, character_set: '0123456789' } }),
  );
  server.use(...dashboardHandlers(state));
});

describe('the reading settings of an ocr application', () => {
  it('show the saved character set and layout (and no choice of what sees each subject), refuse spaces, and save into custom_fields keeping the rest', async () => {
    renderSignedIn(`/t/${TENANT_ID}/apps/app-signs/settings`, ADMIN);
    const user = userEvent.setup();
    const characters = await screen.findByLabelText('Characters to read', {}, { timeout: 10_000 });
    expect(characters).toHaveValue('0123456789');
    expect(screen.getByLabelText('Layout of the text')).toHaveDisplayValue('One line of text');
    // the reader finds text, not subjects: no colour or detector class to choose
    expect(screen.getByRole('group', { name: 'Reading' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'What sees each subject' })).not.toBeInTheDocument();

    await user.type(characters, ' -');
    await user.click(screen.getByRole('button', { name: 'Save reading settings' }));
    expect(await screen.findByText('The character set lists characters without spaces (words are split anyway).')).toBeInTheDocument();
    expect(state.requests.some((r) => r.method === 'POST' && r.url.pathname === '/1/applications/app-signs')).toBe(false);

    await user.clear(characters);
    await user.type(characters, 'ABC0123456789-');
    await user.selectOptions(screen.getByLabelText('Layout of the text'), 'A block of lines');
    await user.click(screen.getByRole('button', { name: 'Save reading settings' }));
    expect(await screen.findByText('Reading settings saved.')).toBeInTheDocument();
    const update = state.requests.find((r) => r.method === 'POST' && r.url.pathname === '/1/applications/app-signs');
    expect(update?.body).toEqual({ custom_fields: { appearance: {}, character_set: 'ABC0123456789-', page_mode: 'block' } });
  });
});
