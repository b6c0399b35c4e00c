import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ExportStatus } from '../../../api/schemas/exports';
import { setupMswServer } from '../../../testing/msw-server';
import { renderSignedIn, TENANT_ID } from '../../../testing/render-dashboard';
import { ADMIN, dashboardHandlers, initialState, MEMBER, type DashboardState } from '../testing/dashboard-service';

let state: DashboardState = initialState();
vi.setConfig({ testTimeout: 20_000 });
const server = setupMswServer();
const CARS = `/t/${TENANT_ID}/apps/app-cars`;
const EXPORTS = '/1/applications/app-cars/exports';

const status = (overrides: Partial<ExportStatus>): ExportStatus => ({
  export_id: 'exp-1',
  application_id: 'app-cars',
  format: 'yolo',
  include_images: true,
  coordinates: 'media',
  state: 'preparing',
  done: 0,
  total: 0,
  file_name: 'cars-yolo.zip',
  size: null,
  notes: [],
  message: null,
  created_at: 1_700_000_000,
  ...overrides,
});

let saved: { name: string; href: string }[] = [];

beforeEach(() => {
  state = initialState();
  saved = [];
  server.use(...dashboardHandlers(state));
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});

afterEach(() => vi.restoreAllMocks());

describe('the export panel', () => {
  it('starts the chosen export, shows its progress, then saves the file and lists what the format left out', async () => {
    let body: unknown;
    const progress = [status({ total: 400, done: 120 }), status({ state: 'ready', total: 400, done: 400, size: 5, notes: [{ message: 'Points were written as boxes.', count: 3 }] })];
    server.use(
      http.post(EXPORTS, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(status({}), { status: 202 });
      }),
      http.get(`${EXPORTS}/exp-1`, () => HttpResponse.json(progress.length > 1 ? progress.shift() : progress[0])),
      http.get(`${EXPORTS}/exp-1/file`, () => new HttpResponse(new Uint8Array([80, 75, 3, 4, 0]), { headers: { 'Content-Type': 'application/zip' } })),
    );
    renderSignedIn(CARS, ADMIN);
    const user = userEvent.setup();
    const panel = await screen.findByRole('region', { name: 'Export labels' });
    await user.click(within(panel).getByRole('radio', { name: /^YOLO/ }));
    await user.click(within(panel).getByRole('checkbox', { name: 'Include images' }));
    await user.click(within(panel).getByRole('checkbox', { name: "In the whole plans' pixels" }));
    await user.click(within(panel).getByRole('button', { name: 'Export' }));

    expect(await within(panel).findByText('120 of 400 images')).toBeInTheDocument();
    expect(within(panel).getByRole('progressbar', { name: 'Preparing the export' })).toHaveAttribute('value', '120');
    expect(await within(panel).findByText('Saved cars-yolo.zip')).toBeInTheDocument();
    expect(within(panel).getByRole('listitem')).toHaveTextContent('Points were written as boxes. (3×)');
    expect(saved).toEqual([{ name: 'cars-yolo.zip', href: 'blob:export' }]);
    expect(body).toEqual({ format: 'yolo', include_images: true, coordinates: 'plan' });
  });

  it("shows the service's reason when the export cannot start or fails", async () => {
    server.use(
      http.post(EXPORTS, () => HttpResponse.json(status({}), { status: 202 })),
      http.get(`${EXPORTS}/exp-1`, () => HttpResponse.json(status({ state: 'failed', message: 'Something went wrong while writing the export.' }))),
    );
    renderSignedIn(CARS, ADMIN);
    const user = userEvent.setup();
    const panel = await screen.findByRole('region', { name: 'Export labels' });
    await user.click(within(panel).getByRole('button', { name: 'Export' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Something went wrong while writing the export.');
    expect(saved).toEqual([]);

    server.use(http.post(EXPORTS, () => HttpResponse.json({ message: 'Only a tenant administrator may do this.' }, { status: 403 })));
    await user.click(within(panel).getByRole('button', { name: 'Export' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Only a tenant administrator may do this.');
  });

  it('says clearly when too many exports are being prepared, and when to try again', async () => {
    const message = 'You have 2 exports being prepared already, the most at once. Wait for one to finish; try again in 30 s.';
    server.use(http.post(EXPORTS, () => HttpResponse.json({ message }, { status: 429, headers: { 'Retry-After': '30' } })));
    renderSignedIn(CARS, ADMIN);
    const user = userEvent.setup();
    const panel = await screen.findByRole('region', { name: 'Export labels' });
    await user.click(within(panel).getByRole('button', { name: 'Export' }));
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('Too many exports at once: try again in 30 s');
    expect(alert).toHaveTextContent(message);
    expect(within(panel).getByRole('button', { name: 'Export' })).toBeEnabled();
    expect(saved).toEqual([]);
  });

  it('is not shown to a member who does not manage the application', async () => {
    renderSignedIn(CARS, MEMBER);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cars' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Export labels' })).not.toBeInTheDocument();
  });
});
