import type { FeedbackSubjectAnswer, ItemAnswer } from './answer';

/** Agrees on the app_data several labellers gave one subject: the agreed app_data, or null. */
export type DataAgreement<T> = (values: readonly T[], tolerance: number) => T | null;

const bySubject = (answer: ItemAnswer) => new Map(answer.map((entry) => [entry.subject_uid, entry]));

/**
 * The rule of types whose messages answer one subject each: every labeller names the same subjects and, per subject,
 * all say False, or all say True with app_data that `agreeData` finds in agreement (types without app_data pass
 * none). The agreed answer lists the subjects in the first labeller's order.
 */
export function agreeBySubject<T>(answers: readonly ItemAnswer[], tolerance: number, agreeData?: DataAgreement<T>): ItemAnswer | null {
  const [first, ...others] = answers;
  if (!first || first.length === 0) return null;
  const maps = answers.map(bySubject);
  if (maps.some((map) => map.size !== first.length)) return null;
  const agreed: FeedbackSubjectAnswer[] = [];
  for (const entry of first) {
    const entries = maps.map((map) => map.get(entry.subject_uid));
    if (entries.some((given) => given?.result !== entry.result)) return null;
    if (entry.result === 'False' || !agreeData || others.length === 0) {
      agreed.push(entry);
      continue;
    }
    const data = agreeData(entries.map((given) => given!.app_data as T), tolerance);
    if (data === null) return null;
    agreed.push({ ...entry, app_data: data as FeedbackSubjectAnswer['app_data'] });
  }
  return agreed;
}

/** Per subject, the result most labellers gave; a tie on any subject is a disagreement. */
export function agreeByMajority(answers: readonly ItemAnswer[]): ItemAnswer | null {
  const [first] = answers;
  if (!first || first.length === 0) return null;
  const maps = answers.map(bySubject);
  const agreed: FeedbackSubjectAnswer[] = [];
  for (const { subject_uid } of first) {
    const results = maps.map((map) => map.get(subject_uid)?.result);
    const yes = results.filter((result) => result === 'True').length;
    const no = results.filter((result) => result === 'False').length;
    if (yes === no) return null;
    agreed.push({ subject_uid, result: yes > no ? 'True' : 'False' });
  }
  return agreed;
}

/** Numbers agree when the largest and the smallest lie within the tolerance; the agreed value is their rounded mean. */
export const agreeWithin: DataAgreement<number> = (values, tolerance) => {
  if (values.some((value) => typeof value !== 'number')) return null;
  if (Math.max(...values) - Math.min(...values) > tolerance) return null;
  return Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);
};

/** A pair of marks of two lists, by their indexes, and how well they match. */
export interface MarkPair {
  i: number;
  j: number;
  score: number;
}

/**
 * Greedy one-to-one matching of two lists: pairs of marks taken best-first (by `score`, `better` being higher or
 * lower) while `close` says they belong together, each mark in at most one pair.
 */
export function greedyMatch<A, B>(a: readonly A[], b: readonly B[], score: (a: A, b: B) => number, close: (score: number) => boolean, better: 'higher' | 'lower'): MarkPair[] {
  const pairs = a.flatMap((first, i) => b.map((second, j) => ({ i, j, score: score(first, second) }))).filter((pair) => close(pair.score));
  pairs.sort((p, q) => (better === 'higher' ? q.score - p.score : p.score - q.score));
  const takenA = new Set<number>();
  const takenB = new Set<number>();
  const matched: MarkPair[] = [];
  for (const pair of pairs) {
    if (takenA.has(pair.i) || takenB.has(pair.j)) continue;
    takenA.add(pair.i);
    takenB.add(pair.j);
    matched.push(pair);
  }
  return matched;
}

/**
 * Greedy one-to-one matching of every list against the first (`greedyMatch`). The groups of matched marks (one
 * mark of each list per group), or null when a list has a different number of marks or a mark is left unmatched.
 */
export function matchMarks<M>(lists: readonly (readonly M[])[], score: (a: M, b: M) => number, close: (score: number) => boolean, better: 'higher' | 'lower'): M[][] | null {
  const [reference, ...others] = lists;
  if (!reference || others.some((list) => !Array.isArray(list) || list.length !== reference.length)) return null;
  const groups = reference.map((mark) => [mark]);
  for (const other of others) {
    const pairs = greedyMatch(reference, other, score, close, better);
    if (pairs.length !== reference.length) return null;
    for (const { i, j } of pairs) groups[i]!.push(other[j]!);
  }
  return groups;
}

/** The rounded mean of a number read from each item. */
export const roundedMean = <M>(items: readonly M[], read: (item: M) => number) =>
  Math.round(items.reduce((sum, item) => sum + read(item), 0) / items.length);
