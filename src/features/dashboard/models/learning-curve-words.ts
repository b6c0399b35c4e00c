import { MIN_CURVE_POINTS, type LearningCurve } from '../../../api/schemas/learning-curve';
import { FIGURE_BETTER, type ReleaseFigureKey } from '../../../api/schemas/measures';
import { FIGURE_LABELS, formatMeasure } from './measure-words';

// What the learning curve says, in words: whether the last releases still improved the measure on the same
// held-out answers, and what the next step costs.

const answersWord = (count: number) => `${count.toLocaleString('en')} ${count === 1 ? 'answer' : 'answers'}`;

/** The figure's name inside a sentence: "F1", "precision", "mean absolute error". */
const figureName = (figure: ReleaseFigureKey) => (figure === 'F1' ? 'F1' : FIGURE_LABELS[figure].toLowerCase());

/** "raised F1 by 0.04", "lowered mean absolute error by 0.12": a gain (positive is better) as the figure moved. */
function moved(figure: ReleaseFigureKey, gain: number): string {
  const up = FIGURE_BETTER[figure] === 'higher' ? gain >= 0 : gain < 0;
  return `${up ? 'raised' : 'lowered'} ${figureName(figure)} by ${formatMeasure(Math.abs(gain))}`;
}

/** A gain's interval, signed: "−0.02 to +0.05". */
const signed = (value: number) => `${value < 0 ? '−' : '+'}${formatMeasure(Math.abs(value))}`;

/** Whether a change shows as none at two decimals. */
const isNil = (change: number) => Math.abs(change) < 0.005;

const measuredCount = (curve: LearningCurve) => curve.points.filter((point) => point.measure !== null).length;

/** The next step in words: "about 120 more answers for the next +0.02 of F1". */
function nextStepWords(curve: LearningCurve): string | null {
  const next = curve.verdict.next_step;
  if (!next || !curve.figure) return null;
  return `about ${next.answers.toLocaleString('en')} more answers for the next ${signed(next.gain)} of ${figureName(curve.figure)}`;
}

/** The verdict in full, for the models page. */
export function curveSentence(curve: LearningCurve): string {
  const { verdict, figure } = curve;
  if (verdict.state === 'too_few_releases' || !figure || !verdict.recent) {
    return `Too few releases yet to tell what more answers buy: ${measuredCount(curve)} measured on the same ${curve.held_out.toLocaleString('en')} held-out answers, ${MIN_CURVE_POINTS} needed.`;
  }
  const { recent } = verdict;
  const span = `from ${recent.from_answers.toLocaleString('en')} to ${answersWord(recent.to_answers)}`;
  const interval = `90 % interval ${signed(recent.low)} to ${signed(recent.high)}`;
  if (verdict.state === 'levelled_off') {
    const change = isNil(recent.low) && isNil(recent.high) ? `left ${figureName(figure)} unchanged` : `${moved(figure, recent.gain)}, within the uncertainty (${interval})`;
    return `Levelled off: the last releases (${span}) ${change}. More answers of the same kind buy little for now.`;
  }
  const next = nextStepWords(curve);
  return `Still climbing: the last releases (${span}) ${moved(figure, recent.gain)} (${interval}). ${next ? `The fitted curve needs ${next}.` : 'The fitted curve levels off before the next step.'}`;
}

/** The verdict in a few words, beside the feedback rate. */
export function curveShortSentence(curve: LearningCurve): string {
  const { verdict, figure } = curve;
  if (verdict.state === 'too_few_releases' || !figure) return 'What more answers buy: too few releases yet to tell.';
  if (verdict.state === 'levelled_off') return `What more answers buy: little. The last releases no longer improved ${figureName(figure)} beyond the uncertainty.`;
  const next = nextStepWords(curve);
  return `What more answers buy: the model still improves${next ? `, ${next}` : ''}.`;
}
