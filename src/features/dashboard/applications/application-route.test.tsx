import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupMswServer } from '../../../testing/msw-server';
import { renderSignedIn, TENANT_ID } from '../../../testing/render-dashboard';
import { ADMIN, dashboardHandlers, initialState, MEMBER, type DashboardState } from '../testing/dashboard-service';
import { sampleApplication } from '../testing/test-fixtures';

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
    // presence measures: accuracy, precision, recall, F1
    expect(within(releases).getAllByRole('row')[1]).toHaveTextContent(/^Model v2.+80200\.850\.890\.800\.84$/);
    expect(within(releases).queryByText('mdl-app-pets-2')).not.toBeInTheDocument();

    const comparison = await screen.findByRole('table', { name: 'Current model against the one before' });
    expect(comparison).toHaveTextContent('On the same 20 held-out answers');
    expect(within(comparison).getByRole('columnheader', { name: 'Model v2 (current)' })).toBeInTheDocument();
    expect(rowsOf(comparison)).toContain('F10.670.84+0.18');
    expect(screen.getByText('Right on 17 of 20 (accuracy 0.85) · precision 0.89 · recall 0.80 — on 20 held-out answers')).toBeInTheDocument();
    const confusion = screen.getByRole('table', { name: "Answers against Model v2's proposals" });
    expect(rowsOf(confusion)).toEqual(['present82', 'absent19']);
    expect(await screen.findByRole('img', { name: 'F1 on held-out answers, per release' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Answers per day' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Release now' })).not.toBeInTheDocument();
  });

  it('draws the learning curve and says whether more answers still improve the model', async () => {
    renderSignedIn(`/t/${TENANT_ID}/apps/app-cars`, MEMBER);
    const chart = await screen.findByRole('img', { name: 'F1 on the same 6 held-out answers, against the training answers each release learned from' });
    expect(chart.querySelectorAll('.chart__point--measure')).toHaveLength(4);
    expect(chart.querySelectorAll('.chart__whisker')).toHaveLength(4);
    expect(chart.querySelector('.chart__band')).not.toBeNull();
    expect(screen.getByText(/^Still climbing: the last releases \(from 8 to 16 answers\) raised F1 by 0\.06/)).toBeInTheDocument();
    const points = screen.getByRole('table', { name: 'F1 on the same 6 held-out answers, per release' });
    expect(rowsOf(points)).toEqual(['v4160.660.59 to 0.73', 'v3120.630.55 to 0.70', 'v280.600.52 to 0.67', 'v140.500.41 to 0.58']);
  });

  it('says there are too few releases for a learning curve, without a chart of no points', async () => {
    state.learningCurve = { ...state.learningCurve, points: [], fit: null, verdict: { state: 'too_few_releases', step: 0.02, recent: null, next_step: null } };
    renderSignedIn(`/t/${TENANT_ID}/apps/app-cars`, MEMBER);
    expect(await screen.findByText(/^Too few releases yet to tell what more answers buy: 0 measured/)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /against the training answers/ })).not.toBeInTheDocument();
  });

  it('shows box measures in words: boxes found, recall, precision and AP, before and after', async () => {
    renderSignedIn(`/t/${TENANT_ID}/apps/app-cars`, MEMBER);
    expect(await screen.findByText('Boxes found 41 of 52 (recall 0.79) · precision 0.84 · AP 0.71 — on 18 held-out answers')).toBeInTheDocument();
    expect(screen.getByText('Boxes found 30 of 52 (recall 0.58) · precision 0.75 · AP 0.55 — on 18 held-out answers')).toBeInTheDocument();
    const comparison = screen.getByRole('table', { name: 'Current model against the one before' });
    expect(rowsOf(comparison)).toEqual(['Recall (boxes found)0.580.79+0.21', 'Precision0.750.84+0.09', 'F10.650.81+0.16', 'AP0.550.71+0.16']);
    expect(within(comparison).getByRole('row', { name: /^F1/ })).toHaveClass('is-key-measure');
    expect(screen.queryByRole('table', { name: /proposals$/ })).not.toBeInTheDocument();
    const releases = screen.getByRole('table', { name: 'Model releases' });
    expect(within(releases).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Model', 'Released', 'Learned from', 'Measured on', 'Recall (boxes found)', 'Precision', 'F1', 'AP',
    ]);
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

  it.each([
    ['not_enough_answers', 'Not released: not enough held-out answers yet (3 of 5).'],
    ['not_better', "Not released: its F1 0.74 is below the current model's 0.81 on the same 18 held-out answers."],
  ] as const)('says why a candidate was kept back (%s)', async (outcome, sentence) => {
    state.nextCarCandidate = outcome;
    renderSignedIn(`/t/${TENANT_ID}/apps/app-cars`, ADMIN);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Release now' }));
    expect(await screen.findByText(sentence, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/did not finish/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Model releases' })).getAllByRole('row')[1]).toHaveTextContent(/^Model v2/);
  });

  it("says what the last automatic release did with its candidate before anyone presses Release now", async () => {
    state.lastCandidate = { decided_at: 1_800_000_000, outcome: 'not_enough_answers', figure: 'F1', n: 3, candidate: null, current: null, version: null, forced: false };
    renderSignedIn(`/t/${TENANT_ID}/apps/app-cars`, ADMIN);
    expect(await screen.findByText(/^Last release, .+: Not released: not enough held-out answers yet \(3 of 5\)\.$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Release anyway…' })).toBeInTheDocument();
  });

  it('releases a kept-back candidate anyway after a confirmation, and the releases table says it was forced', async () => {
    state.nextCarCandidate = 'not_better';
    renderSignedIn(`/t/${TENANT_ID}/apps/app-cars`, ADMIN);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Release now' }));
    await user.click(await screen.findByRole('button', { name: 'Release anyway…' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Release anyway?' });
    expect(dialog).toHaveTextContent("its F1 0.74 is below the current model's 0.81");
    await user.click(within(dialog).getByRole('button', { name: 'Release anyway' }));
    expect(await screen.findByText('Model v3 released anyway (forced).', {}, { timeout: 5000 })).toBeInTheDocument();
    const releases = screen.getByRole('table', { name: 'Model releases' });
    await vi.waitFor(() => expect(within(releases).getAllByRole('row')[1]).toHaveTextContent(/^Model v3forced/));
    expect(within(releases).getAllByRole('row')[2]).not.toHaveTextContent('forced');
    const posts = state.requests.filter((request) => request.method === 'POST' && request.url.pathname.endsWith('/release'));
    expect(posts.map((request) => request.body)).toEqual([undefined, { force: true }]);
  });

  it('says so before the first release', async () => {
    state.models = [];
    renderSignedIn(`/t/${TENANT_ID}/apps/app-pets`, MEMBER);
    expect(await screen.findByText('No release yet')).toBeInTheDocument();
  });
});

describe('application page: what applies to the type', () => {
  const factOf = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;

  it('shows no feedback rate, release metric or Review tab for a type people do not answer (video segmentation)', async () => {
    state.applications.push(sampleApplication({ application_id: 'app-frames', name: 'Frames', type: 'video_segmentation' }));
    renderSignedIn(`/t/${TENANT_ID}/apps/app-frames`, ADMIN);
    const tabs = await screen.findByRole('navigation', { name: 'Application Frames' });
    expect(within(tabs).getAllByRole('link').map((link) => link.textContent)).toEqual(['Overview', 'Detections', 'Settings']);
    await screen.findByRole('heading', { level: 1, name: 'Frames' });
    expect(screen.queryByText('Feedback per hour')).not.toBeInTheDocument();
    expect(await screen.findByText('Latest detection')).toBeInTheDocument();
    expect(screen.queryByText('Pending feedback')).not.toBeInTheDocument();
    expect(screen.queryByText('Release metric')).not.toBeInTheDocument();
  });

  it('names the figure a release goes by: F1 for boxes, the mean absolute error for counts', async () => {
    state.applications.push(sampleApplication({ application_id: 'app-count', name: 'Count', type: 'static_count', release_metrics: 'best_F1' }));
    renderSignedIn(`/t/${TENANT_ID}/apps/app-count`, ADMIN);
    await screen.findByRole('heading', { level: 1, name: 'Count' });
    expect(factOf('Release metric')).toBe('Mean absolute error');
    expect(within(screen.getByRole('navigation', { name: 'Application Count' })).getByRole('link', { name: 'Review' })).toBeInTheDocument();
  });
});
