import { z } from '../zod';
import { agreeBySubject, agreeWithin } from './agreement';
import type { AnswerRule } from './rule';

/**
 * An offset is whole pixels from the media's left (offset_x) or top (offset_y) edge, from 0 to the media's width or
 * height. It is measured on the media, so a focus does not narrow it. Offsets agree within the tolerance.
 */
export function offsetRule(appDataType: 'offset_x' | 'offset_y'): AnswerRule<number> {
  const edge = appDataType === 'offset_x' ? 'width' : 'height';
  const range = (size = '') => `An ${appDataType} is a whole number of pixels from 0 to the media's ${edge}${size}.`;
  return {
    appDataType,
    measure: 'offsets',
    appData: z.number({ error: range() }).check(z.int(range()), z.gte(0, range())),
    subjects: 'one',
    allowsFalse: true,
    placementErrors: (offset, place) => (offset > place[edge] ? [{ field: '', message: range(` (${place[edge]})`) }] : []),
    agree: (answers, tolerance) => agreeBySubject(answers, tolerance, agreeWithin),
    marks: (offset) => ({ lines: [{ axis: appDataType === 'offset_x' ? 'x' : 'y', at: offset }] }),
    exportAnnotations: (value, subjectUid) => [{ kind: 'image_value', subjectUid, name: appDataType, value }],
    importAppData(annotations) {
      const stated = annotations.find((annotation) => annotation.kind === 'image_value' && annotation.name === appDataType);
      return stated?.kind === 'image_value' ? { appData: stated.value } : null;
    },
  };
}

const OFFSET_REFERENCES = ['near_edge', 'centre', 'far_edge'] as const;

/** What an offset measures of its subject (`custom_fields.offset_reference`): its near edge, centre or far edge. */
export type OffsetReference = (typeof OFFSET_REFERENCES)[number];

/** The reference an application's custom_fields set; near_edge when they set none, or something else. */
export const offsetReferenceOf = (customFields: Record<string, unknown>): OffsetReference =>
  OFFSET_REFERENCES.find((reference) => reference === customFields['offset_reference']) ?? 'near_edge';
