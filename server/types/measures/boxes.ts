import type { AppData, BoxRegion } from '../../../src/api/application-types/answer';
import { greedyMatch } from '../../../src/api/application-types/agreement';
import { BOX_MATCH_IOU, intersectionOverUnion } from '../../../src/api/application-types/box-detection';
import type { MeasuresOf } from '../../../src/api/schemas/measures';
import type { BoxCoords } from '../../../src/api/types';
import { ACCEPT_PROBABILITY } from '../../../src/api/presence';
import { matchedFigures, reasonFor, unless, type MeasurePairs } from './held-out';

/** The true boxes of one held-out answer, and the boxes the model proposed for it (each with its probability). */
export interface BoxImage {
  truth: readonly BoxCoords[];
  proposed: readonly BoxRegion[];
}

export const boxesIn = (data: AppData | null | undefined): BoxRegion[] =>
  Array.isArray(data) ? data.filter((item): item is BoxRegion => 'box' in item) : [];

/** A proposed box without a probability was given as certain. */
const probabilityOf = (region: BoxRegion) => region.probability ?? 1;

const atMatchIoU = (iou: number) => iou >= BOX_MATCH_IOU;

/** How many true boxes the shown boxes match one to one at IoU ≥ 0.5, pairs taken by the highest IoU first. */
export const foundBoxes = (truth: readonly BoxCoords[], shown: readonly BoxCoords[]): number =>
  greedyMatch(truth, shown, intersectionOverUnion, atMatchIoU, 'higher').length;

/**
 * Average precision at IoU ≥ 0.5, as VOC (2010 on) and COCO take it: every proposed box of every image, most probable
 * first, is a hit when it overlaps a true box of its image not yet hit (the one it overlaps most), else a false
 * alarm; the area under the precision–recall curve with all-point interpolation (each recall step weighted by the
 * best precision at that recall or beyond). Null when the answers hold no box.
 */
export function averagePrecision(images: readonly BoxImage[]): number | null {
  const truthTotal = images.reduce((sum, image) => sum + image.truth.length, 0);
  if (truthTotal === 0) return null;
  const ranked = images
    .flatMap((image, index) => image.proposed.map((region) => ({ index, box: region.box, probability: probabilityOf(region) })))
    .sort((a, b) => b.probability - a.probability);
  const hit = images.map(() => new Set<number>());
  const curve: { recall: number; precision: number }[] = [];
  let hits = 0;
  for (const [rank, { index, box }] of ranked.entries()) {
    let best = -1;
    let bestIoU = BOX_MATCH_IOU;
    for (const [truthIndex, truthBox] of images[index]!.truth.entries()) {
      const iou = intersectionOverUnion(box, truthBox);
      if (!hit[index]!.has(truthIndex) && iou >= bestIoU) [best, bestIoU] = [truthIndex, iou];
    }
    if (best >= 0) {
      hit[index]!.add(best);
      hits += 1;
    }
    curve.push({ recall: hits / truthTotal, precision: hits / (rank + 1) });
  }
  let area = 0;
  let bestPrecisionBeyond = 0;
  for (let index = curve.length - 1; index >= 0; index -= 1) {
    const point = curve[index]!;
    bestPrecisionBeyond = Math.max(bestPrecisionBeyond, point.precision);
    const previousRecall = index === 0 ? 0 : curve[index - 1]!.recall;
    area += (point.recall - previousRecall) * bestPrecisionBeyond;
  }
  // the recall steps' sum may round a hair above 1 (nine steps of 1/9), which the measures' schema refuses
  return Math.min(area, 1);
}

/**
 * box_detection: the boxes the model shows (at least ACCEPT_PROBABILITY probable) against each answer's boxes (none
 * for False), matched one to one at IoU ≥ 0.5: found, precision, recall, F1; and AP over every proposed box.
 */
export const measureBoxes: MeasurePairs = (pairs, n): MeasuresOf<'boxes'> => {
  const images: BoxImage[] = pairs.map(({ answer, proposal }) => ({
    truth: answer.result === 'True' ? boxesIn(answer.app_data).map((region) => region.box) : [],
    proposed: boxesIn(proposal?.app_data),
  }));
  let truth = 0;
  let shown = 0;
  let found = 0;
  for (const image of images) {
    const shownBoxes = image.proposed.filter((region) => probabilityOf(region) >= ACCEPT_PROBABILITY).map((region) => region.box);
    truth += image.truth.length;
    shown += shownBoxes.length;
    found += foundBoxes(image.truth, shownBoxes);
  }
  const reason = reasonFor(n);
  return {
    kind: 'boxes',
    n,
    reason,
    truth_boxes: truth,
    shown_boxes: shown,
    found,
    ...matchedFigures(reason, found, truth, shown),
    AP: unless(reason, averagePrecision(images)),
  };
};
