import 'vitest-canvas-mock';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fitToView, imageToScreen } from '../geometry/camera';
import { imagePoint } from '../geometry/types';
import { makeApp, makeRequest } from '../testing/fixtures';
import { renderQueue, renderWorkspace, untilAnswerable } from '../testing/render-workspace';
import { useSightStore } from '../view/sight-store';

const boxProposal = { subject_uid: 'cat', probability: 0.9, app_data_type: 'box_set' as const, app_data: [{ box: { x0: 10, y0: 10, x1: 50, y1: 40 } }] };

describe('the labelling workspace', () => {
  beforeAll(() => {
    // jsdom never decodes images; the canvas only needs decode() to settle.
    HTMLImageElement.prototype.decode = () => Promise.resolve();
  });

  it('accepts the proposal as it stands with Enter, with decision_time and client_data', async () => {
    let decoded = () => {};
    const decode = vi.spyOn(HTMLImageElement.prototype, 'decode').mockReturnValue(new Promise<void>((resolve) => (decoded = resolve)));
    const answers = await renderWorkspace(makeApp(), makeRequest('m-slow', [boxProposal]), {}, { waitUntilAnswerable: false });
    expect(screen.getByRole('main', { name: 'Labelling workspace' })).toBeInTheDocument();
    expect(screen.getByTestId('stage')).toHaveAccessibleName('Image canvas');
    // Nobody answers an item they have not seen: Enter pressed while the image loads does nothing, and says so.
    await waitFor(() => expect(decode).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: /^Accept and go/ })).toBeDisabled();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('sight-cue')).toBeVisible();
    decoded();
    decode.mockRestore();
    await untilAnswerable();
    expect(answers).toHaveLength(0);
    await userEvent.keyboard('{Enter}');
    expect(answers).toHaveLength(1);
    expect(screen.getByRole('button', { name: /^Accept and go/ })).toBeEnabled();
    expect(answers[0]?.subjects).toEqual([
      { subject_uid: 'cat', result: 'True', app_data_type: 'box_set', app_data: [{ box: { x0: 10, y0: 10, x1: 50, y1: 40 } }] },
    ]);
    expect(answers[0]?.decision_time).toBeGreaterThanOrEqual(0);
    expect(answers[0]?.client_data).toMatchObject({ app_name: 'Looplabel', input_device: 'unknown' });
  });

  it('answers only what was seen for the look time: a double Enter or a double click answers one item, keys while the next loads nothing', async () => {
    const pending = new Map<string, () => void>();
    const decode = vi.spyOn(HTMLImageElement.prototype, 'decode').mockImplementation(function (this: HTMLImageElement) {
      return this.src.includes('seen-3') ? new Promise<void>((resolve) => pending.set(this.src, resolve)) : Promise.resolve();
    });
    onTestFinished(() => decode.mockRestore());
    const cat = { subject_uid: 'cat', probability: 0.8, app_data_type: null, app_data: null };
    const app = makeApp({ type: 'detection_fullframe' });
    const answers = await renderQueue(app, ['seen-1', 'seen-2', 'seen-3'].map((id) => makeRequest(id, [cat])), { lookMs: 250 });
    await untilAnswerable();
    const paintedAt = useSightStore.getState().paintedAt!;
    // Enter twice as fast as a bounce: the second lands on an item nobody has looked at yet.
    await userEvent.keyboard('{Enter}{Enter}');
    expect(answers.map((answer) => answer.media_id)).toEqual(['seen-1']);
    // Its time is counted from the paint.
    const seconds = (answers[0]!.client_data as { decision_seconds: number }).decision_seconds;
    expect(seconds).toBeGreaterThanOrEqual(0.25);
    expect(seconds).toBeLessThanOrEqual((Date.now() - paintedAt) / 1000);
    expect(screen.getByTestId('sight-cue')).toBeVisible();
    // The same with two clicks on Accept.
    await untilAnswerable();
    const accept = screen.getByRole('button', { name: /^Accept and go/ });
    await userEvent.dblClick(accept);
    expect(answers.map((answer) => answer.media_id)).toEqual(['seen-1', 'seen-2']);
    // The third item's image is still loading: X does nothing, and is not held for when it shows.
    await userEvent.keyboard('x');
    [...pending.values()].forEach((show) => show());
    await untilAnswerable();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answers).toHaveLength(2);
    await userEvent.keyboard('x');
    expect(answers[2]).toMatchObject({ media_id: 'seen-3', subjects: [{ subject_uid: 'cat', result: 'False' }] });
  });

  it('edits by keyboard: select, nudge 10 px, delete, undo one step per key', async () => {
    const answers = await renderWorkspace(makeApp(), makeRequest('m1', [boxProposal]));
    await userEvent.keyboard('{Tab}');
    expect(screen.getByText(/1 box, #1 selected/)).toBeInTheDocument();
    await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}{Delete}');
    expect(screen.getByText('0 boxes')).toBeInTheDocument();
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(screen.getByText(/1 box/)).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    const [answer] = answers;
    expect(answer?.subjects[0]?.app_data).toEqual([{ box: { x0: 20, y0: 10, x1: 60, y1: 40 } }]);
    expect(answer?.client_data).toMatchObject({ input_device: 'keyboard' });
  });

  it('answers False with X, and draws a box with the pointer', async () => {
    const answers = await renderWorkspace(makeApp(), makeRequest('m1'));
    await userEvent.keyboard('x');
    expect(answers[0]?.subjects).toEqual([{ subject_uid: 'cat', result: 'False' }]);

    // The 640x480 media fitted into the 800x600 viewport jsdom falls back to, with 16 px padding.
    const camera = fitToView({ width: 640, height: 480 }, { width: 800, height: 600 }, 16);
    const from = imageToScreen(camera, imagePoint(100, 100));
    const to = imageToScreen(camera, imagePoint(200, 150));
    const stage = screen.getByTestId('stage');
    fireEvent.pointerDown(stage, { clientX: from.x, clientY: from.y, button: 0, pointerId: 1, pointerType: 'mouse' });
    fireEvent.pointerMove(stage, { clientX: to.x, clientY: to.y, pointerId: 1, pointerType: 'mouse' });
    fireEvent.pointerUp(stage, { clientX: to.x, clientY: to.y, pointerId: 1, pointerType: 'mouse' });
    expect(screen.getByText('1 box')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Accept/ }));
    expect(answers[1]?.subjects[0]?.app_data).toEqual([{ box: { x0: 100, y0: 100, x1: 200, y1: 150 } }]);
    expect(answers[1]?.client_data).toMatchObject({ input_device: 'mouse' });
  });

  it('classification: number keys choose, Enter sends, no False answer offered', async () => {
    const app = makeApp({ type: 'classification', output_subjects: ['cat', 'dog'] });
    const answers = await renderWorkspace(app);
    expect(screen.queryByRole('button', { name: /Not present/ })).not.toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a class first, or None of these.');
    await userEvent.keyboard('2');
    expect(screen.getByRole('radio', { name: /Subject dog/ })).toBeChecked();
    await userEvent.keyboard('{Enter}');
    expect(answers[0]?.subjects).toEqual([{ subject_uid: 'dog', result: 'True' }]);
  });

  it('classification: shows a key badge for the nine classes a digit chooses, and none for a tenth', async () => {
    const classes = Array.from({ length: 10 }, (_, index) => `class-${index + 1}`);
    await renderWorkspace(makeApp({ type: 'classification', output_subjects: classes }));
    const choices = screen.getAllByRole('radio').slice(0, 10).map((radio) => radio.closest('label')!);
    expect(within(choices[8]!).getByText('9')).toBeInTheDocument();
    expect(within(choices[9]!).queryByText('10')).not.toBeInTheDocument();
  });

  it('classification: N (or its radio) answers None of these, False for every class', async () => {
    const app = makeApp({ type: 'classification', output_subjects: ['cat', 'dog'] });
    const answers = await renderWorkspace(app, makeRequest('m1', [{ subject_uid: 'cat', probability: 0.4, app_data_type: null, app_data: null }]));
    expect(screen.getByRole('radio', { name: /Subject cat/ })).toBeChecked();
    await userEvent.keyboard('n');
    expect(screen.getByRole('radio', { name: /None of these/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Subject cat/ })).not.toBeChecked();
    await userEvent.keyboard('{Enter}');
    expect(answers[0]?.subjects).toEqual([
      { subject_uid: 'cat', result: 'False' },
      { subject_uid: 'dog', result: 'False' },
    ]);
  });

  it('detection_fullframe: prefilled from the proposal, toggled by number keys, one message', async () => {
    const app = makeApp({ type: 'detection_fullframe', output_subjects: ['cat', 'dog'] });
    const answers = await renderWorkspace(app, makeRequest('m1', [{ subject_uid: 'cat', probability: 0.8, app_data_type: null, app_data: null }]));
    await userEvent.keyboard('2{Enter}');
    expect(answers[0]?.subjects).toEqual([
      { subject_uid: 'cat', result: 'True' },
      { subject_uid: 'dog', result: 'True' },
    ]);
  });

  it('static_count: starts from the model, a click on the image counts one more, arrows and typing set it', async () => {
    const countProposal = { subject_uid: 'cat', probability: 0.7, app_data_type: 'count' as const, app_data: 4 };
    const answers = await renderWorkspace(makeApp({ type: 'static_count' }), makeRequest('m1', [countProposal]));
    const field = screen.getByLabelText('Count');
    expect(field).toHaveValue(4);
    const camera = fitToView({ width: 640, height: 480 }, { width: 800, height: 600 }, 16);
    const at = imageToScreen(camera, imagePoint(300, 200));
    const stage = screen.getByTestId('stage');
    fireEvent.pointerDown(stage, { clientX: at.x, clientY: at.y, button: 0, pointerId: 1, pointerType: 'mouse' });
    fireEvent.pointerUp(stage, { clientX: at.x, clientY: at.y, pointerId: 1, pointerType: 'mouse' });
    expect(field).toHaveValue(5);
    fireEvent.pointerDown(stage, { clientX: at.x, clientY: at.y, button: 0, pointerId: 2, pointerType: 'mouse' });
    fireEvent.pointerUp(stage, { clientX: at.x, clientY: at.y, pointerId: 2, pointerType: 'mouse' });
    expect(field).toHaveValue(4);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowDown}');
    expect(field).toHaveValue(5);
    await userEvent.clear(field);
    await userEvent.type(field, '12{Enter}');
    expect(answers[0]?.subjects[0]).toMatchObject({ app_data_type: 'count', app_data: 12 });
    // The field gave the keys back with the answer: X is Not present, not a letter typed into it.
    expect(field).not.toHaveFocus();
    await userEvent.keyboard('x');
    expect(answers[1]?.subjects).toEqual([{ subject_uid: 'cat', result: 'False' }]);
  });

  it("static_count: the model's counted objects are markers a click takes back; a count typed apart from them is said to differ", async () => {
    const counted = [imagePoint(100, 100), imagePoint(300, 200)];
    const countProposal = { subject_uid: 'cat', probability: 0.7, app_data_type: 'count' as const, app_data: 2, counted };
    const answers = await renderWorkspace(makeApp({ type: 'static_count' }), makeRequest('m1', [countProposal]));
    const field = screen.getByLabelText('Count');
    expect(field).toHaveValue(2);
    const camera = fitToView({ width: 640, height: 480 }, { width: 800, height: 600 }, 16);
    const at = imageToScreen(camera, imagePoint(300, 200));
    const stage = screen.getByTestId('stage');
    fireEvent.pointerDown(stage, { clientX: at.x, clientY: at.y, button: 0, pointerId: 1, pointerType: 'mouse' });
    fireEvent.pointerUp(stage, { clientX: at.x, clientY: at.y, pointerId: 1, pointerType: 'mouse' });
    expect(field).toHaveValue(1);
    expect(screen.queryByTestId('count-differs')).not.toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '5');
    expect(screen.getByTestId('count-differs')).toHaveTextContent('The count (5) is not the number of markers (1): the answer is the count.');
    // A number apart from the markers on screen is asked about first; Enter again sends it.
    await userEvent.keyboard('{Enter}');
    expect(answers).toHaveLength(0);
    expect(screen.getByRole('alert')).toHaveTextContent('The count is 5 but 1 marker shows. Accept again to send 5, or correct it.');
    await userEvent.keyboard('{Enter}');
    expect(answers[0]?.subjects[0]).toMatchObject({ app_data_type: 'count', app_data: 5 });
  });

  it('static_count: after a count the rule refuses, a click counts from the markers again', async () => {
    const counted = [imagePoint(100, 100), imagePoint(300, 200)];
    const countProposal = { subject_uid: 'cat', probability: 0.7, app_data_type: 'count' as const, app_data: 2, counted };
    const answers = await renderWorkspace(makeApp({ type: 'static_count' }), makeRequest('m1', [countProposal]));
    const field = screen.getByLabelText('Count');
    await userEvent.clear(field);
    await userEvent.type(field, '-1');
    await userEvent.keyboard('{Escape}');
    const camera = fitToView({ width: 640, height: 480 }, { width: 800, height: 600 }, 16);
    const at = imageToScreen(camera, imagePoint(500, 400));
    const stage = screen.getByTestId('stage');
    fireEvent.pointerDown(stage, { clientX: at.x, clientY: at.y, button: 0, pointerId: 1, pointerType: 'mouse' });
    fireEvent.pointerUp(stage, { clientX: at.x, clientY: at.y, pointerId: 1, pointerType: 'mouse' });
    expect(field).toHaveValue(3);
    await userEvent.keyboard('{Enter}');
    expect(answers[0]?.subjects[0]).toMatchObject({ app_data_type: 'count', app_data: 3 });
  });

  it('refuses a typed count the rule of counts refuses, in place, and sends nothing', async () => {
    const answers = await renderWorkspace(makeApp({ type: 'static_count' }), makeRequest('m1'));
    const field = screen.getByLabelText('Count');
    await userEvent.clear(field);
    await userEvent.type(field, '-3{Enter}');
    expect(answers).toHaveLength(0);
    expect(screen.getByRole('alert')).toHaveTextContent('A count is a whole number from 0 to 1,000,000.');
    expect(field).toHaveValue(-3);
  });

  it('a number field answers with Enter and gives the keys back with Escape', async () => {
    const answers = await renderWorkspace(makeApp({ type: 'offset_x' }));
    const offset = screen.getByLabelText(/Offset from the left edge/);
    await userEvent.type(offset, '42');
    await userEvent.keyboard('{Escape}');
    expect(offset).not.toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(offset).toHaveValue(43);
    await userEvent.click(offset);
    await userEvent.keyboard('{Enter}');
    expect(answers[0]?.subjects[0]).toMatchObject({ app_data_type: 'offset_x', app_data: 43 });
  });

  it('shows in the ? overlay only the shortcuts of the application type', async () => {
    await renderWorkspace(makeApp({ type: 'classification', output_subjects: ['cat', 'dog'] }));
    await userEvent.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('Accept and go to the next item')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose class')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Duplicate/)).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/Not present/)).not.toBeInTheDocument();
  });

  it('offers Skip (button and S) only where there is a queue to hand the item back to', async () => {
    const skipped: string[] = [];
    await renderWorkspace(makeApp(), makeRequest('m1'), { onSkip: () => skipped.push('m1') });
    await userEvent.click(screen.getByRole('button', { name: /Skip/ }));
    await userEvent.keyboard('s');
    expect(skipped).toEqual(['m1', 'm1']);
  });
});
