import { boxFromCorners, clampPoint, resizeBox, roundBox, translateBox, withMinSize } from '../geometry/box';
import { hitTestBoxes, probe } from '../geometry/hit-test';
import type { Box, Handle, ImagePoint } from '../geometry/types';
import type { Change, ToolContext, ToolEvent, Transition } from './types';
import { isDrag, replaceAt } from './types';

export type BoxToolState =
  | { readonly name: 'idle' }
  /** Pressed on empty space: a drag draws, a click starts click-then-click placing (or clears the selection). */
  | { readonly name: 'pointing'; readonly origin: ImagePoint }
  | { readonly name: 'drawing'; readonly origin: ImagePoint; readonly preview: Box }
  /** First corner placed by a click; the next press places the opposite corner. */
  | { readonly name: 'placing'; readonly origin: ImagePoint; readonly preview: Box }
  | { readonly name: 'pointingBox'; readonly index: number; readonly origin: ImagePoint }
  | { readonly name: 'translating'; readonly index: number; readonly origin: ImagePoint; readonly preview: Box }
  | { readonly name: 'resizing'; readonly index: number; readonly handle: Handle; readonly preview: Box };

export interface BoxToolContext extends ToolContext {
  readonly boxes: readonly Box[];
  readonly selected: number | null;
  readonly minSize: number;
}

export const BOX_TOOL_IDLE: BoxToolState = { name: 'idle' };

const idle = (commit?: Change): Transition<BoxToolState> => ({ state: BOX_TOOL_IDLE, commit });

function addBox(box: Box, ctx: BoxToolContext): Change {
  const finished = roundBox(withMinSize(box, ctx.minSize, ctx.bounds));
  return { kind: 'boxes', boxes: [...ctx.boxes, finished], selected: ctx.boxes.length };
}

function replaceBox(index: number, box: Box, ctx: BoxToolContext): Change {
  const before = ctx.boxes[index];
  const unchanged = before && (['x0', 'y0', 'x1', 'y1'] as const).every((key) => before[key] === box[key]);
  if (unchanged) return { kind: 'select', selected: index };
  return { kind: 'boxes', boxes: replaceAt(ctx.boxes, index, box), selected: index };
}

function pointerDown(point: ImagePoint, altKey: boolean, ctx: BoxToolContext): Transition<BoxToolState> {
  const origin = clampPoint(point, ctx.bounds);
  // Alt forces drawing, so that a box can be drawn over (or inside) another one.
  const hit = altKey ? null : hitTestBoxes(ctx.boxes, ctx.selected, probe(point, ctx.scale, ctx.tolerancePx));
  const box = hit && ctx.boxes[hit.index];
  if (!hit || !box) return { state: { name: 'pointing', origin } };
  if (hit.kind === 'handle') return { state: { name: 'resizing', index: hit.index, handle: hit.handle, preview: box } };
  return { state: { name: 'pointingBox', index: hit.index, origin: point } };
}

/** The box tool's reducer: one committed change per finished gesture, none while the pointer moves. */
export function boxTool(state: BoxToolState, event: ToolEvent, ctx: BoxToolContext): Transition<BoxToolState> {
  if (event.type === 'cancel') return idle();
  const { point } = event;
  switch (state.name) {
    case 'idle':
      return event.type === 'pointerDown' ? pointerDown(point, event.altKey ?? false, ctx) : { state };

    case 'pointing': {
      if (event.type === 'pointerMove' && isDrag(state.origin, point, ctx.scale)) {
        const preview = boxFromCorners(state.origin, clampPoint(point, ctx.bounds));
        return { state: { name: 'drawing', origin: state.origin, preview } };
      }
      if (event.type !== 'pointerUp') return { state };
      if (ctx.selected !== null) return idle({ kind: 'select', selected: null });
      return { state: { name: 'placing', origin: state.origin, preview: boxFromCorners(state.origin, state.origin) } };
    }

    case 'drawing':
    case 'placing': {
      const preview = boxFromCorners(state.origin, clampPoint(point, ctx.bounds));
      const finishes = state.name === 'drawing' ? 'pointerUp' : 'pointerDown';
      if (event.type === finishes) return idle(addBox(preview, ctx));
      return { state: { ...state, preview } };
    }

    case 'pointingBox':
    case 'translating': {
      if (state.name === 'pointingBox') {
        if (event.type === 'pointerUp') return idle({ kind: 'select', selected: state.index });
        if (!isDrag(state.origin, point, ctx.scale)) return { state };
      }
      const start = ctx.boxes[state.index];
      if (!start) return idle();
      const delta = { x: Math.round(point.x - state.origin.x), y: Math.round(point.y - state.origin.y) };
      const preview = translateBox(start, delta, ctx.bounds);
      if (event.type === 'pointerUp') return idle(replaceBox(state.index, preview, ctx));
      return { state: { name: 'translating', index: state.index, origin: state.origin, preview } };
    }

    case 'resizing': {
      const start = ctx.boxes[state.index];
      if (!start) return idle();
      const preview = resizeBox(start, state.handle, point, ctx.bounds, ctx.minSize);
      if (event.type === 'pointerUp') return idle(replaceBox(state.index, roundBox(preview), ctx));
      return { state: { ...state, preview } };
    }
  }
}
