import { agreeByMajority } from './agreement';
import { importPresence, type AnswerRule } from './rule';

/**
 * True or False for every output subject, in one message (detection_fullframe, nsfw). Labellers agree by majority
 * per subject; a tie is a disagreement.
 */
export const yesNoPerSubject: AnswerRule = {
  appDataType: null,
  measure: 'classes',
  appData: null,
  subjects: 'every',
  allowsFalse: true,
  agree: (answers) => agreeByMajority(answers),
  exportAnnotations: (_none, subjectUid) => [{ kind: 'image_category', subjectUid }],
  importAppData: importPresence,
};
