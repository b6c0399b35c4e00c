import { agreeBySubject } from './agreement';
import { importPresence, type AnswerRule } from './rule';

/** One subject, the chosen class, always True. Labellers agree when they chose the same class. */
export const classification: AnswerRule = {
  appDataType: null,
  appData: null,
  subjects: 'one',
  allowsFalse: false,
  agree: (answers, tolerance) => agreeBySubject(answers, tolerance),
  exportAnnotations: (_none, subjectUid) => [{ kind: 'image_category', subjectUid }],
  importAppData: importPresence,
};
