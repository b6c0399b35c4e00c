import { imagePoint } from '../geometry/types';
import type { PointToolContext } from './point-tool';
import { countMarkerTool, POINT_TOOL_IDLE, pointTool } from './point-tool';
import { driveTool } from './test-driver';

const a = imagePoint(10, 10);
const b = imagePoint(50, 50);
const context: PointToolContext = {
  points: [a, b],
  selected: null,
  scale: 1,
  bounds: { x0: 0, y0: 0, x1: 100, y1: 60 },
  tolerancePx: 6,
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
});
