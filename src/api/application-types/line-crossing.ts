import { z } from '../zod';
import { closedObject, pixel } from './marks';
import type { TypeManifest } from './manifest';

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

/** line_crossing's manifest: a sequence type by special arrangement that counts the tracks crossing its lines. */
export const lineCrossingManifest = { kind: 'sequence', settings: lineCrossingSettingsSchema, special: true } as const satisfies TypeManifest;
