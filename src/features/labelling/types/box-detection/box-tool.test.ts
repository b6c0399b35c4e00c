import type { BoxToolContext, BoxToolState } from './box-tool';
import { BOX_TOOL_IDLE, boxTool, movingCorner } from './box-tool';
import { driveTool } from '../../type-kit/tool-test-driver';

const existing = { x0: 10, y0: 10, x1: 30, y1: 30 };
const context = (overrides: Partial<BoxToolContext> = {}): BoxToolContext => ({
  boxes: [existing],
  selected: null,
  scale: 1,
  bounds: { x0: 0, y0: 0, x1: 200, y1: 100 },
  tolerancePx: 4,
  minSize: 4,
  ...overrides,
});
const drive = (ctx = context()) => driveTool(boxTool, BOX_TOOL_IDLE, ctx);

describe('box tool', () => {
  it('draws a box by dragging, with a single commit on pointer up', () => {
    const user = drive();
    user.pointerDown(50, 50);
    expect(user.state.name).toBe('pointing');
    user.pointerMove(60, 55);
    user.pointerMove(80.4, 70.6);
    expect(user.state).toMatchObject({ name: 'drawing', preview: { x0: 50, y0: 50, x1: 80.4, y1: 70.6 } });
    expect(user.commits).toEqual([]);
    user.pointerUp(80.4, 70.6);
    expect(user.state.name).toBe('idle');
    expect(user.commits).toEqual([{ kind: 'boxes', boxes: [existing, { x0: 50, y0: 50, x1: 80, y1: 71 }], selected: null }]);
  });

  it('draws by click then click, and keeps the box inside the bounds', () => {
    const user = drive();
    user.pointerDown(150, 20);
    user.pointerUp(150, 20);
    expect(user.state.name).toBe('placing');
    user.pointerMove(400, 60);
    expect(user.state).toMatchObject({ preview: { x0: 150, y0: 20, x1: 200, y1: 60 } });
    user.pointerDown(400, 60);
    user.pointerUp(400, 60);
    expect(user.commits).toEqual([{ kind: 'boxes', boxes: [existing, { x0: 150, y0: 20, x1: 200, y1: 60 }], selected: null }]);
  });

  it('gives a tiny drawn box the minimum size', () => {
    const user = drive();
    user.pointerDown(100, 50);
    user.pointerMove(103, 51);
    user.pointerUp(103, 51);
    expect(user.commits).toEqual([{ kind: 'boxes', boxes: [existing, { x0: 100, y0: 49, x1: 104, y1: 53 }], selected: null }]);
  });

  it('translates a box it was pressed on, within the bounds, committing once', () => {
    const user = drive();
    user.pointerDown(20, 20);
    expect(user.state.name).toBe('pointingBox');
    user.pointerMove(25, 20);
    user.pointerMove(40, -50);
    expect(user.state).toMatchObject({ name: 'translating', preview: { x0: 30, y0: 0, x1: 50, y1: 20 } });
    user.pointerUp(40, -50);
    expect(user.commits).toEqual([{ kind: 'boxes', boxes: [{ x0: 30, y0: 0, x1: 50, y1: 20 }], selected: 0 }]);
  });

  it('selects a box on a click without moving it', () => {
    const user = drive();
    user.pointerDown(20, 20);
    user.pointerMove(21, 20);
    user.pointerUp(21, 20);
    expect(user.commits).toEqual([{ kind: 'select', selected: 0 }]);
  });

  it('resizes the selected box by a handle', () => {
    const user = drive(context({ selected: 0 }));
    user.pointerDown(31, 31);
    expect(user.state).toMatchObject({ name: 'resizing', handle: 'se' });
    user.pointerMove(60.2, 12);
    user.pointerUp(60.2, 12);
    expect(user.commits).toEqual([{ kind: 'boxes', boxes: [{ x0: 10, y0: 10, x1: 60, y1: 14 }], selected: 0 }]);
  });

  it('draws over an existing box when Alt is held', () => {
    const user = drive();
    user.pointerDown(15, 15, { altKey: true });
    user.pointerMove(25, 25, { altKey: true });
    expect(user.state.name).toBe('drawing');
    user.pointerUp(25, 25);
    expect(user.commits).toEqual([{ kind: 'boxes', boxes: [existing, { x0: 15, y0: 15, x1: 25, y1: 25 }], selected: null }]);
  });

  it('starts the next box at once on a click in empty space while a box is selected, clearing the selection', () => {
    const user = drive(context({ selected: 0 }));
    user.pointerDown(100, 80);
    user.pointerUp(100, 80);
    expect(user.commits).toEqual([{ kind: 'select', selected: null }]);
    expect(user.state).toMatchObject({ name: 'placing', origin: { x: 100, y: 80 } });
    user.pointerMove(140, 95);
    user.pointerDown(140, 95);
    expect(user.commits[1]).toEqual({ kind: 'boxes', boxes: [existing, { x0: 100, y0: 80, x1: 140, y1: 95 }], selected: null });
  });

  it('draws at once from a press in empty space while a box is selected', () => {
    const user = drive(context({ selected: 0 }));
    user.pointerDown(100, 50);
    user.pointerMove(130, 70);
    user.pointerUp(130, 70);
    expect(user.commits).toEqual([{ kind: 'boxes', boxes: [existing, { x0: 100, y0: 50, x1: 130, y1: 70 }], selected: null }]);
  });

  it('puts the crosshair on the corner that follows the pointer', () => {
    const user = drive();
    user.pointerDown(50, 50);
    user.pointerMove(20, 80);
    expect(user.state.name).toBe('drawing');
    const { origin, preview } = user.state as Extract<BoxToolState, { name: 'drawing' }>;
    expect(movingCorner(origin, preview)).toEqual({ x: 20, y: 80 });
  });

  it('cancels any gesture on Escape without a commit', () => {
    const user = drive();
    user.pointerDown(50, 50);
    user.pointerMove(90, 90);
    user.cancel();
    user.pointerUp(90, 90);
    user.pointerDown(20, 20);
    user.pointerMove(40, 40);
    user.cancel();
    expect(user.state.name).toBe('idle');
    expect(user.commits).toEqual([]);
  });

  it('uses the drag threshold in screen pixels, so a small move at high zoom is still a drag', () => {
    const user = drive(context({ scale: 8 }));
    user.pointerDown(20, 20);
    user.pointerMove(20.5, 20);
    expect(user.state.name).toBe('translating');
  });

  describe('Shift+click proposes the box of the object under the pointer', () => {
    const found = (box: { x0: number; y0: number; x1: number; y1: number }) => ({ box, centroid: { x: 0, y: 0 }, area: 100 });
    const shiftClick = (user: ReturnType<typeof drive>, x: number, y: number) => {
      user.pointerDown(x, y, { shiftKey: true, findsRegions: true });
      user.pointerUp(x, y, { shiftKey: true, findsRegions: true });
    };

    it('adds the found box as one new box (unselected), in one commit', () => {
      const user = drive();
      shiftClick(user, 60, 40);
      expect(user.state).toEqual({ name: 'proposing', regionQuery: { seed: { x: 60, y: 40 } } });
      expect(user.commits).toEqual([]);
      user.regionFound(60, 40, found({ x0: 50, y0: 30, x1: 90, y1: 60 }));
      expect(user.state.name).toBe('idle');
      expect(user.commits).toEqual([{ kind: 'boxes', boxes: [existing, { x0: 50, y0: 30, x1: 90, y1: 60 }], selected: null }]);
    });

    it('keeps the found box inside the bounds', () => {
      const user = drive();
      shiftClick(user, 190, 40);
      user.regionFound(190, 40, found({ x0: 180, y0: 30, x1: 260, y1: 60 }));
      expect(user.commits).toEqual([{ kind: 'boxes', boxes: [existing, { x0: 180, y0: 30, x1: 200, y1: 60 }], selected: null }]);
    });

    it('starts click-then-click drawing at the click when no object is found', () => {
      const user = drive(context({ selected: 0 }));
      shiftClick(user, 60, 40);
      user.regionFound(60, 40, null);
      expect(user.state).toMatchObject({ name: 'placing', origin: { x: 60, y: 40 } });
      user.pointerDown(100, 70);
      expect(user.commits).toEqual([
        { kind: 'select', selected: null },
        { kind: 'boxes', boxes: [existing, { x0: 60, y0: 40, x1: 100, y1: 70 }], selected: null },
      ]);
    });

    it('proposes over an existing box instead of selecting it', () => {
      const user = drive();
      shiftClick(user, 20, 20);
      expect(user.state.name).toBe('proposing');
    });

    it('ignores an answer to an older click, and a new press replaces the wait', () => {
      const user = drive();
      shiftClick(user, 60, 40);
      user.regionFound(10, 10, found({ x0: 0, y0: 0, x1: 20, y1: 20 }));
      expect(user.state.name).toBe('proposing');
      user.pointerDown(100, 50);
      user.pointerMove(120, 70);
      user.regionFound(60, 40, found({ x0: 50, y0: 30, x1: 90, y1: 60 }));
      user.pointerUp(120, 70);
      expect(user.commits).toEqual([{ kind: 'boxes', boxes: [existing, { x0: 100, y0: 50, x1: 120, y1: 70 }], selected: null }]);
    });

    it('is a plain click where the canvas cannot find objects', () => {
      const user = drive();
      user.pointerDown(60, 40, { shiftKey: true });
      user.pointerUp(60, 40, { shiftKey: true });
      expect(user.state.name).toBe('placing');
    });
  });

  describe('Shift+drag draws a rough box that the object inside replaces', () => {
    const found = (box: { x0: number; y0: number; x1: number; y1: number }) => ({ box, centroid: { x: 0, y: 0 }, area: 100 });
    const shiftDrag = (user: ReturnType<typeof drive>, from: [number, number], to: [number, number]) => {
      const mods = { shiftKey: true, findsRegions: true };
      user.pointerDown(...from, mods);
      user.pointerMove(...to, mods);
      user.pointerUp(...to, mods);
    };
    const rough = { x0: 40, y0: 20, x1: 110, y1: 80 };

    it('asks for the object inside the drawn box and adds its box instead, in one commit', () => {
      const user = drive();
      shiftDrag(user, [40, 20], [110, 80]);
      expect(user.state).toEqual({ name: 'tightening', regionQuery: { inside: rough } });
      expect(user.commits).toEqual([]);
      user.regionInside(rough, found({ x0: 52, y0: 31, x1: 97, y1: 75 }));
      expect(user.state.name).toBe('idle');
      expect(user.commits).toEqual([{ kind: 'boxes', boxes: [existing, { x0: 52, y0: 31, x1: 97, y1: 75 }], selected: null }]);
    });

    it('keeps the drawn box when nothing is found inside, or when the next press comes first', () => {
      const user = drive();
      shiftDrag(user, [40, 20], [110, 80]);
      user.regionInside(rough, null);
      expect(user.commits).toEqual([{ kind: 'boxes', boxes: [existing, rough], selected: null }]);
      const hurried = drive();
      shiftDrag(hurried, [40, 20], [110, 80]);
      hurried.pointerDown(150, 50);
      hurried.regionInside(rough, found({ x0: 52, y0: 31, x1: 97, y1: 75 }));
      expect(hurried.commits).toEqual([{ kind: 'boxes', boxes: [existing, rough], selected: null }]);
      expect(hurried.state.name).toBe('pointing');
    });

    it('ignores an answer for another box; a plain drag is drawn as it is', () => {
      const user = drive();
      shiftDrag(user, [40, 20], [110, 80]);
      user.regionInside({ ...rough, x1: 111 }, found({ x0: 0, y0: 0, x1: 5, y1: 5 }));
      expect(user.state.name).toBe('tightening');
      const plain = drive();
      plain.pointerDown(40, 20);
      plain.pointerMove(110, 80);
      plain.pointerUp(110, 80);
      expect(plain.commits).toEqual([{ kind: 'boxes', boxes: [existing, rough], selected: null }]);
    });
  });
});
