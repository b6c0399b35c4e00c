import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupMswServer } from '../../../testing/msw-server';
import { ADMIN, dashboardHandlers, initialState, MEMBER, type DashboardState } from '../testing/dashboard-service';
import { sampleApplication } from '../testing/test-fixtures';
import { renderSignedIn, TENANT_ID } from '../../../testing/render-dashboard';

let state: DashboardState = initialState();
// Whole-app renders with many user steps; a busy machine can take longer than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });
// The first find waits for the lazy route modules, which on a loaded machine takes longer than the 1 s default.
const server = setupMswServer();
beforeEach(() => {
  state = initialState();
  server.use(...dashboardHandlers(state));
});

const rowNames = () =>
  within(screen.getByRole('table', { name: 'Applications' }))
    .getAllByRole('link')
    .filter((link) => !link.textContent?.startsWith('Label'))
    .map((link) => link.textContent);

describe('dashboard', () => {
  it('lists the applications with subject names and pending feedback, filtered by search, type and status in the URL', async () => {
    const page = renderSignedIn(`/t/${TENANT_ID}`, MEMBER);
    const table = await screen.findByRole('table', { name: 'Applications' });
    const pets = within(table).getByRole('link', { name: 'Pets' }).closest('tr');
    expect(pets).toHaveTextContent('Cat, Dog');
    expect(await within(pets as HTMLElement).findByText('7')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New application' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search applications' }), 'car');
    expect(rowNames()).toEqual(['Cars']);
    expect(page.location().search).toBe('?q=car');

    await user.clear(screen.getByRole('searchbox', { name: 'Search applications' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'active');
    expect(rowNames()).toEqual(['Pets']);
    await user.selectOptions(screen.getByLabelText('Type'), 'box_detection');
    expect(await screen.findByText('No applications match')).toBeInTheDocument();
  });

  it('lets a tenant admin create an application with a subject made on the spot', async () => {
    const page = renderSignedIn(`/t/${TENANT_ID}`, ADMIN);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New application' }));
    const dialog = screen.getByRole('dialog', { name: 'New application' });
    await user.type(within(dialog).getByLabelText('Name'), 'Birds');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'point');
    const inputs = within(dialog).getByRole('group', { name: 'Input subjects' });
    await user.click(await within(inputs).findByRole('checkbox', { name: 'Camera feed' }));
    const outputs = within(dialog).getByRole('group', { name: 'Output subjects' });
    await user.type(within(outputs).getByLabelText('New subject for output subjects'), 'Bird');
    await user.click(within(outputs).getByRole('button', { name: 'Add subject' }));
    expect(await within(outputs).findByRole('checkbox', { name: 'Bird' })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Create application' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Birds' })).toBeInTheDocument();
    expect(page.location().pathname).toBe(`/t/${TENANT_ID}/apps/app-3`);
    const created = state.requests.find((r) => r.method === 'POST' && r.url.pathname === '/1/applications');
    expect(created?.body).toEqual({ name: 'Birds', type: 'point', description: '', input_subjects: ['s-in'], output_subjects: ['s-bird'] });
    expect(screen.getByRole('link', { name: 'Start labelling' })).toHaveAttribute('href', `/t/${TENANT_ID}/apps/app-3/label`);
  });

  it('asks a feed for its address with the documented defaults, and no input subjects; a missing address is said in words', async () => {
    renderSignedIn(`/t/${TENANT_ID}`, ADMIN);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New application' }));
    const dialog = screen.getByRole('dialog', { name: 'New application' });
    await user.type(within(dialog).getByLabelText('Name'), 'Birding blog');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'social_feed');
    expect(within(dialog).queryByRole('group', { name: 'Input subjects' })).not.toBeInTheDocument();
    expect(within(dialog).getByText(/It brings its own images/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Read it every (seconds)')).toHaveValue(300);
    expect(within(dialog).getByLabelText('New images per reading (at most)')).toHaveValue(20);
    await user.click(within(dialog).getByRole('button', { name: 'Create application' }));
    expect(within(dialog).getByText(/A feed needs its address \(feed_url\)/)).toBeInTheDocument();
    expect(state.requests.some((r) => r.method === 'POST' && r.url.pathname === '/1/applications')).toBe(false);

    await user.type(within(dialog).getByLabelText('Feed URL'), 'https://birds.example.org/feed.xml');
    await user.click(within(dialog).getByRole('button', { name: 'Create application' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Birding blog' })).toBeInTheDocument();
    const created = state.requests.find((r) => r.method === 'POST' && r.url.pathname === '/1/applications');
    expect(created?.body).toMatchObject({
      type: 'social_feed',
      input_subjects: [],
      custom_fields: { feed_url: 'https://birds.example.org/feed.xml', interval_seconds: 300, max_items_per_poll: 20 },
    });
  });

  it('offers Label on each application a person can label, and nothing else to a labeller', async () => {
    state.applications.push(sampleApplication({ application_id: 'app-plates', name: 'Plates', type: 'motion' }));
    renderSignedIn(`/t/${TENANT_ID}`, MEMBER);
    const table = await screen.findByRole('table', { name: 'Applications' });
    expect(within(table).getByRole('link', { name: 'Label Pets' })).toHaveAttribute('href', `/t/${TENANT_ID}/apps/app-pets/label`);
    expect(within(table).getByRole('link', { name: 'Label Cars' })).toHaveAttribute('href', `/t/${TENANT_ID}/apps/app-cars/label`);
    expect(within(table).getByRole('link', { name: 'Plates' })).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: 'Label Plates' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'Tenant' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Dashboard']);
  });

  it('shows upload and gateways to an application manager, and the admin page only to tenant admins', async () => {
    state.applications[1]!.app_managers = [MEMBER.email];
    renderSignedIn(`/t/${TENANT_ID}`, MEMBER);
    const nav = await screen.findByRole('navigation', { name: 'Tenant' });
    await within(nav).findByRole('link', { name: 'Upload' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Dashboard', 'Upload', 'Gateways']);
  });

  it('shows a tenant admin every page', async () => {
    renderSignedIn(`/t/${TENANT_ID}`, ADMIN);
    const nav = await screen.findByRole('navigation', { name: 'Tenant' });
    await within(nav).findByRole('link', { name: 'Admin' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Dashboard', 'Upload', 'Gateways', 'People', 'Admin']);
  });

  it('deletes an application only after confirming', async () => {
    renderSignedIn(`/t/${TENANT_ID}`, ADMIN);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete application Cars' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete application' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(state.requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete application Cars' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete application' }));
    await vi.waitFor(() => expect(rowNames()).toEqual(['Pets']));
    expect(state.requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual(['/1/applications/app-cars']);
  });
});
