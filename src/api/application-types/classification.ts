import { agreeBySubject } from './agreement';
import { importPresence, type AnswerRule } from './rule';
import type { TypeManifest } from './manifest';

/**
 * One subject, the chosen class, True; or False for every output subject: none of the classes applies. Labellers
 * agree when they chose the same class, or all chose none.
 */
export const classification: AnswerRule = {
  appDataType: null,
  measure: 'classes',
  appData: null,
  subjects: 'one',
  allowsFalse: false,
  allowsNone: true,
  agree: (answers, tolerance) => agreeBySubject(answers, tolerance),
  exportAnnotations: (_none, subjectUid) => [{ kind: 'image_category', subjectUid }],
  importAppData: importPresence,
};

/** classification's manifest: a labellable type of the standard table. */
export const classificationManifest = { kind: 'labellable', rule: classification } as const satisfies TypeManifest;
