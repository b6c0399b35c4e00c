import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { DetectionRecord } from '../../../api/types';
import { setupMswServer } from '../../../testing/msw-server';
import { dashboardHandlers, initialState, MEMBER } from '../testing/dashboard-service';
import { renderSignedIn, TENANT_ID } from '../../../testing/render-dashboard';
import { sampleMedia } from '../utils/test-fixtures';

// Whole-app renders with many user steps; a busy machine can take longer than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });
const server = setupMswServer();
const detectionQueries: URLSearchParams[] = [];

function record(index: number): DetectionRecord {
  return { media: sampleMedia(`m-${index}`, { filename: `img-${index}.jpg` }), focus: null, updated_at: 1_700_000_000 + index, detections: [] };
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
    const router = renderSignedIn(`/t/${TENANT_ID}/apps/app-pets/detections?source=model`, MEMBER);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Users' }));
    expect(router.state.location.search).toBe('?source=user');
    await vi.waitFor(() => expect(detectionQueries.some((q) => q.get('only_user') === 'true')).toBe(true));
    expect(detectionQueries.every((q) => !(q.has('only_user') && q.has('only_model')))).toBe(true);

    expect(await screen.findByRole('link', { name: 'Media img-3.jpg, probability 0.00' })).toHaveAttribute(
      'href',
      `/t/${TENANT_ID}/apps/app-pets/media/m-3`,
    );
    expect(detectionQueries.some((q) => q.get('cursor') === '2')).toBe(true);
  });
});
