import type { ItemAnswer } from '../../src/api/application-types/answer';
import { thresholdOf } from '../vision/ambiguity';
import type { ModelProposal } from '../vision/models/proposal';

/** What makes an answer to a waiting item worth having, each 0..1. */
export interface WorthSignals {
  /** How unsure the model is of its proposals (`feedbackPriority`). */
  uncertainty: number;
  /** How far the labellers' answers so far contradict the proposals, or each other. */
  disagreement: number;
  /** How seldom people confirmed the subjects the proposals say are there. */
  rarity: number;
}

/** How much each signal adds to the uncertainty. */
export interface WorthWeights {
  disagreement: number;
  rarity: number;
}

/**
 * A contradicted item weighs as much as a proposal sitting on its threshold: the model was wrong there, and a
 * further answer settles it. Rarity weighs nothing: at ½ (a never-confirmed subject lifting an item above its
 * equals in doubt) the queue reached the benchmark's target later than in a random order and than by uncertainty
 * alone (docs/performance.md, the queue's order); it is still rated, so that it can be weighed again.
 */
export const WORTH_WEIGHTS: WorthWeights = { disagreement: 1, rarity: 0 };

/** The queue's priority: an item's worth to the model, 0..2 with the default weights; higher is pulled first. */
export const answerWorth = ({ uncertainty, disagreement, rarity }: WorthSignals, weights: WorthWeights = WORTH_WEIGHTS): number =>
  uncertainty + weights.disagreement * disagreement + weights.rarity * rarity;

/** 1 for a subject nobody confirmed yet, falling as confirmations come (¼ at 15): each teaches less than the last. */
export const subjectRarity = (confirmations: number): number => 1 / Math.sqrt(1 + confirmations);

/**
 * The rarity an item's proposals promise: the most of each proposed subject's rarity, weighed by how probable the
 * model finds it there (an answer confirms a subject only where it is).
 */
export function itemRarity(proposals: readonly ModelProposal[], confirmations: ReadonlyMap<string, number>): number {
  return proposals.reduce((most, { subject_uid, probability }) => Math.max(most, probability * subjectRarity(confirmations.get(subject_uid) ?? 0)), 0);
}

/**
 * How much the answers given so far (one per labeller) dispute the item: 1 when the labellers disagree under the
 * type's rule, else the share of answers that contradict the model's yes or no on a subject (a subject the model
 * proposed nothing for is a no). 0 before any answer.
 */
export function disagreement(
  proposals: readonly ModelProposal[],
  thresholds: Record<string, number>,
  answers: readonly ItemAnswer[],
  agree: (answers: readonly ItemAnswer[]) => boolean,
): number {
  if (answers.length === 0) return 0;
  if (answers.length > 1 && !agree(answers)) return 1;
  const saysYes = new Map(proposals.map(({ subject_uid, probability }) => [subject_uid, probability >= thresholdOf(thresholds, subject_uid)]));
  const contradicting = answers.filter((answer) => answer.some(({ subject_uid, result }) => (result === 'True') !== (saysYes.get(subject_uid) ?? false)));
  return contradicting.length / answers.length;
}

/** The items by worth, highest first; equal worths keep their order (the queue's: oldest first). */
export function byWorth<T>(items: readonly T[], worth: (item: T) => number): T[] {
  return items
    .map((item, index) => ({ item, index, worth: worth(item) }))
    .sort((a, b) => b.worth - a.worth || a.index - b.index)
    .map(({ item }) => item);
}
