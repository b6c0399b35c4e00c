import { z } from '../zod';

/** The colour model's defaults and bounds for a subject's appearance (docs/models.md, "Subject colour"). */
export const APPEARANCE = {
  tolerance: { min: 0.02, max: 1, default: 0.2 },
  minArea: { min: 1, default: 80 },
} as const;

const area = z.number('Give an area in pixels.').check(z.gte(APPEARANCE.minArea.min, 'Give an area of at least 1 pixel.'), z.lte(Number.MAX_SAFE_INTEGER));

/**
 * A subject's colour for the colour model, as an application keeps it in `custom_fields.appearance[subject uid]`:
 * the subject is that colour, and the model finds it where the colour is.
 */
export const subjectAppearanceSchema = z.object({
  color: z.pipe(
    z.string('Give a colour as #rrggbb.').check(z.regex(/^#[0-9a-f]{6}$/i, 'Give a colour as #rrggbb.')),
    z.transform((color) => color.toLowerCase()),
  ),
  tolerance: z._default(
    z
      .number('Give a tolerance between 0.02 and 1.')
      .check(z.gte(APPEARANCE.tolerance.min, 'Give a tolerance between 0.02 and 1.'), z.lte(APPEARANCE.tolerance.max, 'Give a tolerance between 0.02 and 1.')),
    APPEARANCE.tolerance.default,
  ),
  min_area: z._default(area, APPEARANCE.minArea.default),
  typical_area: z._default(z.nullable(area), null),
});
export type SubjectAppearance = z.output<typeof subjectAppearanceSchema>;
type SubjectAppearanceInput = z.input<typeof subjectAppearanceSchema>;

/** An application's `custom_fields` as far as the contract knows them: the subjects' appearance, checked; the rest free. */
export const customFieldsSchema = z.looseObject({ appearance: z.optional(z.record(z.string(), subjectAppearanceSchema)) });

const recordOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * The subject's appearance in the application's custom fields, as the colour model reads it: a field out of its
 * bounds takes its default, and without a valid colour there is none (custom fields written before they were
 * checked may hold anything).
 */
export function appearanceOf(customFields: Record<string, unknown>, subjectUid: string): SubjectAppearance | null {
  const given = recordOf(recordOf(customFields['appearance'])[subjectUid]);
  const parsed = subjectAppearanceSchema.safeParse(given);
  if (parsed.success) return parsed.data;
  const invalid = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  if (invalid.has('color')) return null;
  return subjectAppearanceSchema.parse(Object.fromEntries(Object.entries(given).filter(([field]) => !invalid.has(field))));
}

/** The custom fields with the subject's appearance set, or removed (null); every other field kept as it was. */
export function withAppearance(
  customFields: Record<string, unknown>,
  subjectUid: string,
  appearance: SubjectAppearanceInput | null,
): Record<string, unknown> {
  const others = { ...recordOf(customFields['appearance']) };
  delete others[subjectUid];
  return { ...customFields, appearance: appearance === null ? others : { ...others, [subjectUid]: appearance } };
}
