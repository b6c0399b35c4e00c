import type { AnswerRule } from './rule';

/** One subject, the chosen class, always True. */
export const classification: AnswerRule = {
  appDataType: null,
  appData: null,
  subjects: 'one',
  allowsFalse: false,
  exportAnnotations: (_none, subjectUid) => [{ kind: 'image_category', subjectUid }],
};
