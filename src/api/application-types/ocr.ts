import { z } from '../zod';
import { agreeBySubject, type DataAgreement } from './agreement';
import type { TextReading } from './answer';
import type { AnswerRule } from './rule';
import type { TypeManifest } from './manifest';

/** A reading holds at most this many characters. */
export const TEXT_MAX = 500;

/** The same text, whatever the spacing: runs of white space (line breaks too) become one space, none at either end. */
export const normalizedText = (text: string): string => text.replace(/\s+/g, ' ').trim();

const text = z
  .string({ error: 'A reading gives its text as a string.' })
  .check(
    z.refine((value) => normalizedText(value).length > 0, 'A reading has some text; answer False when there is none.'),
    z.refine((value) => value.length <= TEXT_MAX, `A reading holds at most ${TEXT_MAX} characters.`),
  );

const textReading = z.strictObject(
  { text, confidence: z.optional(z.number().check(z.gte(0, 'A confidence is a number from 0 to 1.'), z.lte(1, 'A confidence is a number from 0 to 1.'))) },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? 'A text reading has only text, confidence.'
      : issue.code === 'invalid_type' ? 'A text reading is an object with its text: {"text": "…"}.'
      : undefined,
  },
) satisfies z.ZodMiniType<TextReading>;

/** Readings agree when their texts are the same (spacing aside); the agreed reading is that text. */
const agreeTexts: DataAgreement<TextReading> = (readings) => {
  const texts = new Set(readings.map((reading) => normalizedText(reading.text)));
  const [agreed] = texts;
  return texts.size === 1 && agreed !== undefined ? { text: agreed } : null;
};

/**
 * ocr: True with the text the media shows (the labeller's corrected reading; a model's carries its confidence),
 * or False when there is no text to read. Labellers agree on the same text, spacing aside.
 */
export const ocr: AnswerRule<TextReading> = {
  appDataType: 'text',
  measure: 'texts',
  appData: textReading,
  subjects: 'one',
  allowsFalse: true,
  seesSubjects: false,
  agree: (answers, tolerance) => agreeBySubject(answers, tolerance, agreeTexts),
  words: (reading) => `“${normalizedText(reading.text)}”`,
  exportAnnotations: (reading, subjectUid) => [{ kind: 'image_text', subjectUid, text: normalizedText(reading.text) }],
  importAppData(annotations) {
    const read = annotations.find((annotation) => annotation.kind === 'image_text');
    return read?.kind === 'image_text' ? { appData: { text: read.text } } : null;
  },
};

/** How the text is laid out: one line (the most prominent one is read) or a block of lines (all are read, top to bottom). */
export const PAGE_MODES = ['single_line', 'block'] as const;
export type PageMode = (typeof PAGE_MODES)[number];

/** The characters an ocr application reads when its manager has set none. */
export const DEFAULT_CHARACTER_SET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-';

/** An ocr application's settings, in its custom_fields: which characters it reads, and how the text is laid out. */
export const ocrSettingsSchema = z.object({
  character_set: z
    .string({ error: 'The character set is a string of the characters to read.' })
    .check(
      z.refine((value) => !/\s/.test(value), 'The character set lists characters without spaces (words are split anyway).'),
      z.refine((value) => value.length >= 1 && value.length <= 200, 'The character set has from 1 to 200 characters.'),
    ),
  page_mode: z.enum(PAGE_MODES, { error: 'The page mode is single_line or block.' }),
});
export type OcrSettings = z.infer<typeof ocrSettingsSchema>;

/** The settings an application's custom_fields give, each one that is missing or invalid at its default. */
export function ocrSettingsOf(customFields: Record<string, unknown>): OcrSettings {
  const characters = ocrSettingsSchema.shape.character_set.safeParse(customFields['character_set']);
  const pageMode = ocrSettingsSchema.shape.page_mode.safeParse(customFields['page_mode']);
  return {
    character_set: characters.success ? characters.data : DEFAULT_CHARACTER_SET,
    page_mode: pageMode.success ? pageMode.data : 'single_line',
  };
}

/** ocr's manifest: a labellable type of the standard table; either setting may be left out (then its default). */
export const ocrManifest = { kind: 'labellable', rule: ocr, settings: z.partial(ocrSettingsSchema) } as const satisfies TypeManifest;
