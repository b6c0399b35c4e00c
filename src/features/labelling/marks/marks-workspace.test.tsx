import 'vitest-canvas-mock';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectConfidenceFloor, setConfidenceFloor, usePreferences } from '../../../lib/preferences';
import { renderWorkspace } from '../testing/render-workspace';
import { fitToView, imageToScreen } from '../geometry/camera';
import { imagePoint } from '../geometry/types';
import { makeApp, makeRequest } from '../testing/fixtures';
import { useDrawClassStore } from './draw-class-store';

const region = (x0: number, probability: number) => ({ box: { x0, y0: 10, x1: x0 + 20, y1: 30 }, probability });
/** The model's boxes of two classes: cats at 90 % and 30 %, a dog at 60 %. */
const request = makeRequest('m1', [
  { subject_uid: 'cat', probability: 0.9, app_data_type: 'box_set', app_data: [region(10, 0.9), region(100, 0.3)] },
  { subject_uid: 'dog', probability: 0.6, app_data_type: 'box_set', app_data: [region(200, 0.6)] },
]);
const app = makeApp({ type: 'box_detection', output_subjects: ['cat', 'dog'] });
const xs = (subject: { app_data?: unknown } | undefined) => (subject?.app_data as { box: { x0: number } }[] | undefined)?.map((r) => r.box.x0);

function drawBox(from: { x: number; y: number }, to: { x: number; y: number }) {
  const camera = fitToView({ width: 640, height: 480 }, { width: 800, height: 600 }, 16);
  const a = imageToScreen(camera, imagePoint(from.x, from.y));
  const b = imageToScreen(camera, imagePoint(to.x, to.y));
  const stage = screen.getByTestId('stage');
  fireEvent.pointerDown(stage, { clientX: a.x, clientY: a.y, button: 0, pointerId: 1, pointerType: 'mouse' });
  fireEvent.pointerMove(stage, { clientX: b.x, clientY: b.y, pointerId: 1, pointerType: 'mouse' });
  fireEvent.pointerUp(stage, { clientX: b.x, clientY: b.y, pointerId: 1, pointerType: 'mouse' });
}

describe('the workspace with many proposals', () => {
  beforeAll(() => {
    HTMLImageElement.prototype.decode = () => Promise.resolve();
  });
  beforeEach(() => {
    setConfidenceFloor(app.application_id, 0);
    useDrawClassStore.setState({ byApp: {} });
  });

  it('hides the proposals under the confidence floor, remembers it for the application, and leaves them out of the answer', async () => {
    const answers = await renderWorkspace(app, request);
    await waitFor(() => expect(screen.getByRole('button', { name: /^Accept and go/ })).toBeEnabled());
    const proposals = screen.getByRole('region', { name: 'Proposals' });
    expect(within(proposals).getByText('3 shown of 3')).toBeInTheDocument();
    fireEvent.change(within(proposals).getByRole('slider'), { target: { value: '50' } });
    expect(within(proposals).getByText('2 shown of 3')).toBeInTheDocument();
    expect(within(proposals).getByText('1 hidden proposal is left out of the answer.')).toBeInTheDocument();
    expect(selectConfidenceFloor(app.application_id)(usePreferences.getState())).toBe(0.5);
    await userEvent.keyboard('{Enter}');
    expect(answers[0]?.subjects.map((s) => [s.subject_uid, xs(s)])).toEqual([
      ['cat', [10]],
      ['dog', [200]],
    ]);
  });

  it('moves the floor with ] and [, and Accept shown (Shift+Enter) answers what is shown', async () => {
    const answers = await renderWorkspace(app, request);
    await userEvent.keyboard(']'.repeat(14));
    expect(screen.getByText('1 shown of 3')).toBeInTheDocument();
    await userEvent.keyboard('[[[[');
    expect(screen.getByText('2 shown of 3')).toBeInTheDocument();
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}');
    expect(answers).toHaveLength(1);
    expect(answers[0]?.subjects.map((s) => [s.subject_uid, s.result])).toEqual([
      ['cat', 'True'],
      ['dog', 'True'],
    ]);
  });

  it('deletes every proposal, shown or hidden, with Shift+Delete as one undo step, and keeps the labeller’s boxes', async () => {
    const answers = await renderWorkspace(app, request);
    drawBox({ x: 300, y: 300 }, { x: 360, y: 350 });
    setConfidenceFloor(app.application_id, 0.5);
    await waitFor(() => expect(screen.getByText('2 shown of 3')).toBeInTheDocument());
    await userEvent.keyboard('{Shift>}{Delete}{/Shift}');
    expect(screen.queryByRole('region', { name: 'Proposals' })).not.toBeInTheDocument();
    expect(screen.getByText(/^1 box/)).toBeInTheDocument();
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(screen.getByText('2 shown of 3')).toBeInTheDocument();
    await userEvent.keyboard('{Control>}y{/Control}{Enter}');
    expect(answers[0]?.subjects).toEqual([
      { subject_uid: 'cat', result: 'True', app_data_type: 'box_set', app_data: [{ box: { x0: 300, y0: 300, x1: 360, y1: 350 } }] },
      { subject_uid: 'dog', result: 'False' },
    ]);
  });

  it('picks the class of new boxes with a number key (a drawn box keeps its class), moves the selected box into a class, and answers each class', async () => {
    const answers = await renderWorkspace(app, request);
    const picker = screen.getByRole('group', { name: 'Class of new marks' });
    expect(within(picker).getByRole('button', { name: /cat/ })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard('2');
    expect(within(picker).getByRole('button', { name: /dog/ })).toHaveAttribute('aria-pressed', 'true');
    drawBox({ x: 300, y: 300 }, { x: 360, y: 350 });
    // A drawn box is left unselected: 1 now means "the next box is a cat", and the dog stays a dog.
    expect(screen.getByText('4 boxes')).toBeInTheDocument();
    await userEvent.keyboard('1');
    expect(within(picker).getByRole('button', { name: /cat/ })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard('{Tab}1');
    expect(screen.getByText('4 boxes, #1 selected (Subject cat)')).toBeInTheDocument();
    await userEvent.keyboard('{Tab}{Tab}1{Enter}');
    expect(answers[0]?.subjects.map((s) => [s.subject_uid, xs(s)])).toEqual([
      ['cat', [10, 100, 200]],
      ['dog', [300]],
    ]);
  });

  it('shows no class picker, and keeps digits free, where marks have one class', async () => {
    const single = makeRequest('m1', [{ subject_uid: 'cat', probability: 0.9, app_data_type: 'box_set', app_data: [region(10, 0.9)] }]);
    const answers = await renderWorkspace(makeApp({ type: 'box_detection' }), single);
    expect(screen.queryByRole('group', { name: /Class/ })).not.toBeInTheDocument();
    await userEvent.keyboard('2{Enter}');
    expect(answers[0]?.subjects.map((s) => s.subject_uid)).toEqual(['cat']);
  });
});
