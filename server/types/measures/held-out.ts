import type { FeedbackSubjectAnswer } from '../../../src/api/application-types/answer';
import { MIN_HELD_OUT_ANSWERS } from '../../../src/api/limits';
import type { MEASURE_REASONS, Measures } from '../../../src/api/schemas/measures';
import type { ModelProposal } from '../../vision/models/proposal';

/** One held-out item: the decided answers people gave, and what the model proposed for the same media and focus. */
export interface JudgedItem {
  answers: readonly FeedbackSubjectAnswer[];
  proposals: readonly ModelProposal[];
}

/** A model's measure over all its held-out items, and one per answered output subject (by uid). */
interface Judgement {
  overall: Measures;
  perSubject: Record<string, Measures>;
}

/** The output subjects' names by uid, in their order: the labels of a classification's confusion table. */
export type SubjectNames = ReadonlyMap<string, string>;

/** A type module's `measure`: how its proposals are judged against held-out answers. */
export type MeasureProposals = (items: readonly JudgedItem[], names: SubjectNames) => Judgement;

/** One subject's answer on an item, with the model's proposal for that subject (none when it proposed nothing). */
export interface SubjectPair {
  answer: FeedbackSubjectAnswer;
  proposal: ModelProposal | undefined;
}

/** A measure of answer pairs that rest on `n` held-out items. */
export type MeasurePairs = (pairs: readonly SubjectPair[], n: number) => Measures;

type Reason = (typeof MEASURE_REASONS)[number];

/** Why the figures of a measure on `n` items are withheld, or null when they stand. */
export const reasonFor = (n: number): Reason | null => (n < MIN_HELD_OUT_ANSWERS ? 'not_enough_answers' : null);

/** A figure, or null when the measure's figures are withheld. */
export const unless = <T>(reason: Reason | null, value: T | null): T | null => (reason === null ? value : null);

/** part / whole, null when whole is 0. */
export const ratio = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

/**
 * The figures of marks matched one to one, withheld for the reason: precision = found / shown, recall = found /
 * truth, F1 = 2·found / (truth + shown); each null when its denominator is 0.
 */
export const matchedFigures = (reason: Reason | null, found: number, truth: number, shown: number) => ({
  precision: unless(reason, ratio(found, shown)),
  recall: unless(reason, ratio(found, truth)),
  F1: unless(reason, ratio(2 * found, truth + shown)),
});

export const mean = (values: readonly number[]): number | null =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * The measure of types whose answers are per subject: every answer paired with the model's proposal for its subject,
 * measured together (resting on the items) and per subject (on the items that answered it).
 */
export const bySubject =
  (measurePairs: MeasurePairs): MeasureProposals =>
  (items) => {
    const all: SubjectPair[] = [];
    const perSubject = new Map<string, SubjectPair[]>();
    let answeredItems = 0;
    for (const { answers, proposals } of items) {
      if (answers.length > 0) answeredItems += 1;
      for (const answer of answers) {
        const pair = { answer, proposal: proposals.find((proposal) => proposal.subject_uid === answer.subject_uid) };
        all.push(pair);
        const subjectPairs = perSubject.get(answer.subject_uid) ?? [];
        subjectPairs.push(pair);
        perSubject.set(answer.subject_uid, subjectPairs);
      }
    }
    return {
      overall: measurePairs(all, answeredItems),
      perSubject: Object.fromEntries([...perSubject].map(([uid, pairs]) => [uid, measurePairs(pairs, pairs.length)])),
    };
  };
