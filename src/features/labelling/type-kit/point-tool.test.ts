import { imagePoint } from '../geometry/types';
import type { PointToolContext } from './point-tool';
import { countMarkerTool, POINT_TOOL_IDLE, pointTool } from './point-tool';
import { driveTool } from './tool-test-driver';

const a = imagePoint(10, 10);
const b = imagePoint(50, 50);
const context: PointToolContext = {
  points: [a, b],
  selected: null,
  scale: 1,
  bounds: { x0: 0, y0: 0, x1: 100, y1: 60 },
  tolerancePx: 6,
  snapsToObjects: false,
};

describe('point tool', () => {
  it('places a point on a click, rounded to a pixel', () => {
    const user = driveTool(pointTool, POINT_TOOL_IDLE, context);
    user.pointerDown(70.6, 20.2);
    user.pointerUp(70.6, 20.2);
    expect(user.commits).toEqual([{ kind: 'points', points: [a, b, { x: 71, y: 20 }], selected: 2 }]);
  });

  it('drags a point, clamped to the bounds, with one commit', () => {
    const user = driveTool(pointTool, POINT_TOOL_IDLE, context);
    user.pointerDown(52, 49);
    user.pointerMove(60, 55);
    user.pointerMove(80, 90);
    expect(user.state).toEqual({ name: 'dragging', index: 1, preview: { x: 80, y: 60 } });
    user.pointerUp(80, 90);
    expect(user.commits).toEqual([{ kind: 'points', points: [a, { x: 80, y: 60 }], selected: 1 }]);
  });

  it('selects on click and deletes on Alt-click', () => {
    const user = driveTool(pointTool, POINT_TOOL_IDLE, context);
    user.pointerDown(10, 10);
    user.pointerUp(10, 10);
    user.pointerDown(10, 10, { altKey: true });
    user.pointerUp(10, 10);
    expect(user.commits).toEqual([
      { kind: 'select', selected: 0 },
      { kind: 'points', points: [b], selected: null },
    ]);
  });

  it('counts markers: a click on a marker removes it', () => {
    const user = driveTool(countMarkerTool, POINT_TOOL_IDLE, context);
    user.pointerDown(50, 50);
    user.pointerUp(50, 50);
    expect(user.commits).toEqual([{ kind: 'points', points: [a], selected: null }]);
  });

  it('cancels a drag on Escape', () => {
    const user = driveTool(pointTool, POINT_TOOL_IDLE, context);
    user.pointerDown(10, 10);
    user.pointerMove(30, 30);
    user.cancel();
    expect(user.state.name).toBe('idle');
    expect(user.commits).toEqual([]);
  });

  describe('a click on an object lands on its centre, where the module snaps', () => {
    const region = (x: number, y: number, area = 40) => ({ box: { x0: 0, y0: 0, x1: 1, y1: 1 }, centroid: { x, y }, area });
    /** A snapping tool whose context follows its commits, as the canvas's does. */
    const snappingUser = (tool = pointTool) => {
      const ctx = { ...context, snapsToObjects: true };
      const user = driveTool(tool, POINT_TOOL_IDLE, ctx);
      const click = (x: number, y: number, shiftKey = false) => {
        user.pointerDown(x, y, { findsRegions: true, shiftKey });
        user.pointerUp(x, y, { findsRegions: true, shiftKey });
        const last = user.commits.at(-1);
        if (last?.kind === 'points') Object.assign(ctx, { points: last.points });
      };
      return { user, click, ctx };
    };
    const placed = { kind: 'points', points: [a, b, { x: 71, y: 20 }], selected: 2 };

    it('places the point at once, then moves it to the object\'s centre in the same undo step', () => {
      const { user, click } = snappingUser();
      click(70.6, 20.2);
      expect(user.commits).toEqual([placed]);
      expect(user.state).toEqual({ name: 'snapping', regionQuery: { seed: { x: 71, y: 20 } }, index: 2 });
      user.regionFound(71, 20, region(74.4, 23.5));
      expect(user.commits).toEqual([placed, { kind: 'points', points: [a, b, { x: 74, y: 24 }], selected: 2, amendsLast: true }]);
      expect(user.state).toEqual(POINT_TOOL_IDLE);
    });

    it('stays on the clicked pixel when no object is found, or when the object is background', () => {
      const { user, click } = snappingUser();
      click(70, 20);
      user.regionFound(70, 20, null);
      click(80, 30);
      user.regionFound(80, 30, region(60, 40, 0.05 * 100 * 60 + 1));
      expect(user.commits.map((c) => c.kind === 'points' && c.points.at(-1))).toEqual([
        { x: 70, y: 20 },
        { x: 80, y: 30 },
      ]);
    });

    it('places exactly with Shift, and at once where the module does not snap', () => {
      for (const [ctx, shiftKey] of [[{ ...context, snapsToObjects: true }, true], [context, false]] as const) {
        const user = driveTool(pointTool, POINT_TOOL_IDLE, ctx);
        user.pointerDown(70, 20, { findsRegions: true, shiftKey });
        user.pointerUp(70, 20, { findsRegions: true, shiftKey });
        expect(user.commits).toEqual([{ kind: 'points', points: [a, b, { x: 70, y: 20 }], selected: 2 }]);
        expect(user.state).toEqual(POINT_TOOL_IDLE);
      }
    });

    it('keeps the clicked point when the next press comes before the object, and goes on with that press', () => {
      const { user, click } = snappingUser();
      click(70, 20);
      user.pointerDown(70, 20);
      expect(user.state).toMatchObject({ name: 'pointingPoint', index: 2 });
      user.regionFound(70, 20, region(74, 24));
      expect(user.commits).toEqual([{ kind: 'points', points: [a, b, { x: 70, y: 20 }], selected: 2 }]);
    });

    it('leaves a point the labeller removed before the object was found', () => {
      const { user, click, ctx } = snappingUser();
      click(70, 20);
      Object.assign(ctx, { points: [a, b] });
      user.regionFound(70, 20, region(74, 24));
      expect(user.commits).toHaveLength(1);
    });

    it('snaps count markers too', () => {
      const { user, click } = snappingUser(countMarkerTool);
      click(30, 30);
      user.regionFound(30, 30, region(33, 28));
      expect(user.commits.at(-1)).toEqual({ kind: 'points', points: [a, b, { x: 33, y: 28 }], selected: 2, amendsLast: true });
    });
  });

  it('draws an exemplar box on a drag from empty space where the module takes exemplars, and places nothing', () => {
    const user = driveTool(countMarkerTool, POINT_TOOL_IDLE, { ...context, framesExemplars: true });
    user.pointerDown(60.4, 5);
    user.pointerMove(70, 20);
    expect(user.state).toEqual({ name: 'framing', origin: { x: 60.4, y: 5 }, preview: { x0: 60, y0: 5, x1: 70, y1: 20 } });
    user.pointerMove(95, 80);
    user.pointerUp(95, 80);
    expect(user.commits).toEqual([{ kind: 'exemplar', box: { x0: 60, y0: 5, x1: 95, y1: 60 } }]);
  });

  it('draws no exemplar smaller than the contract takes, and no box where the module takes none', () => {
    const small = driveTool(pointTool, POINT_TOOL_IDLE, { ...context, scale: 4, framesExemplars: true });
    small.pointerDown(70, 20);
    small.pointerMove(72, 21);
    small.pointerUp(72, 21);
    expect(small.commits).toEqual([]);
    const none = driveTool(pointTool, POINT_TOOL_IDLE, context);
    none.pointerDown(70, 20);
    none.pointerMove(90, 40);
    none.pointerUp(90, 40);
    expect(none.commits).toEqual([{ kind: 'points', points: [a, b, { x: 70, y: 20 }], selected: 2 }]);
  });
});
