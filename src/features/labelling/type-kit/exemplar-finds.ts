// "Find more like these" for the types whose marks are objects: which boxes are the exemplars, and which of the
// service's finds are new (pure, so the types' modules share one rule).
import { intersectionOverUnion } from '../../../api/application-types/box-detection';
import { EXEMPLARS } from '../../../api/limits';
import type { PredictedSubject } from '../../../api/schemas/prediction';
import { intersectBoxes, roundBox } from '../geometry/box';
import type { Box, ImagePoint } from '../geometry/types';
import { imagePoint } from '../geometry/types';

/** A find overlapping a mark already there at least this much is that mark again, not a new object. */
const SAME_OBJECT_IOU = 0.5;

/** An object the exemplars found: its box in media pixels and how likely it is the subject. */
export interface Find {
  readonly box: Box;
  readonly probability: number;
}

const isRegion = (item: unknown): item is { box: Box; probability?: unknown } =>
  !!item && typeof item === 'object' && 'box' in item && !!item.box && typeof item.box === 'object';

const isPoint = (item: unknown): item is { x: number; y: number } =>
  !!item && typeof item === 'object' && typeof (item as { x: unknown }).x === 'number' && typeof (item as { y: unknown }).y === 'number';

/** The boxes that can teach: at least `EXEMPLARS.minSide` across; the newest `EXEMPLARS.max` of them. */
export const newestExemplars = <T extends Box>(boxes: readonly T[]): T[] =>
  boxes.filter((box) => box.x1 - box.x0 >= EXEMPLARS.minSide && box.y1 - box.y0 >= EXEMPLARS.minSide).slice(-EXEMPLARS.max);

/** The regions of a box_set entry, each with its probability (else the entry's). */
export function foundBoxes(entry: PredictedSubject): Find[] {
  if (!Array.isArray(entry.app_data)) return [];
  return entry.app_data.filter(isRegion).map((region) => ({
    box: region.box,
    probability: typeof region.probability === 'number' ? region.probability : entry.probability,
  }));
}

/** The median width and height of the boxes: the size of one object of the subject. */
function typicalSize(boxes: readonly Box[]): { width: number; height: number } {
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  return { width: median(boxes.map((b) => b.x1 - b.x0)), height: median(boxes.map((b) => b.y1 - b.y0)) };
}

/** A box of one object's size (the exemplars' median) around each point: points compare with marks as boxes do. */
export function boxesAround(points: readonly { x: number; y: number }[], exemplars: readonly Box[]): Box[] {
  const { width, height } = typicalSize(exemplars);
  return points.map(({ x, y }) => ({ x0: x - width / 2, y0: y - height / 2, x1: x + width / 2, y1: y + height / 2 }));
}

/**
 * The found centres of a point or count entry (its `app_data` points, or a count's `counted` markers), as boxes of
 * the exemplars' size, with the entry's probability.
 */
export function foundCentres(entry: PredictedSubject, exemplars: readonly Box[]): Find[] {
  const points = (Array.isArray(entry.app_data) ? entry.app_data : (entry.counted ?? [])).filter(isPoint);
  return boxesAround(points, exemplars).map((box) => ({ box, probability: entry.probability }));
}

/**
 * The finds that are new objects, in whole pixels inside `bounds`: those overlapping a mark already there (or an
 * earlier find) at IoU ≥ 0.5 are left out.
 */
export function newFinds(found: readonly Find[], existing: readonly Box[], bounds: Box): Find[] {
  const kept: Find[] = [];
  for (const find of found) {
    const box = intersectBoxes(roundBox(find.box), bounds);
    if (!box) continue;
    const repeats = (other: Box) => intersectionOverUnion(other, box) >= SAME_OBJECT_IOU;
    if (existing.some(repeats) || kept.some((k) => repeats(k.box))) continue;
    kept.push({ box, probability: find.probability });
  }
  return kept;
}

/** The centre of a box, in whole pixels. */
export const centreOf = (box: Box): ImagePoint => imagePoint(Math.round((box.x0 + box.x1) / 2), Math.round((box.y0 + box.y1) / 2));
