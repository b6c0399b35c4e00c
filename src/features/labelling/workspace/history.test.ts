import { applyToolChange as applyChange } from '../testing/labelling-types';
import type { BoxAnnotation } from '../types/box-detection/module';
import { canRedo, canUndo, commit, createHistory, redo, replace, undo } from './history';
import { BOX_TOOL_IDLE, boxTool } from '../types/box-detection/box-tool';
import type { BoxToolState } from '../types/box-detection/box-tool';
import type { ToolEvent } from '../contract/tool-events';
import { imagePoint } from '../geometry/types';

describe('history', () => {
  it('undoes and redoes committed steps, and a new commit clears redo', () => {
    let history = commit(commit(createHistory('a'), 'b'), 'c');
    history = undo(history);
    expect(history.present).toBe('b');
    expect(canRedo(history)).toBe(true);
    history = redo(history);
    expect(history.present).toBe('c');
    history = commit(undo(history), 'd');
    expect(history.present).toBe('d');
    expect(canRedo(history)).toBe(false);
    expect(undo(undo(undo(history))).present).toBe('a');
  });

  it('keeps a bounded number of steps', () => {
    let history = createHistory(0, 3);
    for (let i = 1; i <= 10; i++) history = commit(history, i);
    expect(history.past).toEqual([7, 8, 9]);
  });

  it('records no step for an unchanged value or a replace', () => {
    const history = createHistory({ n: 1 });
    expect(commit(history, history.present)).toBe(history);
    expect(canUndo(replace(history, { n: 2 }))).toBe(false);
  });

  it('records one step per gesture, however many pointer moves it had', () => {
    const start: BoxAnnotation = {
      type: 'box_detection',
      subjects: ['cat'],
      bounds: { x0: 0, y0: 0, x1: 1000, y1: 1000 },
      boxes: Array.from({ length: 1000 }, (_, i) => ({ x0: i, y0: 0, x1: i + 1, y1: 1, subject_uid: 'cat' })),
      setAside: [],
      selected: null,
    };
    let history = createHistory<BoxAnnotation>(start);
    let state: BoxToolState = BOX_TOOL_IDLE;
    const send = (event: ToolEvent) => {
      const present = history.present;
      const result = boxTool(state, event, { ...present, scale: 1, tolerancePx: 2, minSize: 4 });
      state = result.state;
      if (result.commit) history = commit(history, applyChange(present, result.commit) as BoxAnnotation);
    };
    send({ type: 'pointerDown', point: imagePoint(500, 500) });
    for (let x = 501; x < 600; x++) send({ type: 'pointerMove', point: imagePoint(x, x) });
    send({ type: 'pointerUp', point: imagePoint(600, 600) });
    expect(history.past).toHaveLength(1);
    expect(history.present.boxes).toHaveLength(1001);
    expect(history.present.boxes[0]).toBe(start.boxes[0]);
    expect(undo(history).present).toBe(start);
  });
});
