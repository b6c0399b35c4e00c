import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { MediaAssertion } from '../../../api/schemas/detections';
import { setupMswServer } from '../../../testing/msw-server';
import { renderSignedIn, TENANT_ID } from '../../../testing/render-dashboard';
import { ADMIN, dashboardHandlers, initialState, MEMBER, type DashboardState } from '../testing/dashboard-service';
import { sampleApplication, sampleMedia } from '../testing/test-fixtures';

// Whole-app renders with many user steps; a busy machine can take longer than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });
// The first find waits for the lazy route modules, which on a loaded machine takes longer than the 1 s default.
const server = setupMswServer();
let state: DashboardState = initialState();

function assertion(overrides: Partial<MediaAssertion>): MediaAssertion {
  return {
    subject_uid: 's-car',
    detection_id: 'd-model',
    user_id: null,
    model_id: 'app-cars.v0',
    app_id: 'app-cars',
    app_data_type: 'box_set',
    app_data: [{ box: { x0: 10, y0: 20, x1: 110, y1: 90 }, probability: 0.7 }],
    prev_prob: null,
    probability: 0.7,
    uncal_prob: 0.7,
    timestamp: 1_700_000_000,
    ...overrides,
  };
}

const ASSERTIONS: MediaAssertion[] = [
  assertion({}),
  assertion({
    detection_id: 'd-ada',
    user_id: ADMIN.user_id,
    model_id: null,
    app_data: [{ box: { x0: 12, y0: 22, x1: 108, y1: 88 } }],
    prev_prob: 0.7,
    probability: 1,
    timestamp: 1_700_000_100,
  }),
  assertion({ detection_id: 'd-released', model_id: 'mdl-app-cars-2', probability: 0.9, timestamp: 1_700_000_200 }),
  assertion({ detection_id: 'd-gone', user_id: 'u-left-long-ago', model_id: null, subject_uid: 's-in', app_id: null, app_data_type: null, app_data: null, probability: 1 }),
];

beforeEach(() => {
  state = initialState();
  server.use(
    ...dashboardHandlers(state),
    http.get('/1/media/m-1', () => HttpResponse.json(sampleMedia('m-1', { filename: 'street.jpg' }))),
    http.get('/1/media/m-1/detections', () => HttpResponse.json({ detections: ASSERTIONS })),
    http.get('/1/media/m-1/subjects', () => HttpResponse.json({ data: [] })),
  );
});

describe('media page', () => {
  it('names people by their name or email, never their id, and draws each source in its colour with a legend', async () => {
    renderSignedIn(`/t/${TENANT_ID}/apps/app-cars/media/m-1`, MEMBER);
    const people = await screen.findByRole('region', { name: 'By people' });
    await within(people).findByText('Ada');
    expect(within(people).getByText('A former member')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Marks of' })).toHaveValue('app-cars');
    expect(people).not.toHaveTextContent(ADMIN.user_id);
    expect(people).not.toHaveTextContent('u-left-long-ago');
    const models = screen.getByRole('region', { name: 'By models' });
    expect(within(models).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['When', 'Subject', 'By', 'Probability']);
    expect(within(models).getAllByRole('cell', { name: 'Car' })).toHaveLength(2);
    expect(await within(models).findByRole('cell', { name: 'Model v2' })).toBeInTheDocument();
    expect(within(models).getByRole('cell', { name: 'Baseline model (v0)' })).toBeInTheDocument();
    expect(models).not.toHaveTextContent('mdl-app-cars-2');

    const legend = screen.getByRole('list', { name: 'Marks on the image' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Model’s marks (2)', 'People’s marks (1)']);
    const figure = screen.getByRole('img', { name: 'street.jpg' }).closest('figure')!;
    expect(figure.querySelectorAll('rect.overlay-mark--model')).toHaveLength(2);
    expect(figure.querySelectorAll('rect.overlay-mark--user')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Label this media' })).toHaveAttribute('href', `/t/${TENANT_ID}/apps/app-cars/media/m-1/label`);
  });

  it('names the application whose marks it shows, and shows one application at a time unless asked for all', async () => {
    renderSignedIn(`/t/${TENANT_ID}/media/m-1`, MEMBER);
    const picker = await screen.findByRole('combobox', { name: 'Marks of' });
    expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual(['Cars', 'Uploads to a subject', 'All 2 sources']);
    expect(picker).toHaveValue('*');
    await userEvent.selectOptions(picker, 'Uploads to a subject');
    const figure = screen.getByRole('img', { name: 'street.jpg' }).closest('figure')!;
    expect(figure.querySelectorAll('rect.overlay-mark--model')).toHaveLength(0);
    expect(within(screen.getByRole('list', { name: 'Marks on the image' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Model’s marks (0)',
      'People’s marks (0)',
    ]);
    // The timelines still list every assertion, whichever marks the image shows.
    expect(within(screen.getByRole('region', { name: 'By models' })).getAllByRole('cell', { name: 'Car' })).toHaveLength(2);
  });

  it("names each model by its version in its own application, and an outside model by its name", async () => {
    server.use(
      http.get('/1/media/m-1/detections', () =>
        HttpResponse.json({
          detections: [
            assertion({}),
            assertion({ detection_id: 'd-pets', app_id: 'app-pets', model_id: 'mdl-app-pets-2', subject_uid: 's-cat', timestamp: 1_700_000_300 }),
            assertion({ detection_id: 'd-outside', model_id: 'external:yolov8n', timestamp: 1_700_000_400 }),
          ],
        }),
      ),
    );
    renderSignedIn(`/t/${TENANT_ID}/apps/app-cars/media/m-1`, MEMBER);
    const models = await screen.findByRole('region', { name: 'By models' });
    expect(await within(models).findByRole('cell', { name: 'Model v2 · Pets' })).toBeInTheDocument();
    expect(within(models).getByRole('cell', { name: 'yolov8n (outside model)' })).toBeInTheDocument();
    expect(within(models).getByRole('cell', { name: 'Baseline model (v0)' })).toBeInTheDocument();
    expect(models).not.toHaveTextContent('An earlier model');
  });

  it('offers labelling only under an application whose type can be labelled', async () => {
    state.applications.push(sampleApplication({ application_id: 'app-plates', name: 'Plates', type: 'motion' }));
    renderSignedIn(`/t/${TENANT_ID}/apps/app-plates/media/m-1`, MEMBER);
    await screen.findByRole('region', { name: 'By models' });
    expect(screen.queryByRole('link', { name: 'Label this media' })).not.toBeInTheDocument();
  });

  it("links a video and its frames: the video lists its frames, a frame names its video", async () => {
    const video = sampleMedia('m-video', { filename: 'street.mp4', video: true, duration: 3 });
    const frames = [5, 10].map((frame) => sampleMedia(`m-frame-${frame}`, { frame, parent_media_id: 'm-video', parent_media_ids: ['m-video'] }));
    server.use(
      http.get('/1/media/m-video', () => HttpResponse.json(video)),
      http.get('/1/media/m-video/frames', () => HttpResponse.json({ data: frames })),
      http.get('/1/media/m-frame-10', () => HttpResponse.json(frames[1])),
      ...['m-video', 'm-frame-10'].flatMap((id) => [
        http.get(`/1/media/${id}/detections`, () => HttpResponse.json({ detections: [] })),
        http.get(`/1/media/${id}/subjects`, () => HttpResponse.json({ data: [] })),
      ]),
    );
    renderSignedIn(`/t/${TENANT_ID}/apps/app-cars/media/m-video`, MEMBER);
    const list = await screen.findByRole('region', { name: 'Frames' });
    expect(within(list).getAllByRole('link').map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['Frame 5', `/t/${TENANT_ID}/apps/app-cars/media/m-frame-5`],
      ['Frame 10', `/t/${TENANT_ID}/apps/app-cars/media/m-frame-10`],
    ]);

    await userEvent.click(within(list).getByRole('link', { name: 'Frame 10' }));
    expect(await screen.findByText(/frame 10 of the video/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'street.mp4' })).toHaveAttribute('href', `/t/${TENANT_ID}/apps/app-cars/media/m-video`);
    expect(screen.queryByRole('region', { name: 'Frames' })).not.toBeInTheDocument();
  });
});
