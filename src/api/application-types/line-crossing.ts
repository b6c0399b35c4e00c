import { z } from '../zod';
import { closedObject, pixel } from './marks';

/** A line's end, in whole pixels of the media. */
const linePoint = closedObject({ x: pixel, y: pixel }, 'A line end');
export type LinePoint = z.infer<typeof linePoint>;

const LINE_NAME_MAX = 40;
const LINES_MAX = 20;

/**
 * One counting line of a line_crossing application: a name and a segment from `start` to `end`. Side A is on the
 * left of the segment seen from `start` towards `end` (on the image, y pointing down), side B on its right.
 */
const countingLineSchema = closedObject(
  {
    name: z
      .string('A line has a name.')
      .check(z.trim(), z.minLength(1, 'A line has a name.'), z.maxLength(LINE_NAME_MAX, `A line's name has at most ${LINE_NAME_MAX} characters.`)),
    start: linePoint,
    end: linePoint,
  },
  'A line',
).check(z.refine(({ start, end }) => start.x !== end.x || start.y !== end.y, { message: 'A line has two different ends.', path: ['end'] }));
export type CountingLine = z.infer<typeof countingLineSchema>;

const countingLines = z.array(countingLineSchema, 'The lines are a list.').check(z.maxLength(LINES_MAX, `At most ${LINES_MAX} lines.`));

/** The `custom_fields` of a line_crossing application: its named lines (names unique). Other keys are left alone. */
export const lineCrossingSettingsSchema = z.object({
  lines: z._default(countingLines, []).check(
    z.superRefine((lines, context) => {
      const seen = new Set<string>();
      lines.forEach((line, index) => {
        if (seen.has(line.name)) context.addIssue({ code: 'custom', message: `Another line is called ${line.name}.`, path: [index, 'name'] });
        seen.add(line.name);
      });
    }),
  ),
});

const count = z.number().check(z.int(), z.gte(0));

/**
 * One line's tally on a frame (app_data_type `line_counts`, a list of these): tracks that crossed from side A to B
 * and from B to A in the video up to and including this frame, and the track ids that crossed on this frame.
 */
const lineCountSchema = closedObject(
  {
    line: z.string(),
    a_to_b: count,
    b_to_a: count,
    crossed_now: z.array(closedObject({ track_id: z.number().check(z.int(), z.gte(1)), direction: z.enum(['a_to_b', 'b_to_a']) }, 'A crossing')),
  },
  'A line count',
);
export type LineCount = z.infer<typeof lineCountSchema>;
export type CrossingDirection = LineCount['crossed_now'][number]['direction'];

export const lineCountsSchema = z.array(lineCountSchema);
