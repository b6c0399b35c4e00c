// Routes pointer events to the tool that edits the current annotation type.
import type { Annotation } from '../annotation/types';
import type { BoxToolState } from '../tools/box-tool';
import { BOX_TOOL_IDLE, boxTool } from '../tools/box-tool';
import type { OffsetLineToolState } from '../tools/offset-line-tool';
import { OFFSET_LINE_TOOL_IDLE, offsetLineTool } from '../tools/offset-line-tool';
import type { PointToolState } from '../tools/point-tool';
import { POINT_TOOL_IDLE, countMarkerTool, pointTool } from '../tools/point-tool';
import type { Change, ToolEvent } from '../tools/types';

export type ActiveTool =
  | { readonly tool: 'box'; readonly state: BoxToolState }
  | { readonly tool: 'point'; readonly state: PointToolState }
  | { readonly tool: 'offset'; readonly state: OffsetLineToolState }
  | { readonly tool: 'none' };

export const TOLERANCE_PX = 6;
export const MIN_BOX_SIZE = 4;

export function idleTool(annotation: Annotation): ActiveTool {
  switch (annotation.type) {
    case 'box_detection':
      return { tool: 'box', state: BOX_TOOL_IDLE };
    case 'point':
    case 'static_count':
      return { tool: 'point', state: POINT_TOOL_IDLE };
    case 'offset_x':
    case 'offset_y':
      return { tool: 'offset', state: OFFSET_LINE_TOOL_IDLE };
    default:
      return { tool: 'none' };
  }
}

export const isDrawing = (annotation: Annotation) => idleTool(annotation).tool !== 'none';

/** One event through the annotation's tool; a tool that does not fit the annotation starts over from idle. */
export function runTool(active: ActiveTool, event: ToolEvent, annotation: Annotation, scale: number): { active: ActiveTool; commit?: Change } {
  const fresh = idleTool(annotation);
  const current = active.tool === fresh.tool ? active : fresh;
  const base = { scale, tolerancePx: TOLERANCE_PX };
  if (current.tool === 'box' && annotation.type === 'box_detection') {
    const result = boxTool(current.state, event, { ...base, ...annotation, minSize: MIN_BOX_SIZE });
    return { active: { tool: 'box', state: result.state }, commit: result.commit };
  }
  if (current.tool === 'point' && (annotation.type === 'point' || annotation.type === 'static_count')) {
    const result =
      annotation.type === 'point'
        ? pointTool(current.state, event, { ...base, ...annotation })
        : countMarkerTool(current.state, event, { ...base, bounds: annotation.bounds, points: annotation.markers, selected: null });
    return { active: { tool: 'point', state: result.state }, commit: result.commit };
  }
  if (current.tool === 'offset' && (annotation.type === 'offset_x' || annotation.type === 'offset_y')) {
    const axis = annotation.type === 'offset_x' ? 'x' : 'y';
    const result = offsetLineTool(current.state, event, { ...base, bounds: annotation.bounds, axis, offset: annotation.offset });
    return { active: { tool: 'offset', state: result.state }, commit: result.commit };
  }
  return { active: current };
}

/** The box or point being dragged, which the marks layer leaves to the overlay until the gesture ends. */
export function draggedIndex(active: ActiveTool): number | null {
  if (active.tool === 'box' && (active.state.name === 'translating' || active.state.name === 'resizing')) return active.state.index;
  if (active.tool === 'point' && active.state.name === 'dragging') return active.state.index;
  return null;
}
