import { clampPoint } from '../geometry/box';
import { hitTestPoints, probe } from '../geometry/hit-test';
import type { ImagePoint } from '../geometry/types';
import { imagePoint } from '../geometry/types';
import type { Change, ToolContext, ToolEvent, Transition } from './types';
import { isDrag, replaceAt } from './types';

export type PointToolState =
  | { readonly name: 'idle' }
  | { readonly name: 'pointingEmpty'; readonly origin: ImagePoint }
  | { readonly name: 'pointingPoint'; readonly index: number; readonly origin: ImagePoint; readonly remove: boolean }
  | { readonly name: 'dragging'; readonly index: number; readonly preview: ImagePoint };

export interface PointToolContext extends ToolContext {
  readonly points: readonly ImagePoint[];
  readonly selected: number | null;
}

export const POINT_TOOL_IDLE: PointToolState = { name: 'idle' };

interface ClickBehaviour {
  /** Whether a plain click on an existing point removes it (markers) instead of selecting it (points). */
  readonly clickRemoves: boolean;
}

const wholePixel = (point: ImagePoint, ctx: ToolContext) =>
  clampPoint(imagePoint(Math.round(point.x), Math.round(point.y)), ctx.bounds);

const idle = (commit?: Change): Transition<PointToolState> => ({ state: POINT_TOOL_IDLE, commit });

function reduce(
  state: PointToolState,
  event: ToolEvent,
  ctx: PointToolContext,
  { clickRemoves }: ClickBehaviour,
): Transition<PointToolState> {
  if (event.type === 'cancel') return idle();
  const { point } = event;
  switch (state.name) {
    case 'idle': {
      if (event.type !== 'pointerDown') return { state };
      const index = hitTestPoints(ctx.points, probe(point, ctx.scale, ctx.tolerancePx));
      if (index === null) return { state: { name: 'pointingEmpty', origin: point } };
      // Alt-click removes a point with either tool.
      return { state: { name: 'pointingPoint', index, origin: point, remove: clickRemoves || (event.altKey ?? false) } };
    }

    case 'pointingEmpty': {
      if (event.type !== 'pointerUp') return { state };
      const points = [...ctx.points, wholePixel(state.origin, ctx)];
      return idle({ kind: 'points', points, selected: points.length - 1 });
    }

    case 'pointingPoint': {
      if (event.type === 'pointerMove' && isDrag(state.origin, point, ctx.scale)) {
        return { state: { name: 'dragging', index: state.index, preview: wholePixel(point, ctx) } };
      }
      if (event.type !== 'pointerUp') return { state };
      if (!state.remove) return idle({ kind: 'select', selected: state.index });
      return idle({ kind: 'points', points: ctx.points.filter((_, i) => i !== state.index), selected: null });
    }

    case 'dragging': {
      const preview = wholePixel(point, ctx);
      if (event.type !== 'pointerUp') return { state: { ...state, preview } };
      return idle({ kind: 'points', points: replaceAt(ctx.points, state.index, preview), selected: state.index });
    }
  }
}

/** Points (the `point` type): click places, drag moves, click selects, Alt-click removes. */
export const pointTool = (state: PointToolState, event: ToolEvent, ctx: PointToolContext) =>
  reduce(state, event, ctx, { clickRemoves: false });

/** Count markers (`static_count`): the same gestures, except that a click on a marker removes it. */
export const countMarkerTool = (state: PointToolState, event: ToolEvent, ctx: PointToolContext) =>
  reduce(state, event, ctx, { clickRemoves: true });
