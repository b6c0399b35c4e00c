import type { Region } from './region';
import type { Box, ImagePoint } from '../geometry/types';

/** A pointer event already converted to image pixels by the canvas, with its modifier keys. */
export interface ToolPointerEvent {
  readonly type: 'pointerDown' | 'pointerMove' | 'pointerUp';
  readonly point: ImagePoint;
  readonly shiftKey?: boolean;
  readonly altKey?: boolean;
  readonly modKey?: boolean;
  /** The canvas can find the object under a click (it has the displayed image's pixels): see `click-to-box/`. */
  readonly findsRegions?: boolean;
}

/** What a tool asks the canvas to find: the object around a click, or the object inside a roughly drawn box. */
export type RegionQuery = { readonly seed: ImagePoint } | { readonly inside: Box };

/** The object the canvas found (in image pixels) for the query a tool awaits; null when there is none. */
export interface RegionFoundEvent {
  readonly type: 'regionFound';
  /** The awaited query, as the tool's state gave it (`regionQuery`). */
  readonly query: RegionQuery;
  readonly region: Region | null;
}

/** `cancel` is Escape (or a lost pointer capture): the gesture ends without a change. */
export type ToolEvent = ToolPointerEvent | RegionFoundEvent | { readonly type: 'cancel' };

/** A tool state that awaits an object carries its query as `regionQuery`: the canvas answers it. */
export const awaitedRegionQuery = (state: object): RegionQuery | null =>
  'regionQuery' in state ? (state.regionQuery as RegionQuery) : null;

const sameQuery = (a: RegionQuery, b: RegionQuery) =>
  'seed' in a
    ? 'seed' in b && a.seed.x === b.seed.x && a.seed.y === b.seed.y
    : 'inside' in b && (['x0', 'y0', 'x1', 'y1'] as const).every((key) => a.inside[key] === b.inside[key]);

/** Whether the event answers the query the tool awaits (an answer to an older click or box does not). */
export const answers = (event: ToolEvent, query: RegionQuery): event is RegionFoundEvent =>
  event.type === 'regionFound' && sameQuery(event.query, query);

export interface ToolContext {
  /** Camera scale, to turn screen-pixel tolerances into image pixels. */
  readonly scale: number;
  /** Where annotations may go: the media, or the focus box when there is one. */
  readonly bounds: Box;
  readonly tolerancePx: number;
}

/** What one finished gesture changed; the annotation model applies it (`applyChange`). */
export type Change =
  | { readonly kind: 'boxes'; readonly boxes: readonly Box[]; readonly selected: number | null }
  | {
      readonly kind: 'points';
      readonly points: readonly ImagePoint[];
      readonly selected: number | null;
      /** Moves what the gesture placed a moment before (a click snapped to its object): no undo step of its own. */
      readonly amendsLast?: boolean;
    }
  | { readonly kind: 'offset'; readonly offset: number }
  /** A box drawn around one object as an exemplar ("Find more like these"), where the marks are points. */
  | { readonly kind: 'exemplar'; readonly box: Box }
  /** Selection only: apply it without an undo step. */
  | { readonly kind: 'select'; readonly selected: number | null };

export interface Transition<S> {
  readonly state: S;
  readonly commit?: Change;
}

/** Screen pixels a pointer must travel before a press becomes a drag. */
const DRAG_THRESHOLD_PX = 3;

export const isDrag = (from: ImagePoint, to: ImagePoint, scale: number) =>
  Math.hypot(to.x - from.x, to.y - from.y) * scale >= DRAG_THRESHOLD_PX;

export function replaceAt<T>(items: readonly T[], index: number, item: T): readonly T[] {
  const next = items.slice();
  next[index] = item;
  return next;
}
