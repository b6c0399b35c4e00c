import { COCO_CLASSES, type CocoClass } from '../../../src/api/detector/classes';
import type { BoxCoords } from '../../../src/api/types';
import { intersectionOverUnion } from '../../../src/api/application-types/box-detection';

/** The detector looks at a square image this many pixels across. */
export const DETECTOR_INPUT_SIZE = 512;
/** The whole of the detector's input: where a stretched image lies. */
const WHOLE_INPUT: BoxCoords = { x0: 0, y0: 0, x1: DETECTOR_INPUT_SIZE, y1: DETECTOR_INPUT_SIZE };
/** Objects less likely than this are dropped at once: below it the detector is mostly wrong. */
const DETECTOR_MIN_SCORE = 0.1;
/** Of two boxes of one class that overlap this much (IoU), the weaker one is the same object again. */
const SAME_OBJECT_IOU = 0.5;

/** An object the detector found: its class, its score (0..1) and its box, in media pixels. */
export interface DetectedObject {
  class: CocoClass;
  score: number;
  box: BoxCoords;
}

/** Where the detector's square input lies in the media: the analysed region (the whole media, or a focus box). */
export type DetectorFrame = BoxCoords;

/**
 * The detector's raw rows (`[x0, y0, x1, y1, score, class index]` in input pixels, the frame drawn at `placement`) as
 * objects in media pixels, strongest first, without the weak ones and without repeats of one object (greedy
 * suppression per class).
 */
export function objectsFromRows(rows: readonly (readonly number[])[], frame: DetectorFrame, placement: BoxCoords = WHOLE_INPUT): DetectedObject[] {
  const scaleX = (frame.x1 - frame.x0) / (placement.x1 - placement.x0);
  const scaleY = (frame.y1 - frame.y0) / (placement.y1 - placement.y0);
  const toMediaX = (x: number) => Math.round(Math.min(frame.x1, Math.max(frame.x0, frame.x0 + (x - placement.x0) * scaleX)));
  const toMediaY = (y: number) => Math.round(Math.min(frame.y1, Math.max(frame.y0, frame.y0 + (y - placement.y0) * scaleY)));
  const candidates: DetectedObject[] = [];
  for (const [x0 = 0, y0 = 0, x1 = 0, y1 = 0, score = 0, index = -1] of rows) {
    const name = COCO_CLASSES[index];
    if (name === undefined || !(score >= DETECTOR_MIN_SCORE)) continue;
    const box = { x0: toMediaX(x0), y0: toMediaY(y0), x1: toMediaX(x1), y1: toMediaY(y1) };
    if (box.x1 > box.x0 && box.y1 > box.y0) candidates.push({ class: name, score: Math.round(score * 1000) / 1000, box });
  }
  candidates.sort((a, b) => b.score - a.score);
  const kept: DetectedObject[] = [];
  for (const candidate of candidates) {
    const repeat = kept.some((other) => other.class === candidate.class && intersectionOverUnion(other.box, candidate.box) >= SAME_OBJECT_IOU);
    if (!repeat) kept.push(candidate);
  }
  return kept;
}
