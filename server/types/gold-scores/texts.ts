import type { FeedbackSubjectAnswer } from '../../../src/api/application-types/answer';
import { editDistance, textIn } from '../measures/texts';
import { bySubject } from './by-subject';

const readingOf = (entry: FeedbackSubjectAnswer) => [...(entry.result === 'True' ? textIn(entry.app_data) : '')];

/** Per subject, 1 − the characters' edit distance over the longer text (whitespace normalised; False: no text). */
export const scoreTexts = bySubject((truth, answer) => {
  const expected = readingOf(truth);
  const given = readingOf(answer);
  const longer = Math.max(expected.length, given.length);
  return longer === 0 ? 1 : 1 - editDistance(given, expected) / longer;
});
