import type { ModelPerformance, ReleaseMeasure } from '../../../api/schemas/models';
import { modelVersionName } from '../api/models';
import { formatMeasure, formatMeasureChange } from '../utils/format-time';

const ROWS = [
  { key: 'precision', label: 'Precision' },
  { key: 'recall', label: 'Recall' },
  { key: 'F1', label: 'F1' },
  { key: 'accuracy', label: 'Accuracy' },
] as const;

export interface ModelComparisonProps {
  /** The model the current one replaced, then the current one, measured on the same validation answers. */
  previous: ModelPerformance;
  current: ModelPerformance;
  measure: ReleaseMeasure;
}

function change(current: number | null, previous: number | null): string {
  return current === null || previous === null ? '—' : formatMeasureChange(current - previous);
}

/** The current model against the one before it, on the very same held-out answers. */
export function ModelComparison({ previous, current, measure }: ModelComparisonProps) {
  return (
    <table className="data-table" aria-label="Current model against the one before">
      <caption className="table-caption">
        On the same {current.data_count} held-out validation {current.data_count === 1 ? 'item' : 'items'}
      </caption>
      <thead>
        <tr>
          <th scope="col">Measure</th>
          <th scope="col" className="numeric">
            {modelVersionName(previous.version)}
          </th>
          <th scope="col" className="numeric">
            {modelVersionName(current.version)} (current)
          </th>
          <th scope="col" className="numeric">
            Change
          </th>
        </tr>
      </thead>
      <tbody>
        {ROWS.map(({ key, label }) => {
          const before = previous.model_performance[key];
          const after = current.model_performance[key];
          return (
            <tr key={key} className={key === measure ? 'is-key-measure' : undefined}>
              <th scope="row">{label}</th>
              <td className="numeric">{formatMeasure(before)}</td>
              <td className="numeric">{formatMeasure(after)}</td>
              <td className="numeric">{change(after, before)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
