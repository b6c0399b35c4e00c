import type { BoxRegion } from '../../../src/api/application-types/answer';
import type { ModelProposal } from '../../vision/models/proposal';
import {
  isFiniteNumber,
  labelsTag,
  nameOf,
  probabilityOf,
  proposalOf,
  resultBase,
  resultsOf,
  subjectOf,
  toPercent,
  toPixels,
  type ModelServerPart,
  type ResultPlace,
  type ServerResult,
} from '../model-server-part';

/** A rectangle in percent as a box in media pixels, or why it is dropped (rotated, not a number, outside the image). */
function boxOf({ value }: ServerResult, { width, height }: ResultPlace): BoxRegion['box'] | string {
  const { x, y, width: w, height: h, rotation = 0 } = value;
  if (![x, y, w, h, rotation].every(isFiniteNumber)) return 'a rectangle whose x, y, width or height is not a number';
  if (rotation !== 0) return 'a rotated rectangle';
  const [left, top, across, down] = [x, y, w, h] as number[] as [number, number, number, number];
  if (across <= 0 || down <= 0) return 'a rectangle of no or negative size';
  const box = { x0: toPixels(left, width), y0: toPixels(top, height), x1: toPixels(left + across, width), y1: toPixels(top + down, height) };
  if (box.x0 < 0 || box.y0 < 0 || box.x1 > width || box.y1 > height) return 'a rectangle outside the image';
  return box.x0 < box.x1 && box.y0 < box.y1 ? box : 'a rectangle smaller than a pixel';
}

/**
 * box_detection: `RectangleLabels` named `label`, one `Label` per subject; each rectangle (rotation 0) becomes a box of
 * its label's subject with its score. A subject without boxes is proposed absent (no box_set: one holds a box at least).
 */
export const boxDetectionServerPart: ModelServerPart = {
  controls: (names) => labelsTag('RectangleLabels', 'Label', 'label', names),
  fromResults(results, place) {
    const { mine, dropped } = resultsOf(results, 'label', ['rectanglelabels']);
    const boxes = new Map<string, BoxRegion[]>();
    for (const result of mine) {
      const subject = subjectOf(result, 'rectanglelabels', place);
      const box = boxOf(result, place);
      if ('dropped' in subject) dropped.push(subject.dropped);
      else if (typeof box === 'string') dropped.push(box);
      else boxes.set(subject.uid, [...(boxes.get(subject.uid) ?? []), { box, probability: probabilityOf(result, place) }]);
    }
    const proposals = [...place.subjects.values()].map((uid): ModelProposal => {
      const found = boxes.get(uid) ?? [];
      // a subject without boxes is absent: a box_set holds at least one box
      if (found.length === 0) return proposalOf(uid, 0);
      return proposalOf(uid, Math.max(...found.map((region) => region.probability ?? 1)), 'box_set', found);
    });
    return { proposals, dropped };
  },
  toResults(answer, place) {
    const label = nameOf(answer.subject_uid, place);
    if (label === null || answer.result !== 'True' || !Array.isArray(answer.app_data)) return [];
    return (answer.app_data as BoxRegion[]).map(({ box }) => ({
      ...resultBase('label', 'rectanglelabels', place),
      value: {
        x: toPercent(box.x0, place.width),
        y: toPercent(box.y0, place.height),
        width: toPercent(box.x1 - box.x0, place.width),
        height: toPercent(box.y1 - box.y0, place.height),
        rotation: 0,
        rectanglelabels: [label],
      },
    }));
  },
};
