// Routes pointer events to the tool of the annotation's type module.
import type { Annotation } from '../types/annotation';
import { moduleOf } from '../types/registry';
import type { ToolStateBase } from './type-module';
import type { Change, ToolEvent } from './tool-events';

/** The tool state of the type that owns it (its application type), or none for types without drawing. */
export type ActiveTool = { readonly tool: string; readonly state: ToolStateBase } | { readonly tool: 'none' };

export function idleTool(annotation: Annotation): ActiveTool {
  const tool = moduleOf(annotation).tool;
  return tool ? { tool: annotation.type, state: tool.idle } : { tool: 'none' };
}

export const isDrawing = (annotation: Annotation) => moduleOf(annotation).tool !== undefined;

/** One event through the annotation's tool; a tool state of another type starts over from idle. */
export function runTool(active: ActiveTool, event: ToolEvent, annotation: Annotation, scale: number): { active: ActiveTool; commit?: Change } {
  const tool = moduleOf(annotation).tool;
  if (!tool) return { active: { tool: 'none' } };
  const state = active.tool === annotation.type && 'state' in active ? active.state : tool.idle;
  const result = tool.reduce(state, event, annotation, scale);
  return { active: { tool: annotation.type, state: result.state }, commit: result.commit };
}

/** The box or point being dragged, which the marks layer leaves to the overlay until the gesture ends. */
export function draggedIndex(active: ActiveTool, annotation: Annotation): number | null {
  const tool = moduleOf(annotation).tool;
  return tool && 'state' in active && active.tool === annotation.type ? tool.dragged(active.state) : null;
}

/** A finished gesture's change; marks it adds get `newClass` (null: the type's first class). */
export function applyToolChange(annotation: Annotation, change: Change, newClass: string | null = null): Annotation {
  return (moduleOf(annotation).tool?.apply(annotation, change, newClass) as Annotation | undefined) ?? annotation;
}
