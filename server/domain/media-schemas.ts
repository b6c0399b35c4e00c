import { z } from 'zod';
import { JSON_DEPTH_MAX } from '../../src/api/limits';
import { JSON_TOO_DEEP_MESSAGE, nestsDeeperThan } from '../../src/api/json-depth';

// The answers' shapes are the contract's: the app parses what these serialize.
export { mediaSchema, uploadedMediaSchema } from '../../src/api/schemas/media';
export {
  assertionSchema,
  detectionRecordSchema,
  mediaAssertionSchema,
  mediaSubjectAssociationSchema,
} from '../../src/api/schemas/detections';
export { pageOf as pagedListOf } from '../../src/api/schemas/envelopes';

/** A focus sent by a client: a box with x0 < x1 and y0 < y1, none of them negative. */
export const focusInput = z
  .object({
    box: z.object({
      x0: z.number().min(0),
      y0: z.number().min(0),
      x1: z.number().min(0),
      y1: z.number().min(0),
    }),
  })
  .refine(({ box }) => box.x0 < box.x1 && box.y0 < box.y1, { message: 'The focus box needs x0 < x1 and y0 < y1.' });

/** A value sent as JSON text (a form field or a query parameter), parsed with a depth limit, then checked by `schema`. */
export function jsonText<T extends z.core.$ZodType>(schema: T, example: string) {
  return z
    .string()
    .transform((text, context) => {
      if (nestsDeeperThan(text, JSON_DEPTH_MAX)) {
        context.addIssue({ code: 'custom', message: JSON_TOO_DEEP_MESSAGE });
        return z.NEVER;
      }
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: `Give ${example}.` });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** A focus sent as JSON text, as a form field or a query parameter. */
export const focusText = jsonText(focusInput, 'the focus as JSON, e.g. {"box": {"x0": 0, ...}}');
