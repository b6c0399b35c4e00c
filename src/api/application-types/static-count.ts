import { z } from '../zod';
import { COUNT_MAX } from '../limits';
import { agreeBySubject, agreeWithin } from './agreement';
import type { AnswerRule } from './rule';
import type { TypeManifest } from './manifest';

const COUNT_MESSAGE = `A count is a whole number from 0 to ${COUNT_MAX.toLocaleString('en')}.`;

const count = z
  .number({ error: COUNT_MESSAGE })
  .check(z.refine((value) => Number.isInteger(value) && value >= 0 && value <= COUNT_MAX, COUNT_MESSAGE));

/** True with the number of objects (whatever the focus), or False. Counts agree within the tolerance. */
export const staticCount: AnswerRule<number> = {
  appDataType: 'count',
  measure: 'counts',
  appData: count,
  subjects: 'one',
  allowsFalse: true,
  agree: (answers, tolerance) => agreeBySubject(answers, tolerance, agreeWithin),
  exportAnnotations: (value, subjectUid) => [{ kind: 'image_value', subjectUid, name: 'count', value }],
  /** The count a file states, else the number of objects it marks (a detection dataset counts its boxes). */
  importAppData(annotations) {
    const stated = annotations.find((annotation) => annotation.kind === 'image_value' && annotation.name === 'count');
    if (stated?.kind === 'image_value') return { appData: stated.value };
    const objects = annotations.filter((annotation) => annotation.kind === 'box' || annotation.kind === 'point').length;
    return objects > 0 ? { appData: objects } : null;
  },
};

/** static_count's manifest: a labellable type of the standard table. */
export const staticCountManifest = { kind: 'labellable', rule: staticCount } as const satisfies TypeManifest;
