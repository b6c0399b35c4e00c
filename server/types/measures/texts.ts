import { normalizedText } from '../../../src/api/application-types/ocr';
import type { MeasuresOf } from '../../../src/api/schemas/measures';
import { reasonFor, unless, type MeasurePairs } from './held-out';

/** The fewest insertions, deletions and changes that turn one sequence into the other (Levenshtein). */
export function editDistance<T>(from: readonly T[], to: readonly T[]): number {
  let previous = Array.from({ length: to.length + 1 }, (_, j) => j);
  for (let i = 1; i <= from.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= to.length; j += 1) {
      const change = previous[j - 1]! + (from[i - 1] === to[j - 1] ? 0 : 1);
      current.push(Math.min(change, previous[j]! + 1, current[j - 1]! + 1));
    }
    previous = current;
  }
  return previous[to.length]!;
}

export const textIn = (data: unknown): string => {
  const text = typeof data === 'object' && data !== null && 'text' in data ? data.text : null;
  return typeof text === 'string' ? normalizedText(text) : '';
};

const wordsOf = (text: string): string[] => (text === '' ? [] : text.split(' '));

/** 1 − errors / length over all compared answers, at least 0; null when they hold nothing. */
const accuracy = (errors: number, length: number): number | null => (length === 0 ? null : Math.max(0, 1 - errors / length));

/**
 * ocr: per answer with text, the edits between the model's reading (none: empty) and the answer's text, in
 * characters and in words, summed over the answers and divided by their length; answers without text only count
 * the model's extra readings.
 */
export const measureTexts: MeasurePairs = (pairs, n): MeasuresOf<'texts'> => {
  let compared = 0;
  let missed = 0;
  let extra = 0;
  const characters = { errors: 0, length: 0 };
  const words = { errors: 0, length: 0 };
  for (const { answer, proposal } of pairs) {
    const truth = answer.result === 'True' ? textIn(answer.app_data) : '';
    const read = textIn(proposal?.app_data);
    if (truth === '') {
      if (read !== '') extra += 1;
      continue;
    }
    compared += 1;
    if (read === '') missed += 1;
    characters.errors += editDistance([...read], [...truth]);
    characters.length += [...truth].length;
    words.errors += editDistance(wordsOf(read), wordsOf(truth));
    words.length += wordsOf(truth).length;
  }
  const reason = reasonFor(n);
  return {
    kind: 'texts',
    n,
    reason,
    compared,
    missed,
    extra,
    character_accuracy: unless(reason, accuracy(characters.errors, characters.length)),
    word_accuracy: unless(reason, accuracy(words.errors, words.length)),
  };
};
