import { automaticDetectorClass } from '../../src/api/detector/classes';
import type { DetectedObject } from '../../server/vision/detector/objects';
import type { AskedControl } from './label-config';

/** Objects below this score are not answered (the built-in box_detection model keeps doubtful ones; a server need not). */
const MIN_SCORE = 0.3;

/** An image's size and the detector's objects in it, in its pixels. */
export interface Seen {
  width: number;
  height: number;
  objects: readonly DetectedObject[];
}

const percent = (pixels: number, side: number) => (pixels / side) * 100;
const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The results of one task for the control the label config asks for: each label is a COCO class by its name (as the
 * service maps subjects), and the detector's objects of that class are its rectangles, keypoints (their centres),
 * choices (present) or count.
 */
export function resultsFor(control: AskedControl, { width, height, objects }: Seen): { result: Record<string, unknown>[]; score: number } {
  const byLabel = control.labels.map((label) => ({ label, found: objects.filter((object) => object.score >= MIN_SCORE && object.class === automaticDetectorClass(label)) }));
  const base = { from_name: control.name, to_name: control.toName, original_width: width, original_height: height, image_rotation: 0 };
  const scores = byLabel.flatMap(({ found }) => found.map((object) => object.score));
  const score = scores.length === 0 ? 0 : round(Math.min(...scores));
  if (control.tag === 'RectangleLabels' || control.tag === 'KeyPointLabels') {
    const result = byLabel.flatMap(({ label, found }) =>
      found.map(({ box, score: objectScore }) => {
        const value =
          control.tag === 'RectangleLabels'
            ? { x: percent(box.x0, width), y: percent(box.y0, height), width: percent(box.x1 - box.x0, width), height: percent(box.y1 - box.y0, height), rotation: 0, rectanglelabels: [label] }
            : { x: percent((box.x0 + box.x1) / 2, width), y: percent((box.y0 + box.y1) / 2, height), width: 0.5, keypointlabels: [label] };
        return { ...base, type: control.tag.toLowerCase(), value, score: round(objectScore) };
      }),
    );
    return { result, score };
  }
  if (control.tag === 'Choices') {
    const chosen = byLabel.filter(({ found }) => found.length > 0).map(({ label }) => label);
    return { result: chosen.length === 0 ? [] : [{ ...base, type: 'choices', value: { choices: chosen }, score }], score };
  }
  const count = objects.filter((object) => object.score >= MIN_SCORE).length;
  return { result: [{ ...base, type: 'number', value: { number: count }, score }], score };
}
