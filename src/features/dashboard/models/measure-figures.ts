import type { Measures, MeasuresOf } from '../../../api/schemas/measures';
import type { MeasureKind } from '../../../api/types';
import { formatMeasure, formatMeasureChange, formatPixels, formatShare } from './measure-words';

/** One row of a measures table: a figure of the measures, how it reads, and the key the release rule may name. */
export interface FigureRow<M extends Measures = Measures> {
  key: string;
  label: string;
  value: (measures: M) => number | null;
  format: (value: number | null) => string;
  /** The figure's change from one model to the next, signed, in the figure's own unit; a dash when either is missing. */
  change: (after: number | null, before: number | null) => string;
}

/** A ratio's change: "+0.12". */
const ratioChange = (after: number | null, before: number | null): string =>
  after === null || before === null ? '—' : formatMeasureChange(after - before);

/** A share's change in percentage points: "+12 pts". */
const shareChange = (after: number | null, before: number | null): string => {
  if (after === null || before === null) return '—';
  const points = Math.round((after - before) * 100);
  return points === 0 ? '±0 pts' : `${points > 0 ? '+' : '−'}${Math.abs(points)} pts`;
};

const figure = <M extends Measures>(
  key: string,
  label: string,
  value: (measures: M) => number | null,
  format: (value: number | null) => string = formatMeasure,
): FigureRow<M> => ({
  key,
  label,
  value,
  format,
  change: format === formatShare ? shareChange : ratioChange,
});
const countFormat = (value: number | null) => (value === null ? '—' : String(value));

/** The figures of each kind of measure, as the release screen's tables list them. */
const FIGURES: { [K in MeasureKind]: FigureRow<MeasuresOf<K>>[] } = {
  boxes: [
    figure('recall', 'Recall (boxes found)', (m) => m.recall),
    figure('precision', 'Precision', (m) => m.precision),
    figure('F1', 'F1', (m) => m.F1),
    figure('AP', 'AP', (m) => m.AP),
  ],
  points: [
    figure('recall', 'Recall (points found)', (m) => m.recall),
    figure('precision', 'Precision', (m) => m.precision),
    figure('F1', 'F1', (m) => m.F1),
    figure('mean_distance', 'Mean distance', (m) => m.mean_distance, formatPixels),
  ],
  counts: [
    figure('mean_absolute_error', 'Mean absolute error', (m) => m.mean_absolute_error),
    figure('exact', 'Exactly right', (m) => m.exact, formatShare),
  ],
  offsets: [
    figure('mean_absolute_error', 'Mean absolute error', (m) => m.mean_absolute_error, formatPixels),
    figure('missed', 'Missed', (m) => m.missed, countFormat),
    figure('extra', 'Extra', (m) => m.extra, countFormat),
  ],
  classes: [
    figure('accuracy', 'Accuracy', (m) => m.accuracy),
    figure('precision', 'Precision', (m) => m.precision),
    figure('recall', 'Recall', (m) => m.recall),
    figure('F1', 'F1', (m) => m.F1),
  ],
  texts: [
    figure('character_accuracy', 'Character accuracy', (m) => m.character_accuracy, formatShare),
    figure('word_accuracy', 'Word accuracy', (m) => m.word_accuracy, formatShare),
    figure('missed', 'Read nothing', (m) => m.missed, countFormat),
    figure('extra', 'Read text where there is none', (m) => m.extra, countFormat),
  ],
};

export const figuresOf = (measures: Measures): FigureRow[] => FIGURES[measures.kind] as FigureRow[];

