import { fireEvent, screen, within } from '@testing-library/react';
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

const SETTINGS = `/t/${TENANT_ID}/apps/app-pets/settings`;
const pets = () => state.applications.find((app) => app.application_id === 'app-pets')!;
const posts = (path: string) => state.requests.filter((r) => r.method === 'POST' && r.url.pathname === path);

describe('what sees each subject', () => {
  it('chooses the colour model with a colour picker, saved in the application and shown as what sees the subject', async () => {
    pets().custom_fields = { offset_reference: 'centre', appearance: { 's-dog': { color: '#aa5500' } } };
    renderSignedIn(SETTINGS, ADMIN);
    const user = userEvent.setup();
    const cat = await screen.findByRole('combobox', { name: 'Cat' }, { timeout: 10_000 });
    expect(cat).toHaveAccessibleDescription('Seen by the object detector, as “cat”.');
    expect(screen.queryByRole('group', { name: 'Colour of Cat' })).not.toBeInTheDocument();

    await user.selectOptions(cat, 'Its colour (colour model)');
    const colour = screen.getByRole('group', { name: 'Colour of Cat' });
    fireEvent.input(within(colour).getByLabelText('Colour'), { target: { value: '#3366cc' } });
    await user.clear(within(colour).getByLabelText('Tolerance'));
    await user.type(within(colour).getByLabelText('Tolerance'), '3');
    await user.click(within(colour).getByRole('button', { name: 'Save colour' }));
    expect(await within(colour).findByText('Give a tolerance between 0.02 and 1.')).toBeInTheDocument();
    expect(posts('/1/applications/app-pets')).toHaveLength(0);

    await user.clear(within(colour).getByLabelText('Tolerance'));
    await user.type(within(colour).getByLabelText('Tolerance'), '0.3');
    await user.click(within(colour).getByRole('button', { name: 'Save colour' }));
    await vi.waitFor(() => expect(screen.getByRole('combobox', { name: 'Cat' })).toHaveAccessibleDescription('Seen by the colour model, as the colour #3366cc.'));
    expect(posts('/1/applications/app-pets').map((r) => r.body)).toEqual([
      {
        custom_fields: {
          offset_reference: 'centre',
          appearance: { 's-dog': { color: '#aa5500' }, 's-cat': { color: '#3366cc', tolerance: 0.3, min_area: 80, typical_area: null } },
        },
      },
    ]);
    expect(posts('/1/subjects/s-cat').map((r) => r.body)).toEqual([{ detector_class: 'none' }]);
    expect(screen.getByRole('combobox', { name: 'Cat' })).toHaveDisplayValue('Its colour (colour model)');
  });

  it('keeps the colour when a detector class is chosen, and drops it only for "None"', async () => {
    state.subjects.find((s) => s.subject_uid === 's-cat')!.detector_class = 'none';
    pets().custom_fields = { appearance: { 's-cat': { color: '#3366cc' } } };
    renderSignedIn(SETTINGS, ADMIN);
    const user = userEvent.setup();
    const cat = await screen.findByRole('combobox', { name: 'Cat' }, { timeout: 10_000 });
    expect(cat).toHaveDisplayValue('Its colour (colour model)');
    expect(within(screen.getByRole('group', { name: 'Colour of Cat' })).getByLabelText('Colour')).toHaveValue('#3366cc');

    await user.selectOptions(cat, 'dog');
    await vi.waitFor(() => expect(screen.getByRole('combobox', { name: 'Cat' })).toHaveAccessibleDescription('Seen by the object detector, as “dog”.'));
    expect(posts('/1/applications/app-pets')).toHaveLength(0);
    expect(pets().custom_fields).toEqual({ appearance: { 's-cat': { color: '#3366cc' } } });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Cat' }), 'None (no model)');
    await vi.waitFor(() => expect(pets().custom_fields).toEqual({ appearance: {} }));
    await vi.waitFor(() => expect(screen.getByRole('combobox', { name: 'Cat' })).toHaveAccessibleDescription(/^No model sees it yet/));
  });
});
