/// <reference types="vite/client" />
// A read-only window.__looplabel for tests and benchmarks, in development and with ?debug=1. The one write,
// replaceAnnotation, lets a benchmark load a large scene (1,000 boxes) through the normal edit path.
import type { Annotation } from '../contract/type-module';
import type { Camera } from '../geometry/types';
import { useMarkView } from './mark-view-store';
import { seenLongEnough, useSightStore } from './sight-store';
import { usePreferences } from '../../../lib/preferences';

export interface LooplabelDebug {
  readonly mediaId: string | null;
  readonly annotation: Annotation | null;
  readonly camera: Camera | null;
  /** performance.now() when each item's image and marks were first drawn. */
  readonly drawn: Readonly<Record<string, number>>;
  /** The item on screen has been seen for the labeller's look time: keys and clicks answer and edit it. */
  readonly answerable: boolean;
  /** The mark highlighted (under the pointer or an object list row) and those hidden from view, by index. */
  readonly markView: { hovered: number | null; hidden: number[] };
  /** The marks layer's last paint: how many marks the annotation held and performance.now() when it was painted. */
  readonly marks: { count: number; paintedAt: number } | null;
  replaceAnnotation(annotation: Annotation): void;
}

declare global {
  interface Window {
    __looplabel?: LooplabelDebug;
  }
}

const debugEnabled = (): boolean =>
  import.meta.env.DEV || new URLSearchParams(window.location.search).get('debug') === '1';

const state = {
  mediaId: null as string | null,
  annotation: null as Annotation | null,
  camera: null as Camera | null,
  drawn: {} as Record<string, number>,
  marks: null as { count: number; paintedAt: number } | null,
  replace: (() => {}) as (annotation: Annotation) => void,
};

function install() {
  if (window.__looplabel || !debugEnabled()) return;
  window.__looplabel = {
    get mediaId() {
      return state.mediaId;
    },
    get annotation() {
      return state.annotation;
    },
    get camera() {
      return state.camera;
    },
    get drawn() {
      return { ...state.drawn };
    },
    get answerable() {
      return state.mediaId !== null && seenLongEnough(useSightStore.getState(), state.mediaId, Date.now(), usePreferences.getState().lookMs);
    },
    get markView() {
      const { hovered, hidden } = useMarkView.getState();
      return { hovered, hidden: [...hidden].sort((a, b) => a - b) };
    },
    get marks() {
      return state.marks;
    },
    replaceAnnotation: (annotation) => state.replace(annotation),
  };
}

export function publishEditor(mediaId: string, annotation: Annotation, replace: (annotation: Annotation) => void) {
  install();
  Object.assign(state, { mediaId, annotation, replace });
}

export function publishCamera(camera: Camera) {
  state.camera = camera;
}

/** Marks the first complete draw of an item (also as a `item-drawn` performance mark). */
export function markDrawn(mediaId: string) {
  if (state.drawn[mediaId] !== undefined) return;
  state.drawn[mediaId] = performance.now();
  performance.mark('item-drawn', { detail: mediaId });
}

export function markMarksPainted(count: number) {
  if (window.__looplabel) state.marks = { count, paintedAt: performance.now() };
}
