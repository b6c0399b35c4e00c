import type { FeedbackSubjectAnswer, ItemAnswer } from '../../../src/api/application-types/answer';

/**
 * How well a labeller's answer on one subject matches the truth, 0 to 1. A subject one side leaves out is False
 * there. `tolerance` is the application's consensus_tolerance.
 */
export type SubjectScore = (truth: FeedbackSubjectAnswer, answer: FeedbackSubjectAnswer, tolerance: number) => number;

/** How well an answer on a gold item matches its truth, 0 to 1. */
export type GoldScorer = (truth: ItemAnswer, answer: ItemAnswer, tolerance: number) => number;

const absent = (subjectUid: string): FeedbackSubjectAnswer => ({ subject_uid: subjectUid, result: 'False' });

/** The mean of a subject score over every subject the truth or the answer names (1 when neither names any). */
export const bySubject =
  (score: SubjectScore): GoldScorer =>
  (truth, answer, tolerance) => {
    const uids = [...new Set([...truth, ...answer].map((entry) => entry.subject_uid))];
    if (uids.length === 0) return 1;
    const entryOf = (entries: ItemAnswer, uid: string) => entries.find((entry) => entry.subject_uid === uid) ?? absent(uid);
    const total = uids.reduce((sum, uid) => sum + score(entryOf(truth, uid), entryOf(answer, uid), tolerance), 0);
    return total / uids.length;
  };

/** The F1 of marks matched one to one: 2·matched / (true + given); 1 when neither side has any. */
export const matchedF1 = (matched: number, truth: number, given: number): number =>
  truth + given === 0 ? 1 : (2 * matched) / (truth + given);
