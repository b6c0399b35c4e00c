import type { BoxRegion } from '../../../src/api/application-types/answer';
import type { MotionSettings } from '../../../src/api/application-types/motion';
import { connectedRegions } from '../../vision/models/segment';
import type { GreyFrame } from './grey-frame';

/** Grey levels (0..255) a pixel must change by to count as moving, at sensitivity 0 and at sensitivity 1. */
const THRESHOLD_AT_LEAST_SENSITIVE = 60;
const THRESHOLD_AT_MOST_SENSITIVE = 8;
/** Moving pixels this many analysis pixels apart join into one region (a person's legs, arms and head). */
const CLOSING_RADIUS = 3;
/** A region this many times over the threshold, on average, is surely motion. */
const SURE_CONTRAST = 2.5;

const thresholdOf = (sensitivity: number) => THRESHOLD_AT_LEAST_SENSITIVE + (THRESHOLD_AT_MOST_SENSITIVE - THRESHOLD_AT_LEAST_SENSITIVE) * sensitivity;

/**
 * Per pixel, how far the frame is from every earlier one: the smallest of its differences to each. A pixel where
 * something is now differs from all of them; where something was a moment ago (its "ghost") the older frames already
 * show the background, so the smallest difference stays low and no box is left behind.
 */
function changeFromAll(frame: GreyFrame, earlier: readonly GreyFrame[]): Float32Array {
  const change = new Float32Array(frame.pixels.length).fill(Number.POSITIVE_INFINITY);
  for (const before of earlier) {
    for (let i = 0; i < change.length; i += 1) {
      const difference = Math.abs((frame.pixels[i] ?? 0) - (before.pixels[i] ?? 0));
      if (difference < (change[i] ?? 0)) change[i] = difference;
    }
  }
  return change;
}

/** A square maximum (dilate) or minimum (erode) of a 0/1 mask, separably: a row pass then a column pass. */
function squareFilter(mask: Uint8Array, width: number, height: number, radius: number, keep: 'max' | 'min'): Uint8Array {
  const pass = (source: Uint8Array, along: 'row' | 'column') => {
    const out = new Uint8Array(source.length);
    const [outer, inner] = along === 'row' ? [height, width] : [width, height];
    const at = (o: number, i: number) => (along === 'row' ? o * width + i : i * width + o);
    for (let o = 0; o < outer; o += 1) {
      for (let i = 0; i < inner; i += 1) {
        let value = keep === 'max' ? 0 : 1;
        for (let k = Math.max(0, i - radius); k <= Math.min(inner - 1, i + radius); k += 1) {
          const v = source[at(o, k)] ?? 0;
          value = keep === 'max' ? Math.max(value, v) : Math.min(value, v);
        }
        out[at(o, i)] = value;
      }
    }
    return out;
  };
  return pass(pass(mask, 'row'), 'column');
}

/**
 * The boxes of what moved in `frame` against the `earlier` frames of the same camera (same size, oldest first), in
 * media pixels, most confident first: the per-pixel change (grey, blurred when decoded) over a threshold set by the
 * sensitivity, closed so that one moving thing is one region, cut into connected regions of at least `min_area`.
 * A region's confidence grows with how far its pixels changed and with its size over the minimum.
 */
export function movingRegions(frame: GreyFrame, earlier: readonly GreyFrame[], settings: MotionSettings): Required<BoxRegion>[] {
  if (earlier.length === 0) return [];
  const { width, height } = frame;
  const threshold = thresholdOf(settings.sensitivity);
  const change = changeFromAll(frame, earlier);
  const moving = new Uint8Array(change.length);
  for (let i = 0; i < change.length; i += 1) moving[i] = (change[i] ?? 0) > threshold ? 1 : 0;
  const closed = squareFilter(squareFilter(moving, width, height, CLOSING_RADIUS, 'max'), width, height, CLOSING_RADIUS, 'min');
  const strengths = new Float32Array(change.length);
  for (let i = 0; i < strengths.length; i += 1) if (closed[i]) strengths[i] = Math.min(1, (change[i] ?? 0) / (SURE_CONTRAST * threshold));
  const scaleX = frame.mediaWidth / width;
  const scaleY = frame.mediaHeight / height;
  const minArea = Math.max(1, settings.min_area / (scaleX * scaleY));
  return connectedRegions(strengths, width, height, minArea)
    .map((region) => {
      const size = Math.min(1, Math.sqrt(region.area / (2 * minArea)));
      const confidence = Math.round(Math.min(1, region.strength * size + 0.2 * size) * 1000) / 1000;
      const box = {
        x0: Math.floor(region.minX * scaleX),
        y0: Math.floor(region.minY * scaleY),
        x1: Math.min(frame.mediaWidth, Math.ceil((region.maxX + 1) * scaleX)),
        y1: Math.min(frame.mediaHeight, Math.ceil((region.maxY + 1) * scaleY)),
      };
      return { box, probability: confidence };
    })
    .sort((a, b) => b.probability - a.probability);
}
