import { z } from '../zod';
import { MARKS_MAX } from '../limits';

/** A coordinate of a mark: whole pixels of the media, origin top-left. */
export const pixel = z
  .number({ error: 'A coordinate is a whole number of pixels.' })
  .check(z.int({ error: 'A coordinate is a whole number of pixels.' }));

/** An object that refuses keys it does not name, with a sentence that lists the ones it takes. */
export const closedObject = <Shape extends z.core.$ZodShape>(shape: Shape, what: string) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `${what} has only ${Object.keys(shape).join(', ')}.` : undefined),
  });

/** A non-empty list of at most MARKS_MAX marks. */
export const markList = <Mark extends z.core.$ZodType>(mark: Mark, what: string) =>
  z
    .array(mark, { error: `A True answer gives a list of ${what}.` })
    .check(
      z.minLength(1, `A True answer gives at least one of its ${what}.`),
      z.maxLength(MARKS_MAX, `A True answer gives at most ${MARKS_MAX.toLocaleString('en')} ${what}.`),
    );
