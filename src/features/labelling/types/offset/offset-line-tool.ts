import type { Axis } from '../../geometry/hit-test';
import { hitTestLine, probe } from '../../geometry/hit-test';
import type { ToolContext, ToolEvent, Transition } from '../../contract/tool-events';

export type OffsetLineToolState =
  | { readonly name: 'idle' }
  /** `grab` keeps the line where it was relative to the pointer when it was picked up off-centre. */
  | { readonly name: 'dragging'; readonly grab: number; readonly preview: number };

export interface OffsetLineToolContext extends ToolContext {
  readonly axis: Axis;
  readonly offset: number | null;
}

export const OFFSET_LINE_TOOL_IDLE: OffsetLineToolState = { name: 'idle' };

function clampToBounds(value: number, { axis, bounds }: OffsetLineToolContext): number {
  const [min, max] = axis === 'x' ? [bounds.x0, bounds.x1] : [bounds.y0, bounds.y1];
  return Math.min(max, Math.max(min, Math.round(value)));
}

/** Press on the line to drag it, or anywhere else to move it there and keep dragging. */
export function offsetLineTool(
  state: OffsetLineToolState,
  event: ToolEvent,
  ctx: OffsetLineToolContext,
): Transition<OffsetLineToolState> {
  if (event.type === 'cancel') return { state: OFFSET_LINE_TOOL_IDLE };
  if (event.type === 'regionFound') return { state };
  const at = event.point[ctx.axis];
  if (state.name === 'idle') {
    if (event.type !== 'pointerDown') return { state };
    const onLine = ctx.offset !== null && hitTestLine(ctx.offset, ctx.axis, probe(event.point, ctx.scale, ctx.tolerancePx));
    const grab = onLine && ctx.offset !== null ? ctx.offset - at : 0;
    return { state: { name: 'dragging', grab, preview: clampToBounds(at + grab, ctx) } };
  }
  const preview = clampToBounds(at + state.grab, ctx);
  if (event.type === 'pointerUp') return { state: OFFSET_LINE_TOOL_IDLE, commit: { kind: 'offset', offset: preview } };
  return { state: { ...state, preview } };
}
