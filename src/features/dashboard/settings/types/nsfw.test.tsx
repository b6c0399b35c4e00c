import { screen, within } from '@testing-library/react';
import { setupMswServer } from '../../../../testing/msw-server';
import { renderSignedIn, TENANT_ID } from '../../../../testing/render-dashboard';
import { ADMIN, dashboardHandlers, initialState, type DashboardState } from '../../testing/dashboard-service';
import { sampleApplication, sampleSubject } from '../../testing/test-fixtures';

let state: DashboardState = initialState();
vi.setConfig({ testTimeout: 20_000 });
const server = setupMswServer();
beforeEach(() => {
  state = initialState();
  state.subjects.push(sampleSubject('s-sfw', 'SFW'), sampleSubject('s-drawings', 'Drawings'), sampleSubject('s-nsfw', 'NSFW'), sampleSubject('s-kittens', 'Kittens'));
  state.applications.push(
    sampleApplication({ application_id: 'app-content', name: 'Content check', type: 'nsfw', output_subjects: ['s-sfw', 's-drawings', 's-nsfw', 's-kittens'] }),
  );
  server.use(...dashboardHandlers(state));
});

describe('the settings page of an nsfw application', () => {
  it('shows which class each output subject stands for by its name, and no choice of a detector class or colour', async () => {
    renderSignedIn(`/t/${TENANT_ID}/apps/app-content/settings`, ADMIN);
    const table = await screen.findByRole('table', { name: 'What the model answers for each output subject' }, { timeout: 10_000 });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual([
      'SFWthe classifier’s “neutral” probability',
      'Drawingsthe classifier’s “drawing” probability',
      'NSFWthe sum of the classifier’s porn, sexy, hentai probabilities',
      'Kittensnothing it knows: 50 %, so people are asked (rename the subject to a class’s name)',
    ]);
    expect(screen.getByText(/explicit/, { selector: 'strong' }).parentElement).toHaveTextContent('explicit: explicit, nsfw, not safe for work');
    expect(screen.queryByRole('group', { name: 'What sees each subject' })).not.toBeInTheDocument();
  });
});
