import { MIN_HELD_OUT_ANSWERS } from '../../../api/limits';
import { FIGURE_BETTER, type Measures, type MeasuresOf, type ReleaseFigureKey } from '../../../api/schemas/measures';
import type { MeasureKind } from '../../../api/types';
import type { CandidateDecision } from '../../../api/schemas/models';

// The measures of a model on held-out answers in words a manager reads at a glance (docs/models.md, "Measures").

/** A measure such as precision, from 0 to 1, as people read it: two decimals, or a dash when it is undefined. */
export const formatMeasure = (value: number | null | undefined): string =>
  value === null || value === undefined ? '—' : value.toFixed(2);

/** A change in a measure, signed: "+0.12", "−0.05", "±0.00". */
export function formatMeasureChange(change: number): string {
  const rounded = Math.round(change * 100) / 100;
  if (rounded === 0) return '±0.00';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded).toFixed(2)}`;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export const formatPixels = (value: number | null | undefined) => (value === null || value === undefined ? '—' : `${value.toFixed(1)} px`);
const formatNumber = (value: number | null) => (value === null ? '—' : value.toFixed(1));
/** A share (exactly right, characters read right) in percent, in sentences and tables alike. */
export const formatShare = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)} %`);

/** The sentence of a measure whose figures are withheld. */
export const notEnoughAnswers = (n: number) => `Not enough held-out answers yet (${n} of ${MIN_HELD_OUT_ANSWERS})`;

const diagonal = ({ counts }: MeasuresOf<'classes'>['confusion']) => counts.reduce((sum, row, index) => sum + (row[index] ?? 0), 0);
const total = ({ counts }: MeasuresOf<'classes'>['confusion']) => counts.flat().reduce((sum, cell) => sum + cell, 0);

const SENTENCES: { [K in MeasureKind]: (measures: MeasuresOf<K>) => string } = {
  boxes: (m) => `Boxes found ${m.found} of ${m.truth_boxes} (recall ${formatMeasure(m.recall)}) · precision ${formatMeasure(m.precision)} · AP ${formatMeasure(m.AP)}`,
  points: (m) =>
    `Points found ${m.found} of ${m.truth_points} within ${m.tolerance} px (recall ${formatMeasure(m.recall)}) · precision ${formatMeasure(m.precision)} · mean distance ${formatPixels(m.mean_distance)}`,
  counts: (m) => `Counts off by ${formatNumber(m.mean_absolute_error)} on average · ${formatShare(m.exact)} exactly right`,
  offsets: (m) => `Offsets off by ${formatPixels(m.mean_absolute_error)} on average over ${m.compared} · ${m.missed} missed · ${m.extra} extra`,
  classes: (m) =>
    `Right on ${diagonal(m.confusion)} of ${total(m.confusion)} (accuracy ${formatMeasure(m.accuracy)}) · precision ${formatMeasure(m.precision)} · recall ${formatMeasure(m.recall)}`,
  texts: (m) =>
    `Characters read right ${formatShare(m.character_accuracy)} · words ${formatShare(m.word_accuracy)} over ${plural(m.compared, 'text')} · ${m.missed} read as nothing · ${m.extra} extra`,
};

/** "Boxes found 41 of 52 (recall 0.79) · precision 0.83 · AP 0.71 — on 18 held-out answers", or "Not enough …". */
export function measureSentence(measures: Measures): string {
  if (measures.reason === 'not_enough_answers') return notEnoughAnswers(measures.n);
  const sentence = SENTENCES[measures.kind] as (measures: Measures) => string;
  return `${sentence(measures)} — on ${plural(measures.n, 'held-out answer')}`;
}

export const FIGURE_LABELS: Record<ReleaseFigureKey, string> = {
  F1: 'F1',
  precision: 'Precision',
  recall: 'Recall',
  mean_absolute_error: 'Mean absolute error',
  character_accuracy: 'Character accuracy',
};

/** What became of the latest candidate, when it was not released. */
export function keptBackSentence(decision: CandidateDecision): string {
  if (decision.outcome === 'not_enough_answers') return `Not released: ${notEnoughAnswers(decision.n).toLowerCase()}.`;
  const label = FIGURE_LABELS[decision.figure];
  const side = FIGURE_BETTER[decision.figure] === 'higher' ? 'below' : 'above';
  return `Not released: its ${label} ${formatMeasure(decision.candidate)} is ${side} the current model's ${formatMeasure(decision.current)} on the same ${plural(decision.n, 'held-out answer')}.`;
}
