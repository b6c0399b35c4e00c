import type { LabellableType } from '../../../src/api/types';
import { isHexColour } from '../colour';

/** Which feature of the subject an offset application measures, along its axis. */
export const OFFSET_REFERENCES = ['near_edge', 'centre', 'far_edge'] as const;
export type OffsetReference = (typeof OFFSET_REFERENCES)[number];

/** What a subject looks like, as the baseline models see it. Areas are in media pixels. */
export interface SubjectAppearance {
  /** The subject's colour, `#rrggbb`. */
  color: string;
  /** 0..1: a pixel within 100 × tolerance (weighted Lab distance) counts fully; up to twice that, partly. */
  tolerance: number;
  /** Smaller regions are noise. */
  min_area: number;
  /** The area of one object, so that a count can split objects that touch; null when unknown. */
  typical_area: number | null;
}

export interface ModelParameters {
  /** Per output subject uid; null when the subject's appearance is unknown (the model then stays near 0.5). */
  appearance: Record<string, SubjectAppearance | null>;
  offset_reference: OffsetReference;
}

export const DEFAULT_TOLERANCE = 0.2;
/** A colour guessed from a word in the subject's name is a rough guess, so it reaches further. */
export const COLOUR_WORD_TOLERANCE = 0.3;
export const DEFAULT_MIN_AREA = 80;

const COLOUR_WORDS: Record<string, string> = {
  red: '#c8322c',
  orange: '#e07b1a',
  amber: '#e07b1a',
  yellow: '#e6b422',
  green: '#2e9a46',
  blue: '#2a5fc4',
  cyan: '#22a8c4',
  purple: '#7b3f9e',
  violet: '#7b3f9e',
  pink: '#e05c9a',
  magenta: '#c8329e',
  brown: '#7a4a24',
  white: '#e8e8e4',
  black: '#1c1c1c',
  grey: '#8a8a8a',
  gray: '#8a8a8a',
};

export interface ApplicationForModel {
  type: LabellableType;
  output_subjects: readonly string[];
  custom_fields: Record<string, unknown>;
}

/**
 * The baseline's parameters from an application's `custom_fields` (see docs/models.md):
 * `appearance[uid]` wins, then a colour word in the subject's name, else the appearance stays unknown.
 */
export function parametersFromApplication(
  app: ApplicationForModel,
  subjectNames: Record<string, string>,
): ModelParameters {
  const configured = asRecord(app.custom_fields['appearance']);
  const appearance: Record<string, SubjectAppearance | null> = {};
  for (const uid of app.output_subjects) {
    appearance[uid] = appearanceFrom(asRecord(configured[uid]), subjectNames[uid] ?? '');
  }
  const reference = app.custom_fields['offset_reference'];
  return {
    appearance,
    offset_reference: OFFSET_REFERENCES.find((value) => value === reference) ?? 'near_edge',
  };
}

function appearanceFrom(config: Record<string, unknown>, name: string): SubjectAppearance | null {
  const wordColour = colourWordIn(name);
  const color = isHexColour(config['color']) ? config['color'].toLowerCase() : wordColour;
  if (color === null) return null;
  const fallbackTolerance = isHexColour(config['color']) ? DEFAULT_TOLERANCE : COLOUR_WORD_TOLERANCE;
  return {
    color,
    tolerance: numberIn(config['tolerance'], 0.02, 1) ?? fallbackTolerance,
    min_area: numberIn(config['min_area'], 1, Number.MAX_SAFE_INTEGER) ?? DEFAULT_MIN_AREA,
    typical_area: numberIn(config['typical_area'], 1, Number.MAX_SAFE_INTEGER),
  };
}

function colourWordIn(name: string): string | null {
  const words = name.toLowerCase().split(/[^a-z]+/);
  const word = words.find((candidate) => candidate in COLOUR_WORDS);
  return word === undefined ? null : (COLOUR_WORDS[word] ?? null);
}

function numberIn(value: unknown, min: number, max: number): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : null;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
