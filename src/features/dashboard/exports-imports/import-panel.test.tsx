import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ImportReport, ImportStatus } from '../../../api/schemas/imports';
import { setupMswServer } from '../../../testing/msw-server';
import { renderSignedIn, TENANT_ID } from '../../../testing/render-dashboard';
import { ADMIN, dashboardHandlers, initialState } from '../testing/dashboard-service';

vi.setConfig({ testTimeout: 20_000 });
const server = setupMswServer();
const CARS = `/t/${TENANT_ID}/apps/app-cars`;
const IMPORTS = '/1/applications/app-cars/imports';

const report: ImportReport = {
  format: 'coco',
  as: 'labels',
  model_id: null,
  images: 4,
  matched: 3,
  created: 2,
  unchanged: 1,
  skipped: [{ image: 'gone.jpg', reason: 'No media item of the application is named gone.jpg.' }],
  unknown_classes: [{ name: 'truck', count: 5 }],
  notes: [{ message: 'Boxes were clipped to the image.', count: 2 }],
};

const status = (overrides: Partial<ImportStatus>): ImportStatus => ({
  import_id: 'imp-1',
  application_id: 'app-cars',
  format: 'coco',
  as: 'labels',
  state: 'running',
  done: 0,
  total: 0,
  report: null,
  message: null,
  created_at: 1_700_000_000,
  ...overrides,
});

const cocoFile = () => new File(['{"images": [], "annotations": [], "categories": []}'], 'cars.json', { type: 'application/json' });

beforeEach(() => server.use(...dashboardHandlers(initialState())));

async function openPanel() {
  renderSignedIn(CARS, ADMIN);
  const user = userEvent.setup();
  const panel = await screen.findByRole('region', { name: 'Import labels' });
  await user.upload(within(panel).getByLabelText('Label files or a zip'), cocoFile());
  return { user, panel };
}

describe('the import panel', () => {
  it('sends the files with the chosen fields and shows the report: counts, skipped images, unknown classes, notes', async () => {
    let sent: [string, FormDataEntryValue][] = [];
    server.use(
      http.post(IMPORTS, async ({ request }) => {
        sent = [...(await request.formData()).entries()];
        return HttpResponse.json(report);
      }),
    );
    const { user, panel } = await openPanel();
    await user.selectOptions(within(panel).getByLabelText('Find the images among'), "All the tenant's media");
    await user.click(within(panel).getByRole('button', { name: 'Import' }));

    const shown = await within(panel).findByRole('region', { name: 'Import report' });
    expect(shown).toHaveTextContent('Labels imported: 2 images recorded');
    expect(within(shown).getAllByRole('definition').map((cell) => cell.textContent)).toEqual(['4', '3', '2', '1', '1']);
    const skipped = within(shown).getByRole('table', { name: 'Skipped images' });
    expect(within(skipped).getAllByRole('row')[1]).toHaveTextContent('gone.jpgNo media item of the application is named gone.jpg.');
    expect(shown).toHaveTextContent('Classes that name no output subject, not imported: truck (5 marks)');
    expect(within(shown).getByRole('list', { name: 'Notes' })).toHaveTextContent('Boxes were clipped to the image. (2×)');
    // (jsdom's file reaches the fake service without its name; the e2e import sends it by name)
    expect(sent.map(([name, value]) => [name, typeof value === 'string' ? value : 'a file'])).toEqual([
      ['format', 'coco'],
      ['as', 'labels'],
      ['match', 'tenant'],
      ['files', 'a file'],
    ]);
  });

  it("imports an outside model's predictions under its name", async () => {
    let sent: Record<string, FormDataEntryValue> = {};
    server.use(
      http.post(IMPORTS, async ({ request }) => {
        sent = Object.fromEntries((await request.formData()).entries());
        return HttpResponse.json({ ...report, as: 'predictions', model_id: 'external:yolov8n' });
      }),
    );
    const { user, panel } = await openPanel();
    await user.selectOptions(within(panel).getByLabelText('Format'), 'CSV');
    await user.click(within(panel).getByRole('radio', { name: 'Predictions of a model' }));
    await user.type(within(panel).getByLabelText('Model name'), 'yolov8n');
    await user.click(within(panel).getByRole('button', { name: 'Import' }));
    expect(await within(panel).findByText('Predictions of external:yolov8n imported: 2 images recorded')).toBeInTheDocument();
    expect(sent).toMatchObject({ format: 'csv', as: 'predictions', model: 'yolov8n', match: 'application' });
  });

  it('imports labels as gold items when asked', async () => {
    let sent: Record<string, FormDataEntryValue> = {};
    server.use(
      http.post(IMPORTS, async ({ request }) => {
        sent = Object.fromEntries((await request.formData()).entries());
        return HttpResponse.json({ ...report, as: 'gold' });
      }),
    );
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('checkbox', { name: /Import as gold items/ }));
    await user.click(within(panel).getByRole('button', { name: 'Import' }));
    expect(await within(panel).findByText('Gold items imported: 2 images recorded')).toBeInTheDocument();
    expect(sent).toMatchObject({ format: 'coco', as: 'gold', match: 'application' });
    expect(sent).not.toHaveProperty('model');
  });

  it("follows a large import's job until its report is there", async () => {
    const progress = [status({ total: 10, done: 3 }), status({ state: 'done', total: 10, done: 10, report })];
    server.use(
      http.post(IMPORTS, () => HttpResponse.json(status({}), { status: 202 })),
      http.get(`${IMPORTS}/imp-1`, () => HttpResponse.json(progress.length > 1 ? progress.shift() : progress[0])),
    );
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'Import' }));
    expect(await within(panel).findByText('3 of 10 images recorded')).toBeInTheDocument();
    expect(within(panel).getByRole('progressbar', { name: 'Importing' })).toHaveAttribute('value', '3');
    expect(await within(panel).findByRole('region', { name: 'Import report' })).toHaveTextContent('2 images recorded');
  });

  it("shows the service's refusal, and why a job failed", async () => {
    server.use(http.post(IMPORTS, () => HttpResponse.json({ message: 'The label files are larger than 200 MiB in all.' }, { status: 413 })));
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'Import' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Not importedThe label files are larger than 200 MiB in all.');

    server.use(
      http.post(IMPORTS, () => HttpResponse.json(status({}), { status: 202 })),
      http.get(`${IMPORTS}/imp-1`, () => HttpResponse.json(status({ state: 'failed', message: 'The import could not be read: split it into smaller imports.' }))),
    );
    await user.click(within(panel).getByRole('button', { name: 'Import' }));
    expect(await within(panel).findByText('The import could not be read: split it into smaller imports.')).toBeInTheDocument();
  });
});
