import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ConsensusSnapshot, ReviewItem } from '../../../api/schemas/consensus';
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
const snapshot: ConsensusSnapshot = {
  app_id: 'app-bolts',
  leaderboard_timestamp: 1,
  consensus_release_id: null,
  consensus_release_timestamp: null,
  labellers_per_item: 2,
  pending_reviews: 1,
  labellers: [
    { user_id: 'u-ann', email: 'ann@acme.test', name: 'Ann', answers: 40, seconds_per_answer: 6.5, consensus_items: 20, agreed_with_consensus: 15, agreement: 0.75 },
    { user_id: 'u-bob', email: 'bob@acme.test', name: null, answers: 3, seconds_per_answer: null, consensus_items: 0, agreed_with_consensus: 0, agreement: null },
  ],
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
    http.get('/22/applications/app-bolts/leaderboard/recent_consensus_snapshot', () => HttpResponse.json(snapshot)),
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
    const people = within(screen.getByRole('table'));
    expect(people.getByRole('row', { name: /Ann/ })).toHaveTextContent('406.5 s75 % of 20');
    // the bar is filled as far as the share (a CSS width, "75%": "75 %" would be dropped and fill it whole)
    expect(people.getByRole('row', { name: /Ann/ }).querySelector<HTMLElement>('.agreement__fill')?.style.width).toBe('75%');
    expect(people.getByRole('row', { name: /bob@acme.test/ })).toHaveTextContent('no decided items yet');
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
