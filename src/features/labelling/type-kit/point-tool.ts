import { EXEMPLARS } from '../../../api/limits';
import { boxFromCorners, clampPoint } from '../geometry/box';
import { hitTestPoints, probe } from '../geometry/hit-test';
import type { Box, ImagePoint } from '../geometry/types';
import { imagePoint } from '../geometry/types';
import type { Change, RegionFoundEvent, ToolContext, ToolEvent, ToolPointerEvent, Transition } from '../contract/tool-events';
import { answers, isDrag, replaceAt } from '../contract/tool-events';

export type PointToolState =
  | { readonly name: 'idle' }
  /** Pressed on empty space; `snaps` when the click should land on the centre of the object under it. */
  | { readonly name: 'pointingEmpty'; readonly origin: ImagePoint; readonly snaps: boolean }
  /**
   * Clicked: the point is placed on the seed at once (point `index`), and the canvas looks for the object around it;
   * the point then moves to the object's centre, or stays.
   */
  | { readonly name: 'snapping'; readonly regionQuery: { readonly seed: ImagePoint }; readonly index: number }
  | { readonly name: 'pointingPoint'; readonly index: number; readonly origin: ImagePoint; readonly remove: boolean }
  | { readonly name: 'dragging'; readonly index: number; readonly preview: ImagePoint }
  /** Dragging from empty space draws a box around one object: an exemplar for "Find more like these". */
  | { readonly name: 'framing'; readonly origin: ImagePoint; readonly preview: Box };

export interface PointToolContext extends ToolContext {
  readonly points: readonly ImagePoint[];
  readonly selected: number | null;
  /** The module's choice: a click places on the centre of the object under it (Shift places exactly). */
  readonly snapsToObjects: boolean;
  /** The module's choice: a drag from empty space draws an exemplar box (else the press places a point where it began). */
  readonly framesExemplars?: boolean;
}

/** A found object larger than this share of the bounds is background: the point stays where it was clicked. */
const SNAP_MAX_AREA_FRACTION = 0.05;

export const POINT_TOOL_IDLE: PointToolState = { name: 'idle' };

interface ClickBehaviour {
  /** Whether a plain click on an existing point removes it (markers) instead of selecting it (points). */
  readonly clickRemoves: boolean;
}

const wholePixel = (point: ImagePoint, ctx: ToolContext) =>
  clampPoint(imagePoint(Math.round(point.x), Math.round(point.y)), ctx.bounds);

const idle = (commit?: Change): Transition<PointToolState> => ({ state: POINT_TOOL_IDLE, commit });

const addPoint = (point: ImagePoint, ctx: PointToolContext): Change => {
  const points = [...ctx.points, point];
  return { kind: 'points', points, selected: points.length - 1 };
};

/** Where a snapping click lands: the object's centre, or the clicked pixel when the object is background. */
function snapped(seed: ImagePoint, event: RegionFoundEvent, ctx: PointToolContext): ImagePoint {
  const { bounds } = ctx;
  const boundsArea = (bounds.x1 - bounds.x0) * (bounds.y1 - bounds.y0);
  const centre = event.region && event.region.area <= boundsArea * SNAP_MAX_AREA_FRACTION ? event.region.centroid : seed;
  return wholePixel(imagePoint(centre.x, centre.y), ctx);
}

/** The point a snapping click placed, moved to the object found; nothing when the labeller moved or removed it since. */
function movedToObject(state: Extract<PointToolState, { name: 'snapping' }>, event: RegionFoundEvent, ctx: PointToolContext): Change | undefined {
  const { seed } = state.regionQuery;
  const placed = ctx.points[state.index];
  if (!placed || placed.x !== seed.x || placed.y !== seed.y) return undefined;
  const centre = snapped(seed, event, ctx);
  if (centre.x === seed.x && centre.y === seed.y) return undefined;
  return { kind: 'points', points: replaceAt(ctx.points, state.index, centre), selected: state.index, amendsLast: true };
}

function pointerDown(event: ToolPointerEvent, ctx: PointToolContext, { clickRemoves }: ClickBehaviour): Transition<PointToolState> {
  const { point } = event;
  const index = hitTestPoints(ctx.points, probe(point, ctx.scale, ctx.tolerancePx));
  if (index === null) {
    const snaps = ctx.snapsToObjects && (event.findsRegions ?? false) && !event.shiftKey;
    return { state: { name: 'pointingEmpty', origin: point, snaps } };
  }
  // Alt-click removes a point with either tool.
  return { state: { name: 'pointingPoint', index, origin: point, remove: clickRemoves || (event.altKey ?? false) } };
}

/** The box between the press and the pointer, in whole pixels inside the bounds. */
const framed = (origin: ImagePoint, point: ImagePoint, ctx: ToolContext): Box => boxFromCorners(wholePixel(origin, ctx), wholePixel(point, ctx));

function reduce(
  state: PointToolState,
  event: ToolEvent,
  ctx: PointToolContext,
  behaviour: ClickBehaviour,
): Transition<PointToolState> {
  if (event.type === 'cancel') return idle();
  if (event.type === 'regionFound') {
    if (state.name !== 'snapping' || !answers(event, state.regionQuery)) return { state };
    return idle(movedToObject(state, event, ctx));
  }
  const { point } = event;
  switch (state.name) {
    case 'idle':
      return event.type === 'pointerDown' ? pointerDown(event, ctx, behaviour) : { state };

    case 'pointingEmpty': {
      if (event.type === 'pointerMove' && ctx.framesExemplars && isDrag(state.origin, point, ctx.scale)) {
        return { state: { name: 'framing', origin: state.origin, preview: framed(state.origin, point, ctx) } };
      }
      if (event.type !== 'pointerUp') return { state };
      const seed = wholePixel(state.origin, ctx);
      if (!state.snaps) return idle(addPoint(seed, ctx));
      return { state: { name: 'snapping', regionQuery: { seed }, index: ctx.points.length }, commit: addPoint(seed, ctx) };
    }

    case 'snapping':
      // The next press came before the object: the point stays where it was clicked, and the press goes on.
      return event.type === 'pointerDown' ? pointerDown(event, ctx, behaviour) : { state };

    case 'pointingPoint': {
      if (event.type === 'pointerMove' && isDrag(state.origin, point, ctx.scale)) {
        return { state: { name: 'dragging', index: state.index, preview: wholePixel(point, ctx) } };
      }
      if (event.type !== 'pointerUp') return { state };
      if (!state.remove) return idle({ kind: 'select', selected: state.index });
      return idle({ kind: 'points', points: ctx.points.filter((_, i) => i !== state.index), selected: null });
    }

    case 'framing': {
      const preview = framed(state.origin, point, ctx);
      if (event.type !== 'pointerUp') return { state: { ...state, preview } };
      const big = preview.x1 - preview.x0 >= EXEMPLARS.minSide && preview.y1 - preview.y0 >= EXEMPLARS.minSide;
      return idle(big ? { kind: 'exemplar', box: preview } : undefined);
    }

    case 'dragging': {
      const preview = wholePixel(point, ctx);
      if (event.type !== 'pointerUp') return { state: { ...state, preview } };
      return idle({ kind: 'points', points: replaceAt(ctx.points, state.index, preview), selected: state.index });
    }
  }
}

/** Points (the `point` type): click places (on the object's centre where the module snaps), drag moves, click selects, Alt-click removes. */
export const pointTool = (state: PointToolState, event: ToolEvent, ctx: PointToolContext) =>
  reduce(state, event, ctx, { clickRemoves: false });

/** Count markers (`static_count`): the same gestures, except that a click on a marker removes it. */
export const countMarkerTool = (state: PointToolState, event: ToolEvent, ctx: PointToolContext) =>
  reduce(state, event, ctx, { clickRemoves: true });
