import { bySubject } from './by-subject';

/** Per subject, 1 when the answer's True or False is the truth's, else 0: a classification's wrong class misses two subjects. */
export const scoreClasses = bySubject((truth, answer) => (truth.result === answer.result ? 1 : 0));
