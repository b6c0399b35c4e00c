import { describe, expect, it } from 'vitest';
import { measureClasses, measurePresence } from './classes';
import { bySubject } from './held-out';
import { answer, pair, proposal } from '../testing/measures';

describe('measurePresence (detection_fullframe)', () => {
  it('tallies presence calls (probability ≥ 0.5) against True/False in a present/absent table', () => {
    const pairs = [
      pair(answer(null), proposal(null, 0.9)), // present, called present
      pair(answer(null), proposal(null, 0.2)), // present, missed
      pair(answer(), proposal(null, 0.7)), // absent, called present
      pair(answer(), proposal(null, 0.1)),
      pair(answer()),
    ];
    expect(measurePresence(pairs, 5)).toEqual({
      kind: 'classes',
      n: 5,
      reason: null,
      accuracy: 3 / 5,
      precision: 0.5,
      recall: 0.5,
      F1: 0.5,
      confusion: { labels: ['present', 'absent'], counts: [[1, 1], [1, 2]] },
    });
  });
});

describe('measureClasses (classification)', () => {
  const names = new Map([['a', 'apple'], ['b', 'banana'], ['c', 'cherry']]);
  const item = (truth: string, proposed: string) => ({ answers: [answer(null, truth)], proposals: [proposal(null, 0.8, proposed)] });
  const items = [item('a', 'a'), item('a', 'b'), item('b', 'b'), item('b', 'b'), item('c', 'a'), item('c', 'c')];

  it('gives accuracy, a confusion table by subject name and macro-averaged precision, recall and F1', () => {
    // per class (precision, recall, F1): apple 1/2, 1/2, 1/2; banana 2/3, 1, 4/5; cherry 1, 1/2, 2/3
    const { overall } = measureClasses(items, names);
    expect(overall).toEqual({
      kind: 'classes',
      n: 6,
      reason: null,
      accuracy: 4 / 6,
      precision: expect.closeTo((1 / 2 + 2 / 3 + 1) / 3, 10),
      recall: expect.closeTo((1 / 2 + 1 + 1 / 2) / 3, 10),
      F1: expect.closeTo((1 / 2 + 4 / 5 + 2 / 3) / 3, 10),
      confusion: { labels: ['apple', 'banana', 'cherry'], counts: [[1, 1, 0], [0, 2, 0], [1, 0, 1]] },
    });
  });

  it('measures each answered class against the others', () => {
    const { perSubject } = measureClasses(items, names);
    expect(Object.keys(perSubject)).toEqual(['a', 'b', 'c']);
    // apple: 1 right, 1 taken for banana, 1 cherry taken for apple, 3 others right
    expect(perSubject['a']).toMatchObject({ n: 6, accuracy: 4 / 6, precision: 0.5, recall: 0.5, confusion: { labels: ['apple', 'not apple'], counts: [[1, 1], [1, 3]] } });
  });

  it('adds a "none" column when the model proposed no class, and withholds figures below the minimum', () => {
    const { overall } = measureClasses([item('a', 'a'), { answers: item('b', 'b').answers, proposals: [] }], names);
    expect(overall).toMatchObject({ n: 2, reason: 'not_enough_answers', accuracy: null, confusion: { labels: ['apple', 'banana', 'cherry', 'none'] } });
    expect(overall.kind === 'classes' && overall.confusion.counts[1]).toEqual([0, 0, 0, 1]);
  });
});

describe('bySubject', () => {
  it('rests the overall measure on the answered items and each subject on its own answers', () => {
    const measure = bySubject(measurePresence);
    const items = Array.from({ length: 5 }, (_, index) => ({
      answers: index < 3 ? [answer(null, 'x'), answer(undefined, 'y')] : [answer(null, 'x')],
      proposals: [proposal(null, 0.9, 'x'), proposal(null, 0.9, 'y')],
    }));
    const { overall, perSubject } = measure([...items, { answers: [], proposals: [] }], new Map());
    expect(overall).toMatchObject({ n: 5, reason: null, accuracy: 5 / 8 });
    expect(perSubject['x']).toMatchObject({ n: 5, reason: null, accuracy: 1 });
    expect(perSubject['y']).toMatchObject({ n: 3, reason: 'not_enough_answers', accuracy: null });
  });
});
