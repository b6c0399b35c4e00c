// Click-to-box's first choice: an object the service's detector found (`GET /1/media/{id}/objects`).
import { BOX_MATCH_IOU, intersectionOverUnion } from '../../../api/application-types/box-detection';
import type { DetectedObject } from '../../../api/schemas/detected-objects';
import type { Region } from '../contract/region';

type Point = { readonly x: number; readonly y: number };
type Rect = DetectedObject['box'];

const areaOf = ({ x0, y0, x1, y1 }: Rect) => (x1 - x0) * (y1 - y0);

const regionOf = ({ box }: DetectedObject): Region => ({
  box,
  centroid: { x: (box.x0 + box.x1) / 2, y: (box.y0 + box.y1) / 2 },
  area: areaOf(box),
});

/**
 * The object a click meant: of the boxes holding the point, the smallest, a weak box counting as larger (area over
 * score squared), so that a faint box inside a strong one (a "tie" on a person at 0.15) wins only when it is far
 * smaller. Null when no box holds the point.
 */
export function objectUnderClick(objects: readonly DetectedObject[], { x, y }: Point): Region | null {
  let best: DetectedObject | null = null;
  let bestCost = Infinity;
  for (const object of objects) {
    const { box } = object;
    if (x < box.x0 || x >= box.x1 || y < box.y0 || y >= box.y1 || object.score <= 0) continue;
    const cost = areaOf(box) / object.score ** 2;
    if (cost < bestCost) [best, bestCost] = [object, cost];
  }
  return best && regionOf(best);
}

/** The object a roughly drawn box meant: the detector's box that overlaps it most, by at least BOX_MATCH_IOU; else null. */
export function objectMatchingBox(objects: readonly DetectedObject[], drawn: Rect): Region | null {
  let best: DetectedObject | null = null;
  let bestIou = BOX_MATCH_IOU;
  for (const object of objects) {
    const iou = intersectionOverUnion(object.box, drawn);
    if (iou >= bestIou) [best, bestIou] = [object, iou];
  }
  return best && regionOf(best);
}
