import type { OffsetLineToolContext } from './offset-line-tool';
import { OFFSET_LINE_TOOL_IDLE, offsetLineTool } from './offset-line-tool';
import { driveTool } from '../../type-kit/tool-test-driver';

const context: OffsetLineToolContext = {
  axis: 'x',
  offset: 40,
  scale: 2,
  bounds: { x0: 0, y0: 0, x1: 120, y1: 80 },
  tolerancePx: 6,
};

describe('offset line tool', () => {
  it('drags the line from where it was grabbed and commits once, whole pixels', () => {
    const user = driveTool(offsetLineTool, OFFSET_LINE_TOOL_IDLE, context);
    user.pointerDown(42, 70);
    expect(user.state).toEqual({ name: 'dragging', grab: -2, preview: 40 });
    user.pointerMove(60.4, 10);
    user.pointerMove(70.4, 10);
    user.pointerUp(70.4, 10);
    expect(user.commits).toEqual([{ kind: 'offset', offset: 68 }]);
  });

  it('moves the line to a click away from it, within the media', () => {
    const user = driveTool(offsetLineTool, OFFSET_LINE_TOOL_IDLE, { ...context, axis: 'y', offset: null });
    user.pointerDown(5, 500);
    user.pointerUp(5, 500);
    expect(user.commits).toEqual([{ kind: 'offset', offset: 80 }]);
  });

  it('cancels on Escape', () => {
    const user = driveTool(offsetLineTool, OFFSET_LINE_TOOL_IDLE, context);
    user.pointerDown(10, 10);
    user.cancel();
    user.pointerUp(10, 10);
    expect(user.commits).toEqual([]);
  });
});
