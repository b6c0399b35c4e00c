import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReviewItem } from '../../../api/schemas/consensus';
import type { Labeller, LabellersResponse, LabellerTimeline } from '../../../api/schemas/labellers';
import type { TenantUser } from '../../../api/schemas/identity';
import { applicationFixture, mediaFixture } from '../../../testing/api-fixtures';
import { setupMswServer } from '../../../testing/msw-server';
import { renderSignedIn, TENANT_ID } from '../../../testing/render-dashboard';

vi.setConfig({ testTimeout: 20_000 });

const MANAGER: TenantUser = { user_id: 'u-boss', email: 'boss@acme.test', given_name: null, surname: null, role: 'tenant_user' };
const application = applicationFixture({
  application_id: 'app-bolts',
  name: 'Bolts',
  type: 'box_detection',
  output_subjects: ['s-bolt'],
  app_managers: [MANAGER.email],
  labellers_per_item: 2,
});
const box = (x0: number) => [{ box: { x0, y0: 10, x1: x0 + 40, y1: 50 } }];
const review: ReviewItem = {
  review_id: 'cns-1',
  application_id: 'app-bolts',
  media_id: 'media-1',
  media: mediaFixture({ filename: 'line-7.jpg' }),
  focus: null,
  created_at: 1_700_000_000,
  answers: [
    { user_id: 'u-ann', email: 'ann@acme.test', name: 'Ann', subjects: [{ subject_uid: 's-bolt', result: 'True', app_data_type: 'box_set', app_data: box(10) }], decision_time: 1 },
    { user_id: 'u-bob', email: 'bob@acme.test', name: null, subjects: [{ subject_uid: 's-bolt', result: 'False' }], decision_time: 2 },
  ],
};
const figures = (overrides: Partial<Labeller>): Labeller => ({
  user_id: 'u-x',
  email: null,
  name: null,
  answers: 0,
  skips: 0,
  active_seconds: 0,
  answers_per_hour: null,
  median_decision_time: null,
  p90_decision_time: null,
  decided_items: 0,
  agreement: null,
  corrected_in_review: 0,
  gold_answers: 0,
  gold_accuracy: null,
  flagged: false,
  flags: [],
  ...overrides,
});
const labellers: LabellersResponse = {
  start: 1,
  end: 2,
  flag_below: 0.8,
  labellers: [
    figures({ user_id: 'u-cat', email: 'cat@acme.test', name: 'Cat', answers: 12, answers_per_hour: 300, median_decision_time: 9, gold_answers: 6, gold_accuracy: 0.5, decided_items: 10, agreement: 0.6, flagged: true, flags: ['agreement', 'gold_accuracy'] }),
    figures({ user_id: 'u-ann', email: 'ann@acme.test', name: 'Ann', answers: 40, answers_per_hour: 550.4, median_decision_time: 6.5, p90_decision_time: 14, skips: 2, decided_items: 20, agreement: 0.75, active_seconds: 3700 }),
    figures({ user_id: 'u-bob', email: 'bob@acme.test', answers: 3 }),
  ],
};
const DAY = 86_400;
const timeline: LabellerTimeline = {
  bucket: 'day',
  bucket_seconds: DAY,
  start: 1_700_000_000 - 2 * DAY,
  end: 1_700_000_000,
  points: [{ ...figures({ answers: 40, agreement: 0.75 }), user_id: 'u-ann', period_start: Math.floor(1_700_000_000 / DAY) * DAY }],
};

let queue: ReviewItem[] = [];
let resolved: unknown[] = [];
const server = setupMswServer();
beforeEach(() => {
  queue = [review];
  resolved = [];
  server.use(
    http.get('/1/version', () => HttpResponse.json({ version: '1', build_number: 1, build_time: '2025-01-01T00:00:00Z' })),
    http.get('/1/users/current/invites', () => HttpResponse.json([])),
    http.get('/1/tenants/current/users', () => HttpResponse.json({ data: [MANAGER] })),
    http.get('/1/tenants/current/applications', () => HttpResponse.json({ data: [application] })),
    http.get('/1/tenants/current/subjects', () =>
      HttpResponse.json({ data: [{ subject_uid: 's-bolt', name: 'Bolt', description: '', tenant_id: TENANT_ID, created_by: 'x', created_at: 1, modified_at: 1 }] }),
    ),
    http.get('/1/applications/app-bolts', () => HttpResponse.json(application)),
    http.get('/1/applications/app-bolts/reviews', () => HttpResponse.json({ data: queue, paging: {} })),
    http.get('/1/applications/app-bolts/reviews/count', () => HttpResponse.json({ pending: queue.length })),
    http.get('/1/applications/app-bolts/consensusHistory', () => HttpResponse.json({ data: [], paging: {} })),
    http.get('/1/applications/app-bolts/labellers', () => HttpResponse.json(labellers)),
    http.get('/1/applications/app-bolts/labellers/timeline', () => HttpResponse.json(timeline)),
    http.post('/1/applications/app-bolts/reviews/cns-1', async ({ request }) => {
      resolved.push(await request.json());
      queue = [];
      return HttpResponse.json({ consensus_id: 'cns-1', application_id: 'app-bolts', media_id: 'media-1', focus: null, subjects: [], source: 'review', decided_at: 5 });
    }),
  );
});

const PAGE = `/t/${TENANT_ID}/apps/app-bolts/review`;

describe('the review page', () => {
  it('shows each answer on the image by who gave it, and the people table', async () => {
    renderSignedIn(PAGE, MANAGER);
    const first = await screen.findByRole('button', { name: 'Answer 1 by Ann' });
    expect(first).toHaveAttribute('aria-pressed', 'true');
    expect(await within(first).findByText('Bolt: yes · 1 box')).toBeInTheDocument();
    expect(first.querySelectorAll('svg g[stroke="#ffd60a"] rect')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Answer 2 by bob@acme.test' })).toHaveTextContent('Bolt: no');
  });

  it('lists every labeller\'s figures, flagged first with why, sorts by a column, and links to their answers', async () => {
    renderSignedIn(PAGE, MANAGER);
    const table = await screen.findByRole('table', { name: 'Labellers' });
    const names = () => within(table).getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(names()).toEqual(['CatFlagged', 'Ann', 'bob@acme.test']);
    const ann = within(within(table).getByRole('row', { name: /Ann/ })).getAllByRole('cell').map((cell) => cell.textContent);
    expect(ann).toEqual(['40', '550', '6.5 s', '14 s', '1 h 02', '2', '75 % of 20', '–', '0']);
    expect(screen.getByRole('region', { name: 'Flagged labellers' })).toHaveTextContent('Cat: agreement 60 % on 10 decided items, gold accuracy 50 % on 6 gold items (under 80 %).');
    expect(within(screen.getByRole('region', { name: 'Flagged labellers' })).getByRole('link', { name: 'See their recent answers' })).toHaveAttribute('href', `${PAGE}/labellers/u-cat`);

    const user = userEvent.setup();
    const answers = within(table).getByRole('button', { name: 'Answers' });
    await user.click(answers);
    expect(names()).toEqual(['Ann', 'CatFlagged', 'bob@acme.test']);
    expect(answers.closest('th')).toHaveAttribute('aria-sort', 'descending');
    await user.click(answers);
    expect(names()).toEqual(['bob@acme.test', 'CatFlagged', 'Ann']);
    // a labeller without the figure stays last, whichever the direction
    await user.click(within(table).getByRole('button', { name: 'Gold accuracy' }));
    expect(names()).toEqual(['CatFlagged', 'Ann', 'bob@acme.test']);

    expect(await screen.findByRole('img', { name: 'Answers per day, per labeller' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Agreement' }));
    expect(screen.getByRole('img', { name: 'Agreement per day, per labeller' })).toBeInTheDocument();
  });

  it('chooses an answer with its digit and resolves with Enter; then nothing waits', async () => {
    renderSignedIn(PAGE, MANAGER);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Answer 1 by Ann' });
    await user.keyboard('2');
    expect(screen.getByRole('button', { name: 'Answer 2 by bob@acme.test' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Edit answer 2' })).toHaveAttribute('href', `${PAGE}/cns-1/edit/2`);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('No disagreements waiting')).toBeInTheDocument();
    expect(resolved).toEqual([{ subjects: [{ subject_uid: 's-bolt', result: 'False' }] }]);
  });

  it('shows why the service refused a decision', async () => {
    server.use(http.post('/1/applications/app-bolts/reviews/cns-1', () => HttpResponse.json({ message: 'Only a tenant administrator or a manager of this application may do this.' }, { status: 403 })));
    renderSignedIn(PAGE, MANAGER);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resolve with answer 1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only a tenant administrator or a manager');
  });

  it('marks a decided item as gold and unmarks it: a Gold badge while it is gold', async () => {
    const decided = { consensus_id: null, application_id: 'app-bolts', media_id: 'media-9', focus: null, subjects: [{ subject_uid: 's-bolt', result: 'False' }], source: 'single', decided_at: 5 };
    let gold: (typeof decided)[] = [];
    const posted: unknown[] = [];
    server.use(
      http.get('/1/applications/app-bolts/consensusHistory', () => HttpResponse.json({ data: [decided], paging: {} })),
      http.get('/1/applications/app-bolts/gold', () =>
        HttpResponse.json({ data: gold.map((item) => ({ ...item, source: 'marked', created_by: 'u-boss', created_at: 6, media: mediaFixture({ media_id: 'media-9' }), answered: 0, mean_score: null })), paging: {} }),
      ),
      http.post('/1/applications/app-bolts/gold', async ({ request }) => {
        posted.push(await request.json());
        gold = [decided];
        return HttpResponse.json({ ...decided, source: 'marked', created_by: 'u-boss', created_at: 6 });
      }),
      http.post('/1/applications/app-bolts/gold/unmark', async ({ request }) => {
        posted.push(await request.json());
        gold = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderSignedIn(PAGE, MANAGER);
    const user = userEvent.setup();
    const decisions = within(await screen.findByRole('region', { name: 'Recently decided' }));
    await user.click(await decisions.findByRole('button', { name: 'Mark as gold: Bolt: no' }));
    expect(await decisions.findByText('Gold')).toBeInTheDocument();
    await user.click(decisions.getByRole('button', { name: 'Unmark gold: Bolt: no' }));
    expect(await decisions.findByRole('button', { name: 'Mark as gold: Bolt: no' })).toBeInTheDocument();
    expect(decisions.queryByText('Gold')).not.toBeInTheDocument();
    expect(posted).toEqual([{ media_id: 'media-9', focus: null }, { media_id: 'media-9', focus: null }]);
  });
});
