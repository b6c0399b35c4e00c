// Routes pointer events to the tool of the annotation's type module.
import type { AnyTypeModule, Annotation, ToolStateBase } from './type-module';
import type { Change, ToolEvent } from './tool-events';

/** The tool state of the type that owns it (its application type), or none for types without drawing. */
export type ActiveTool = { readonly tool: string; readonly state: ToolStateBase } | { readonly tool: 'none' };

export function idleTool(module: AnyTypeModule): ActiveTool {
  return module.tool ? { tool: module.type, state: module.tool.idle } : { tool: 'none' };
}

/** One event through the module's tool; a tool state of another type starts over from idle. */
export function runTool(module: AnyTypeModule, active: ActiveTool, event: ToolEvent, annotation: Annotation, scale: number): { active: ActiveTool; commit?: Change } {
  const tool = module.tool;
  if (!tool) return { active: { tool: 'none' } };
  const state = active.tool === module.type && 'state' in active ? active.state : tool.idle;
  const result = tool.reduce(state, event, annotation, scale);
  return { active: { tool: module.type, state: result.state }, commit: result.commit };
}

/** The box or point being dragged, which the marks layer leaves to the overlay until the gesture ends. */
export function draggedIndex(module: AnyTypeModule, active: ActiveTool): number | null {
  return module.tool && 'state' in active && active.tool === module.type ? module.tool.dragged(active.state) : null;
}

/** A finished gesture's change; marks it adds get `newClass` (null: the type's first class). */
export function applyToolChange(module: AnyTypeModule, annotation: Annotation, change: Change, newClass: string | null = null): Annotation {
  return module.tool?.apply(annotation, change, newClass) ?? annotation;
}
