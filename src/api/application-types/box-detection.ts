import { z } from '../zod';
import type { BoxCoords, FieldError } from '../primitives';
import { agreeBySubject, matchMarks, roundedMean, type DataAgreement } from './agreement';
import type { BoxRegion } from './answer';
import { closedObject, markList, pixel } from './marks';
import { markArea, type AnswerRule } from './rule';
import type { TypeManifest } from './manifest';

const box = closedObject({ x0: pixel, y0: pixel, x1: pixel, y1: pixel }, 'A box').check(
  z.refine(({ x0, y0, x1, y1 }) => x0 < x1 && y0 < y1, 'A box needs x0 < x1 and y0 < y1.'),
);

const boxRegion = closedObject(
  { box, probability: z.optional(z.number().check(z.gte(0, 'A probability is a number from 0 to 1.'), z.lte(1, 'A probability is a number from 0 to 1.'))) },
  'A box_set item',
);

const boxSet = markList(boxRegion, 'boxes');

/** Intersection over union of two boxes, from 0 (apart) to 1 (the same box). */
export function intersectionOverUnion(a: BoxCoords, b: BoxCoords): number {
  const width = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const height = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  if (width <= 0 || height <= 0) return 0;
  const overlap = width * height;
  const area = (box: BoxCoords) => (box.x1 - box.x0) * (box.y1 - box.y0);
  return overlap / (area(a) + area(b) - overlap);
}

/** Boxes of two answers match at an intersection over union of at least this. */
export const BOX_MATCH_IOU = 0.5;

/** Box sets agree when every box matches one box of each other answer (greedily, best overlap first); the agreed box is their mean. */
const agreeBoxes: DataAgreement<BoxRegion[]> = (sets) => {
  const groups = matchMarks(sets, (a, b) => intersectionOverUnion(a.box, b.box), (iou) => iou >= BOX_MATCH_IOU, 'higher');
  if (!groups) return null;
  const mean = (group: BoxRegion[], edge: keyof BoxCoords) => roundedMean(group, (region) => region.box[edge]);
  return groups.map((group) => ({ box: { x0: mean(group, 'x0'), y0: mean(group, 'y0'), x1: mean(group, 'x1'), y1: mean(group, 'y1') } }));
};

/**
 * Per answered subject: True with a box_set (inside the focus, else the media), or False when it is absent. One
 * message may answer several output subjects (each class's boxes).
 */
export const boxDetection: AnswerRule<BoxRegion[]> = {
  appDataType: 'box_set',
  measure: 'boxes',
  appData: boxSet,
  subjects: 'some',
  allowsFalse: true,
  placementErrors(regions, place): FieldError[] {
    const { area, name } = markArea(place);
    return regions.flatMap(({ box: { x0, y0, x1, y1 } }, index) =>
      x0 < area.x0 || y0 < area.y0 || x1 > area.x1 || y1 > area.y1
        ? [{ field: `${index}.box`, message: `Box ${index + 1} must lie inside ${name}.` }]
        : [],
    );
  },
  agree: (answers, tolerance) => agreeBySubject(answers, tolerance, agreeBoxes),
  marks: (regions) => ({ boxes: regions.map((region) => region.box) }),
  exportAnnotations: (regions, subjectUid) => regions.map(({ box }) => ({ kind: 'box', subjectUid, box })),
  importAppData(annotations) {
    const regions = annotations.flatMap((annotation): BoxRegion[] =>
      annotation.kind !== 'box' ? [] : [annotation.probability === undefined ? { box: annotation.box } : { box: annotation.box, probability: annotation.probability }],
    );
    return regions.length > 0 ? { appData: regions } : null;
  },
};

/** box_detection's manifest: a labellable type of the standard table. */
export const boxDetectionManifest = { kind: 'labellable', rule: boxDetection } as const satisfies TypeManifest;
