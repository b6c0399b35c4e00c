import type { FeedbackSubjectAnswer } from '../../../src/api/application-types/answer';
import { boxesIn, foundBoxes } from '../measures/boxes';
import { bySubject, matchedF1 } from './by-subject';

const trueBoxes = (entry: FeedbackSubjectAnswer) => (entry.result === 'True' ? boxesIn(entry.app_data).map((region) => region.box) : []);

/** Per subject, the F1 of the answer's boxes matched one to one to the true ones at IoU ≥ 0.5 (False: no boxes). */
export const scoreBoxes = bySubject((truth, answer) => {
  const expected = trueBoxes(truth);
  const given = trueBoxes(answer);
  return matchedF1(foundBoxes(expected, given), expected.length, given.length);
});
