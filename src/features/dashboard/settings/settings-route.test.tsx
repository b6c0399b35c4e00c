import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupMswServer } from '../../../testing/msw-server';
import { ADMIN, dashboardHandlers, initialState, MEMBER, type DashboardState } from '../testing/dashboard-service';
import { renderSignedIn, TENANT_ID } from '../../../testing/render-dashboard';
import { sampleApplication } from '../testing/test-fixtures';

let state: DashboardState = initialState();
// Whole-app renders with many user steps; a busy machine can take longer than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });
// The first find waits for the lazy route modules, which on a loaded machine takes longer than the 1 s default.
const server = setupMswServer();
beforeEach(() => {
  state = initialState();
  server.use(...dashboardHandlers(state));
});

const SETTINGS = `/t/${TENANT_ID}/apps/app-pets/settings`;

describe('application settings', () => {
  it('maps each output subject to a detector class, automatic by its name, saved at once', async () => {
    renderSignedIn(SETTINGS, ADMIN);
    const user = userEvent.setup();
    const cat = await screen.findByRole('combobox', { name: 'Cat' }, { timeout: 10_000 });
    expect(cat).toHaveDisplayValue('Automatic (cat)');
    await user.selectOptions(cat, 'dog');
    const mapped = () => state.requests.find((r) => r.method === 'POST' && r.url.pathname === '/1/subjects/s-cat');
    await vi.waitFor(() => expect(mapped()?.body).toEqual({ detector_class: 'dog' }));
    await vi.waitFor(() => expect(screen.getByRole('combobox', { name: 'Cat' })).toHaveDisplayValue('dog'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Dog' }), 'None (no model)');
    await vi.waitFor(() => expect(state.subjects.find((s) => s.subject_uid === 's-dog')?.detector_class).toBe('none'));
  });

  it('saves only the changed fields and keeps slider and number in sync', async () => {
    renderSignedIn(SETTINGS, ADMIN);
    const user = userEvent.setup();
    const description = await screen.findByLabelText('Description');
    await user.type(description, 'Cats and dogs');
    const dogNumber = await screen.findByRole('spinbutton', { name: 'Threshold for Dog' });
    fireEvent.change(screen.getByRole('slider', { name: 'Threshold for Dog (slider)' }), { target: { value: '0.35' } });
    expect(dogNumber).toHaveValue(0.35);

    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    const update = state.requests.find((r) => r.method === 'POST' && r.url.pathname === '/1/applications/app-pets');
    expect(update?.body).toEqual({ description: 'Cats and dogs', detection_thresholds: { 's-cat': 0.5, 's-dog': 0.35 } });
  });

  it('checks list rows before sending and shows the service field errors beside their fields', async () => {
    server.use(
      http.post('/1/applications/app-pets', () =>
        HttpResponse.json(
          { message: 'Invalid settings.', errors: [{ field: 'detection_thresholds.s-cat', message: 'Threshold refused.' }] },
          { status: 400 },
        ),
      ),
    );
    renderSignedIn(SETTINGS, ADMIN);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Email' }));
    await user.type(screen.getByLabelText('Email 1'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByLabelText('Email 1')).toHaveAccessibleDescription(/Give a valid email address/);
    expect(state.requests.some((r) => r.method === 'POST')).toBe(false);

    await user.clear(screen.getByLabelText('Email 1'));
    await user.type(screen.getByLabelText('Email 1'), 'boss@acme.test');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    const catGroup = screen.getByRole('group', { name: 'Cat' });
    expect(await within(catGroup).findByText('Threshold refused.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('see the messages beside them');
  });

  it('is read-only, with the reason, for someone who is neither app manager nor admin', async () => {
    state.applications[0]!.app_managers = ['boss@acme.test'];
    renderSignedIn(SETTINGS, MEMBER);
    expect(
      await screen.findByText('Read-only for you: tenant administrators and this application’s managers (boss@acme.test) can change these settings.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Description')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
  });

  it('offers no feedback, consensus or release metric settings for a type people do not answer (video segmentation)', async () => {
    state.applications.push(sampleApplication({ application_id: 'app-frames', name: 'Frames', type: 'video_segmentation' }));
    renderSignedIn(`/t/${TENANT_ID}/apps/app-frames/settings`, ADMIN);
    const form = await screen.findByRole('form', { name: 'Settings' });
    expect(within(form).queryByRole('group', { name: 'Requested feedback per hour' })).not.toBeInTheDocument();
    expect(within(form).queryByRole('group', { name: 'Consensus' })).not.toBeInTheDocument();
    expect(within(form).queryByLabelText('Release metric')).not.toBeInTheDocument();
  });

  it('offers no input subjects for a network camera, which brings its images in itself', async () => {
    state.applications.push(sampleApplication({ application_id: 'app-camera', name: 'Gate camera', type: 'network_camera', input_subjects: [] }));
    renderSignedIn(`/t/${TENANT_ID}/apps/app-camera/settings`, ADMIN);
    const form = await screen.findByRole('form', { name: 'Settings' });
    expect(within(form).getByRole('group', { name: 'Output subjects' })).toBeInTheDocument();
    expect(within(form).queryByRole('group', { name: 'Input subjects' })).not.toBeInTheDocument();
  });

  it('offers no release metric for counts, whose releases go by the mean absolute error', async () => {
    state.applications.push(sampleApplication({ application_id: 'app-count', name: 'Count', type: 'static_count' }));
    renderSignedIn(`/t/${TENANT_ID}/apps/app-count/settings`, ADMIN);
    const form = await screen.findByRole('form', { name: 'Settings' });
    expect(within(form).getByRole('group', { name: 'Requested feedback per hour' })).toBeInTheDocument();
    expect(within(form).queryByLabelText('Release metric')).not.toBeInTheDocument();
  });

  it('says what more answers buy beside the feedback rate', async () => {
    renderSignedIn(`/t/${TENANT_ID}/apps/app-cars/settings`, ADMIN);
    const rate = await screen.findByRole('group', { name: 'Requested feedback per hour' });
    expect(await within(rate).findByText('What more answers buy: the model still improves, about 24 more answers for the next +0.02 of F1.')).toBeInTheDocument();
  });
});
