import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupMswServer } from '../../../../testing/msw-server';
import { renderSignedIn, TENANT_ID } from '../../../../testing/render-dashboard';
import { ADMIN, dashboardHandlers, initialState, type DashboardState } from '../../testing/dashboard-service';
import { sampleApplication } from '../../testing/test-fixtures';

let state: DashboardState = initialState();
vi.setConfig({ testTimeout: 20_000 });
const server = setupMswServer();
const DOOR = { name: 'Door', start: { x: 100, y: 0 }, end: { x: 100, y: 200 } };
const frame = { media_id: 'm-frame', media_url: '/media/m-frame.jpg', resize_urls: {}, media_resize_urls: {} };
const association = { media: frame, subject: { subject_uid: 's-in', media_id: 'm-frame', probability: 1, timestamp: 1, app_data: null, app_data_type: null, consensus: null }, focus: null };

beforeEach(() => {
  state = initialState();
  state.applications.push(
    sampleApplication({ application_id: 'app-door', name: 'Door count', type: 'line_crossing', custom_fields: { appearance: {}, lines: [DOOR] } }),
  );
  server.use(http.get('/1/subjects/s-in/media', () => HttpResponse.json({ data: [association], paging: {} })), ...dashboardHandlers(state));
});

/** The picture has loaded at 384 × 288 and is shown at twice that size. */
async function loadedPicture(): Promise<HTMLElement> {
  const picture = await screen.findByAltText('A recent picture of the input subject', {}, { timeout: 10_000 });
  Object.defineProperties(picture, { naturalWidth: { value: 384 }, naturalHeight: { value: 288 } });
  fireEvent.load(picture);
  const overlay = screen.getByRole('group', { name: 'Counting lines: click two points to add a line' });
  overlay.getBoundingClientRect = () => ({ left: 0, top: 0, width: 768, height: 576, right: 768, bottom: 576, x: 0, y: 0, toJSON: () => ({}) });
  return overlay;
}

const clickAt = (overlay: HTMLElement, x: number, y: number) => {
  fireEvent.pointerDown(overlay, { clientX: x, clientY: y, button: 0, pointerId: 1, pointerType: 'mouse' });
  fireEvent.pointerUp(overlay, { clientX: x, clientY: y, pointerId: 1, pointerType: 'mouse' });
};

describe('the counting lines of a line_crossing application', () => {
  it('add a line by two clicks in picture pixels, move an end by keyboard, refuse a repeated name and save into custom_fields', async () => {
    renderSignedIn(`/t/${TENANT_ID}/apps/app-door/settings`, ADMIN);
    const user = userEvent.setup();
    const overlay = await loadedPicture();
    clickAt(overlay, 100, 200);
    clickAt(overlay, 300, 200);
    const newName = screen.getByLabelText('Name of line 2 (50, 100 → 150, 100)');
    expect(newName).toHaveValue('Line 2');

    const doorEnd = screen.getByRole('button', { name: 'End of Door at 100, 200: arrow keys move it' });
    doorEnd.focus();
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}{ArrowDown}');
    expect(screen.getByRole('button', { name: 'End of Door at 90, 201: arrow keys move it' })).toBeInTheDocument();

    await user.clear(newName);
    await user.type(newName, 'Door');
    await user.click(screen.getByRole('button', { name: 'Save counting lines' }));
    expect(await screen.findByText('Another line is called Door.')).toBeInTheDocument();
    expect(state.requests.some((r) => r.method === 'POST' && r.url.pathname === '/1/applications/app-door')).toBe(false);

    await user.clear(newName);
    await user.type(newName, 'Kerb');
    await user.click(screen.getByRole('button', { name: 'Save counting lines' }));
    expect(await screen.findByText('Counting lines saved.')).toBeInTheDocument();
    const update = state.requests.find((r) => r.method === 'POST' && r.url.pathname === '/1/applications/app-door');
    expect(update?.body).toEqual({
      custom_fields: {
        appearance: {},
        lines: [
          { name: 'Door', start: { x: 100, y: 0 }, end: { x: 90, y: 201 } },
          { name: 'Kerb', start: { x: 50, y: 100 }, end: { x: 150, y: 100 } },
        ],
      },
    });
  });

  it('delete a line', async () => {
    renderSignedIn(`/t/${TENANT_ID}/apps/app-door/settings`, ADMIN);
    const user = userEvent.setup();
    await loadedPicture();
    const list = screen.getByRole('list');
    await user.click(within(list).getByRole('button', { name: 'Delete Door' }));
    expect(within(list).queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Save counting lines' })).toBeEnabled();
  });

  it('say so when the input subject has no picture to draw on', async () => {
    server.use(http.get('/1/subjects/s-in/media', () => HttpResponse.json({ data: [], paging: {} })));
    renderSignedIn(`/t/${TENANT_ID}/apps/app-door/settings`, ADMIN);
    expect(await screen.findByText('The input subject has no media yet: lines are drawn on one of its pictures.', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
