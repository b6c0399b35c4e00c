import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Assertion, DetectionRecord } from '../../../api/schemas/detections';
import { setupMswServer } from '../../../testing/msw-server';
import { ADMIN, dashboardHandlers, initialState, MEMBER } from '../testing/dashboard-service';
import { renderSignedIn, TENANT_ID } from '../../../testing/render-dashboard';
import { sampleMedia } from '../testing/test-fixtures';

// Whole-app renders with many user steps; a busy machine can take longer than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });
// The first find waits for the lazy route modules, which on a loaded machine takes longer than the 1 s default.
const server = setupMswServer();
const detectionQueries: URLSearchParams[] = [];

function assertion(mediaId: string, overrides: Partial<Assertion>): Assertion {
  return {
    subject_uid: 's-cat',
    detection_id: `d-${mediaId}`,
    user_id: null,
    model_id: 'app-pets.v0',
    app_id: 'app-pets',
    app_data_type: 'box_set',
    app_data: [
      { box: { x0: 10, y0: 10, x1: 50, y1: 40 }, probability: 0.8 },
      { box: { x0: 60, y0: 10, x1: 90, y1: 40 }, probability: 0.6 },
    ],
    prev_prob: null,
    probability: 0.8,
    uncal_prob: 0.8,
    created_at: 1_700_000_000,
    media_id: mediaId,
    focus: null,
    ...overrides,
  };
}

/** Even records: a model's two boxes on a cat, and its improbable dog (0.08); odd ones: a person's point on a dog. */
function record(index: number): DetectionRecord {
  const mediaId = `m-${index}`;
  const detections =
    index % 2 === 0
      ? [assertion(mediaId, {}), assertion(mediaId, { subject_uid: 's-dog', app_data: [], probability: 0.08, uncal_prob: 0.08 })]
      : [assertion(mediaId, { subject_uid: 's-dog', user_id: ADMIN.user_id, model_id: null, app_data_type: 'point', app_data: [{ x: 5, y: 5 }], probability: 1 })];
  return { media: sampleMedia(mediaId, { filename: `img-${index}.jpg` }), focus: null, updated_at: 1_700_000_000 + index, detections };
}

// jsdom lays nothing out; the grid virtualises against the size of its scroll area, so give it one.
beforeAll(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(960);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(720);
});
afterAll(() => vi.restoreAllMocks());

beforeEach(() => {
  detectionQueries.length = 0;
  server.use(
    ...dashboardHandlers(initialState()),
    http.get('/1/applications/app-pets/detections', ({ request }) => {
      const params = new URL(request.url).searchParams;
      detectionQueries.push(params);
      const page = params.has('cursor') ? 1 : 0;
      const next = page === 0 ? `${new URL(request.url).origin}/1/applications/app-pets/detections?${params}&cursor=2` : undefined;
      return HttpResponse.json({ data: [record(page * 2), record(page * 2 + 1)], paging: next ? { next } : {} });
    }),
  );
});

describe('detections browser', () => {
  it('reads its filters from the URL and sends them to the service', async () => {
    renderSignedIn(`/t/${TENANT_ID}/apps/app-pets/detections?probability_lower=0.3&reverse=true&source=model`, MEMBER);
    expect(await screen.findByLabelText('Lowest probability')).toHaveValue(0.3);
    expect(screen.getByRole('checkbox', { name: 'Newest first' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Model' })).toBeChecked();
    await screen.findAllByRole('link', { name: /^Media img-/ });
    const first = detectionQueries[0];
    expect(first?.get('probability_lower')).toBe('0.3');
    expect(first?.get('reverse')).toBe('true');
    expect(first?.get('only_model')).toBe('true');
    expect(first?.has('only_user')).toBe(false);
  });

  it('switches the source exclusively and keeps it in the URL, following paging.next for more', async () => {
    const page = renderSignedIn(`/t/${TENANT_ID}/apps/app-pets/detections?source=model`, MEMBER);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'People' }));
    expect(page.location().search).toBe('?source=user');
    await vi.waitFor(() => expect(detectionQueries.some((q) => q.get('only_user') === 'true')).toBe(true));
    expect(detectionQueries.every((q) => !(q.has('only_user') && q.has('only_model')))).toBe(true);

    expect(await screen.findByRole('link', { name: 'Media img-3.jpg, Dog by Ada, probability 1.00' })).toHaveAttribute(
      'href',
      `/t/${TENANT_ID}/apps/app-pets/media/m-3`,
    );
    expect(detectionQueries.some((q) => q.get('cursor') === '2')).toBe(true);
  });

  it('shows the current model\'s proposals by default, and an older model\'s when picked', async () => {
    const page = renderSignedIn(`/t/${TENANT_ID}/apps/app-pets/detections?source=model`, MEMBER);
    const picker = await screen.findByRole('combobox', { name: 'Model' });
    await vi.waitFor(() => expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Model v2 (current)',
      'Model v1',
      'Baseline model (v0)',
    ]));
    await userEvent.setup().selectOptions(picker, 'Model v1');
    expect(page.location().search).toBe('?source=model&model_version=1');
    await vi.waitFor(() => expect(detectionQueries.at(-1)?.get('model_version')).toBe('1'));
    expect(detectionQueries.at(-1)?.get('only_model')).toBe('true');
    expect(detectionQueries[0]?.has('model_version')).toBe(false);
  });

  it('shows on each thumbnail its subject, its source and its marks', async () => {
    renderSignedIn(`/t/${TENANT_ID}/apps/app-pets/detections`, MEMBER);
    // the model's dog at 0.08 is under the threshold: the tile names only the cat
    const byModel = await screen.findByRole('link', { name: 'Media img-0.jpg, Cat by Model, probability 0.80' });
    expect(byModel).toHaveTextContent('Cat');
    expect(byModel).not.toHaveTextContent('Dog');
    expect(byModel).toHaveTextContent('Model');
    expect(byModel.querySelectorAll('rect.overlay-mark--model')).toHaveLength(2);
    expect(byModel.querySelector('svg')).toHaveAttribute('viewBox', '0 0 640 480');

    const byPerson = screen.getByRole('link', { name: 'Media img-1.jpg, Dog by Ada, probability 1.00' });
    expect(byPerson).toHaveTextContent('Ada');
    expect(byPerson.querySelectorAll('.overlay-mark--user')).toHaveLength(1);
    expect(within(byPerson).queryByText(ADMIN.user_id)).not.toBeInTheDocument();
  });

  it('says what is wrong with a refused filter beside it, in words', async () => {
    server.use(
      http.get('/1/applications/app-pets/detections', () =>
        HttpResponse.json(
          {
            message: 'probability_lower cannot be above probability_upper.',
            errors: [{ field: 'probability_lower', message: 'Must not exceed probability_upper.' }],
          },
          { status: 400 },
        ),
      ),
    );
    renderSignedIn(`/t/${TENANT_ID}/apps/app-pets/detections?probability_lower=0.9&probability_upper=0.2`, MEMBER);
    const lowest = await screen.findByLabelText('Lowest probability');
    await vi.waitFor(() => expect(lowest).toHaveAccessibleDescription('The lowest probability cannot be above the highest.'));
    expect(lowest).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Highest probability')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('These filters cannot be combined')).toBeInTheDocument();
    expect(screen.queryByText(/probability_lower/)).not.toBeInTheDocument();
  });

  it('lets a manager queue picked items, or all the filters show, for labelling; a labeller sees no boxes', async () => {
    const posted: string[][] = [];
    server.use(
      http.post('/1/applications/app-pets/feedback/queue', async ({ request }) => {
        const { media_ids } = (await request.json()) as { media_ids: string[] };
        posted.push(media_ids);
        return HttpResponse.json({ queued: media_ids.slice(1), already_waiting: media_ids.slice(0, 1), already_answered: [], not_found: [] });
      }),
    );
    renderSignedIn(`/t/${TENANT_ID}/apps/app-pets/detections`, ADMIN);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select img-0.jpg' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select img-1.jpg' }));
    expect(screen.getByRole('group', { name: 'Queue for labelling' })).toHaveTextContent('2 selected');
    await userEvent.click(screen.getByRole('button', { name: 'Queue selected for labelling' }));
    expect(await screen.findByText(/Queued 1 item for labelling/)).toHaveTextContent('Left as they were: 1 item already waiting.');
    expect(posted).toEqual([['m-0', 'm-1']]);
    expect(screen.getByRole('checkbox', { name: 'Select img-0.jpg' })).not.toBeChecked();

    // All shown: every page the filters give, not only the one on screen.
    await userEvent.click(screen.getByRole('button', { name: 'Queue all shown for labelling' }));
    expect(await screen.findByText(/Queued 3 items for labelling/)).toBeInTheDocument();
    expect(posted[1]).toEqual(['m-0', 'm-1', 'm-2', 'm-3']);
  });

  it('offers no queueing to someone who does not manage the application', async () => {
    renderSignedIn(`/t/${TENANT_ID}/apps/app-pets/detections`, MEMBER);
    await screen.findAllByRole('link', { name: /^Media img-/ });
    expect(screen.queryByRole('checkbox', { name: /^Select / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Queue/ })).not.toBeInTheDocument();
  });
});
