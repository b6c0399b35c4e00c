import { boxFromCorners, clampPoint, intersectBoxes, resizeBox, roundBox, translateBox, withMinSize } from '../../geometry/box';
import { hitTestBoxes, probe } from '../../geometry/hit-test';
import type { Box, Handle, ImagePoint } from '../../geometry/types';
import type { Change, RegionFoundEvent, ToolContext, ToolEvent, ToolPointerEvent, Transition } from '../../contract/tool-events';
import { answers, isDrag, replaceAt } from '../../contract/tool-events';

export type BoxToolState =
  | { readonly name: 'idle' }
  /**
   * Pressed on empty space (or anywhere with Alt or Shift): a drag draws; a click starts click-then-click placing.
   * With Shift (`proposes`) the canvas finds the object: under a click, or inside the drawn box.
   */
  | { readonly name: 'pointing'; readonly origin: ImagePoint; readonly proposes: boolean }
  /** Shift-clicked: the canvas looks for the object around the seed; its box is added, or placing starts there. */
  | { readonly name: 'proposing'; readonly regionQuery: { readonly seed: ImagePoint } }
  /** `tightens`: drawn with Shift, the box is a rough one that the object inside it will replace. */
  | { readonly name: 'drawing'; readonly origin: ImagePoint; readonly preview: Box; readonly tightens?: boolean }
  /** Drawn with Shift: the canvas looks for the object inside the box; its box is added, or else the drawn one. */
  | { readonly name: 'tightening'; readonly regionQuery: { readonly inside: Box } }
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

/** A new box is left unselected, as in the peers: a class key pressed next picks the class of the next box, not its. */
function addBox(box: Box, ctx: BoxToolContext): Change {
  const finished = roundBox(withMinSize(box, ctx.minSize, ctx.bounds));
  return { kind: 'boxes', boxes: [...ctx.boxes, finished], selected: null };
}

function replaceBox(index: number, box: Box, ctx: BoxToolContext): Change {
  const before = ctx.boxes[index];
  const unchanged = before && (['x0', 'y0', 'x1', 'y1'] as const).every((key) => before[key] === box[key]);
  if (unchanged) return { kind: 'select', selected: index };
  return { kind: 'boxes', boxes: replaceAt(ctx.boxes, index, box), selected: index };
}

/** The corner of a drawn box that follows the pointer: where the crosshair guides cross. */
export const movingCorner = (origin: ImagePoint, preview: Box) => ({
  x: preview.x0 === origin.x ? preview.x1 : preview.x0,
  y: preview.y0 === origin.y ? preview.y1 : preview.y0,
});

const placingFrom = (origin: ImagePoint): BoxToolState => ({ name: 'placing', origin, preview: boxFromCorners(origin, origin) });

/** Clears the selection without an undo step; nothing when there is none. */
const deselectOf = (ctx: BoxToolContext): Change | undefined => (ctx.selected === null ? undefined : { kind: 'select', selected: null });

/** The found object's box, inside the bounds, as a new box: the labeller adjusts it like any other. */
function addProposal(region: Box, ctx: BoxToolContext): Change | undefined {
  const box = intersectBoxes(region, ctx.bounds);
  return box ? addBox(box, ctx) : undefined;
}

function pointerDown(event: ToolPointerEvent, ctx: BoxToolContext): Transition<BoxToolState> {
  const { point } = event;
  const origin = clampPoint(point, ctx.bounds);
  const proposes = (event.shiftKey ?? false) && (event.findsRegions ?? false);
  // Alt forces drawing, so that a box can be drawn over (or inside) another one; Shift proposes over one too.
  const overBoxes = (event.altKey ?? false) || proposes;
  const hit = overBoxes ? null : hitTestBoxes(ctx.boxes, ctx.selected, probe(point, ctx.scale, ctx.tolerancePx));
  const box = hit && ctx.boxes[hit.index];
  if (!hit || !box) return { state: { name: 'pointing', origin, proposes } };
  if (hit.kind === 'handle') return { state: { name: 'resizing', index: hit.index, handle: hit.handle, preview: box } };
  return { state: { name: 'pointingBox', index: hit.index, origin: point } };
}

/** The object found for the click or the drawn box the tool awaits: its box is added, else the fallback. */
function regionFound(state: BoxToolState, event: RegionFoundEvent, ctx: BoxToolContext): Transition<BoxToolState> {
  if (state.name === 'proposing' && answers(event, state.regionQuery)) {
    if (!event.region) return { state: placingFrom(state.regionQuery.seed), commit: deselectOf(ctx) };
    return idle(addProposal(event.region.box, ctx));
  }
  if (state.name === 'tightening' && answers(event, state.regionQuery)) {
    return idle((event.region && addProposal(event.region.box, ctx)) ?? addBox(state.regionQuery.inside, ctx));
  }
  return { state };
}

/** The box tool's reducer: one committed change per finished gesture, none while the pointer moves. */
export function boxTool(state: BoxToolState, event: ToolEvent, ctx: BoxToolContext): Transition<BoxToolState> {
  if (event.type === 'cancel') return idle();
  if (event.type === 'regionFound') return regionFound(state, event, ctx);
  const { point } = event;
  switch (state.name) {
    case 'idle':
      return event.type === 'pointerDown' ? pointerDown(event, ctx) : { state };

    case 'pointing': {
      if (event.type === 'pointerMove' && isDrag(state.origin, point, ctx.scale)) {
        const preview = boxFromCorners(state.origin, clampPoint(point, ctx.bounds));
        return { state: { name: 'drawing', origin: state.origin, preview, ...(state.proposes && { tightens: true }) } };
      }
      if (event.type !== 'pointerUp') return { state };
      if (state.proposes) return { state: { name: 'proposing', regionQuery: { seed: state.origin } } };
      // A click with a box selected starts the next box at once; the selection goes (without an undo step).
      return { state: placingFrom(state.origin), commit: deselectOf(ctx) };
    }

    case 'proposing':
      return event.type === 'pointerDown' ? pointerDown(event, ctx) : { state };

    case 'tightening': {
      if (event.type !== 'pointerDown') return { state };
      // The next press came first: the drawn box stays as it was drawn, and the press goes on from there.
      const drawn = state.regionQuery.inside;
      const commit = addBox(drawn, ctx);
      return { ...pointerDown(event, { ...ctx, boxes: [...ctx.boxes, drawn], selected: null }), commit };
    }

    case 'drawing':
    case 'placing': {
      const preview = boxFromCorners(state.origin, clampPoint(point, ctx.bounds));
      const finishes = state.name === 'drawing' ? 'pointerUp' : 'pointerDown';
      if (event.type !== finishes) return { state: { ...state, preview } };
      if (state.name === 'drawing' && state.tightens) return { state: { name: 'tightening', regionQuery: { inside: roundBox(withMinSize(preview, ctx.minSize, ctx.bounds)) } } };
      return idle(addBox(preview, ctx));
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
