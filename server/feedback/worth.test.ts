import { describe, expect, it } from 'vitest';
import type { ItemAnswer } from '../../src/api/application-types/answer';
import { feedbackPriority } from '../vision/ambiguity';
import { proposal } from '../vision/testing/proposal';
import { answerWorth, byWorth, disagreement, itemRarity, subjectRarity, WORTH_WEIGHTS, type WorthSignals } from './worth';

const yes = (subject_uid: string) => ({ subject_uid, result: 'True' as const });
const no = (subject_uid: string) => ({ subject_uid, result: 'False' as const });
const sameAnswers = (answers: readonly ItemAnswer[]) => answers.every((answer) => JSON.stringify(answer) === JSON.stringify(answers[0]));

interface Item extends WorthSignals {
  name: string;
}
const item = (name: string, signals: Partial<WorthSignals> = {}): Item => ({ name, uncertainty: 0.6, disagreement: 0, rarity: 0, ...signals });
const order = (items: readonly Item[], weights = WORTH_WEIGHTS) => byWorth(items, (signals) => answerWorth(signals, weights)).map(({ name }) => name);
/** Rarity at ½, as the order was first built (measured worse: docs/performance.md). */
const withRarity = { ...WORTH_WEIGHTS, rarity: 0.5 };

describe('byWorth with answerWorth', () => {
  it('puts the more uncertain and the disputed item ahead of an otherwise equal one', () => {
    expect(order([item('plain'), item('unsure', { uncertainty: 0.9 })])).toEqual(['unsure', 'plain']);
    expect(order([item('plain'), item('disputed', { disagreement: 0.5 })])).toEqual(['disputed', 'plain']);
  });

  it('does not weigh rarity by default, and puts the rarer item ahead once rarity weighs', () => {
    expect(order([item('plain'), item('rare', { rarity: 0.3 })])).toEqual(['plain', 'rare']);
    expect(order([item('plain'), item('rare', { rarity: 0.3 })], withRarity)).toEqual(['rare', 'plain']);
  });

  it('keeps equal items in their order', () => {
    expect(order([item('first'), item('second'), item('third')])).toEqual(['first', 'second', 'third']);
    expect(order([item('third', { rarity: 0.2 }), item('second', { rarity: 0.2 }), item('first')], withRarity)).toEqual(['third', 'second', 'first']);
  });

  it('lets a doubtful common subject pass a sure rare one, even with rarity weighed', () => {
    expect(order([item('sure rare', { uncertainty: 0.4, rarity: 1 }), item('doubtful common', { uncertainty: 1, rarity: 0.1 })], withRarity)).toEqual([
      'doubtful common',
      'sure rare',
    ]);
  });
});

describe('itemRarity', () => {
  it('is highest for a probable subject that few answers confirmed', () => {
    const confirmations = new Map([
      ['person', 99],
      ['car', 3],
    ]);
    expect(subjectRarity(0)).toBe(1);
    expect(itemRarity([proposal({ subject_uid: 'person', probability: 0.9 })], confirmations)).toBeCloseTo(0.09);
    expect(itemRarity([proposal({ subject_uid: 'car', probability: 0.9 })], confirmations)).toBeCloseTo(0.45);
    expect(itemRarity([proposal({ subject_uid: 'person', probability: 0.9 }), proposal({ subject_uid: 'bird', probability: 0.6 })], confirmations)).toBeCloseTo(0.6);
    expect(itemRarity([], confirmations)).toBe(0);
  });
});

describe('disagreement', () => {
  const proposals = [proposal({ subject_uid: 'car', probability: 0.7 }), proposal({ subject_uid: 'bus', probability: 0.3 })];

  it('is 0 before any answer and for answers that confirm the model', () => {
    expect(disagreement(proposals, {}, [], sameAnswers)).toBe(0);
    expect(disagreement(proposals, {}, [[yes('car'), no('bus')]], sameAnswers)).toBe(0);
  });

  it("is the share of answers that contradict the model's yes or no, against the subject's threshold", () => {
    expect(disagreement(proposals, {}, [[no('car'), no('bus')]], sameAnswers)).toBe(1);
    expect(disagreement(proposals, {}, [[yes('car'), yes('bus')]], sameAnswers)).toBe(1);
    expect(disagreement(proposals, { car: 0.8 }, [[no('car'), no('bus')]], sameAnswers)).toBe(0);
    expect(disagreement(proposals, {}, [[yes('lorry')]], sameAnswers)).toBe(1);
    expect(disagreement(proposals, {}, [[no('car')], [no('car')]], sameAnswers)).toBe(1);
    expect(disagreement(proposals, {}, [[yes('car')], [yes('car')]], () => true)).toBe(0);
  });

  it('is 1 when the labellers disagree under the rule', () => {
    expect(disagreement(proposals, {}, [[yes('car'), no('bus')], [yes('car')]], sameAnswers)).toBe(1);
  });
});

describe('answerWorth', () => {
  it('is the uncertainty the queue ordered by before, until labellers dispute the item', () => {
    const uncertainty = feedbackPriority([proposal({ probability: 0.6 })], {});
    expect(answerWorth({ uncertainty, disagreement: 0, rarity: 1 })).toBe(uncertainty);
    expect(answerWorth({ uncertainty, disagreement: 0.5, rarity: 1 })).toBe(uncertainty + 0.5);
  });
});
