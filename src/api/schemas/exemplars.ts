import { EXEMPLARS } from '../limits';
import type { AppDataType, BoxCoords, FieldError } from '../types';
import { z } from '../zod';

/** One exemplar: a box in media pixels around one object of the subject, at least `EXEMPLARS.minSide` across. */
const exemplarBox = z
  .object({ x0: z.number().check(z.minimum(0)), y0: z.number().check(z.minimum(0)), x1: z.number(), y1: z.number() })
  .check(
    z.refine(
      ({ x0, y0, x1, y1 }) => x1 - x0 >= EXEMPLARS.minSide && y1 - y0 >= EXEMPLARS.minSide,
      `An exemplar needs x0 < x1 and y0 < y1, at least ${EXEMPLARS.minSide} pixels apart.`,
    ),
  ) satisfies z.ZodMiniType<BoxCoords>;

/**
 * Extension of predict ("find more like these"): one to `EXEMPLARS.max` boxes around objects of one output subject in
 * the image; the answer for that subject is what they find. Whether they lie inside the image is `exemplarErrors`'s.
 */
export const exemplarsSchema = z
  .array(exemplarBox)
  .check(
    z.minLength(1, 'Give at least one exemplar box.'),
    z.maxLength(EXEMPLARS.max, `Give at most ${EXEMPLARS.max} exemplar boxes.`),
  );

/**
 * The exemplars that reach beyond the region searched (the image, or the focus: media pixels), each a field error;
 * `what` names the region in the message ("the image (640 × 480 pixels)").
 */
export function exemplarErrors(exemplars: readonly BoxCoords[], region: BoxCoords, what: string): FieldError[] {
  return exemplars.flatMap((box, index) =>
    box.x0 >= region.x0 && box.y0 >= region.y0 && box.x1 <= region.x1 && box.y1 <= region.y1
      ? []
      : [{ field: `exemplars.${index}`, message: `The exemplar must lie inside ${what}.` }],
  );
}

/** The answers made of objects of a subject (box_detection's boxes, static_count's count, point's points) take exemplars. */
const EXEMPLAR_APP_DATA_TYPES: readonly (AppDataType | null)[] = ['box_set', 'count', 'point'];

export const takesExemplars = (appDataType: AppDataType | null): boolean => EXEMPLAR_APP_DATA_TYPES.includes(appDataType);
