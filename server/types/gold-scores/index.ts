import type { ItemAnswer } from '../../../src/api/application-types/answer';
import { answerRuleOf } from '../../../src/api/application-types';
import type { ApplicationType, MeasureKind } from '../../../src/api/types';
import { scoreBoxes } from './boxes';
import type { GoldScorer } from './by-subject';
import { scoreClasses } from './classes';
import { scorePoints } from './points';
import { scoreTexts } from './texts';
import { scoreCounts, scoreOffsets } from './values';

/** One scorer per kind of measure: an answer rule's `measure` says which scores its type's gold answers. */
const GOLD_SCORERS: Readonly<Record<MeasureKind, GoldScorer>> = {
  boxes: scoreBoxes,
  points: scorePoints,
  counts: scoreCounts,
  offsets: scoreOffsets,
  classes: scoreClasses,
  texts: scoreTexts,
};

/** How well an answer on a gold item matches its truth, 0 to 1, by the type's measure; null for a type without answers. */
export function scoreGoldAnswer(type: ApplicationType, truth: ItemAnswer, answer: ItemAnswer, tolerance: number): number | null {
  const rule = answerRuleOf(type);
  return rule ? GOLD_SCORERS[rule.measure](truth, answer, tolerance) : null;
}
