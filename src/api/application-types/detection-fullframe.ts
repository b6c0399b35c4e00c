import type { AnswerRule } from './rule';

/** True or False for every output subject, in one message. */
export const detectionFullframe: AnswerRule = {
  appDataType: null,
  appData: null,
  subjects: 'every',
  allowsFalse: true,
  exportAnnotations: (_none, subjectUid) => [{ kind: 'image_category', subjectUid }],
};
