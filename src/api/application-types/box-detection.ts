import { z } from 'zod';
import type { FieldError } from '../types';
import { closedObject, markList, pixel } from './marks';
import { markArea, type AnswerRule } from './rule';

const box = closedObject({ x0: pixel, y0: pixel, x1: pixel, y1: pixel }, 'A box').refine(
  ({ x0, y0, x1, y1 }) => x0 < x1 && y0 < y1,
  'A box needs x0 < x1 and y0 < y1.',
);

const boxRegion = closedObject(
  { box, probability: z.number().min(0, 'A probability is a number from 0 to 1.').max(1, 'A probability is a number from 0 to 1.').optional() },
  'A box_set item',
);

export const boxSet = markList(boxRegion, 'boxes');
export type BoxRegion = z.infer<typeof boxRegion>;

/** True with a box_set (inside the focus, else the media), or False when the subject is absent. */
export const boxDetection: AnswerRule<BoxRegion[]> = {
  appDataType: 'box_set',
  appData: boxSet,
  subjects: 'one',
  allowsFalse: true,
  placementErrors(regions, place): FieldError[] {
    const { area, name } = markArea(place);
    return regions.flatMap(({ box: { x0, y0, x1, y1 } }, index) =>
      x0 < area.x0 || y0 < area.y0 || x1 > area.x1 || y1 > area.y1
        ? [{ field: `${index}.box`, message: `Box ${index + 1} must lie inside ${name}.` }]
        : [],
    );
  },
  exportAnnotations: (regions, subjectUid) => regions.map(({ box }) => ({ kind: 'box', subjectUid, box })),
};
