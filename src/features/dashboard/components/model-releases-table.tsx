import type { ReleasedModel, ReleaseMeasure } from '../../../api/schemas/models';
import { modelVersionName } from '../api/models';
import { formatDateTime, formatMeasure } from '../utils/format-time';

const MEASURES = [
  { key: 'precision', label: 'Precision' },
  { key: 'recall', label: 'Recall' },
  { key: 'F1', label: 'F1' },
] as const;

export interface ModelReleasesTableProps {
  /** Newest first. */
  models: readonly ReleasedModel[];
  /** The measure the application's release_metrics puts first: its column stands out. */
  measure: ReleaseMeasure;
}

/** Every release: when, what it learned from, and how it did on the held-out validation answers. */
export function ModelReleasesTable({ models, measure }: ModelReleasesTableProps) {
  return (
    <table className="data-table" aria-label="Model releases">
      <thead>
        <tr>
          <th scope="col">Model</th>
          <th scope="col">Released</th>
          <th scope="col" className="numeric" title="Answered training items it learned from">
            Learned from
          </th>
          <th scope="col" className="numeric" title="Held-out validation items it was measured on">
            Measured on
          </th>
          {MEASURES.map(({ key, label }) => (
            <th key={key} scope="col" className={key === measure ? 'numeric is-key-measure' : 'numeric'}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {models.map((model) => (
          <tr key={model.model_id}>
            <td>{modelVersionName(model.version)}</td>
            <td>{formatDateTime(model.release_time)}</td>
            <td className="numeric">{model.training_data_count}</td>
            <td className="numeric">{model.validation_data_count ?? '—'}</td>
            {MEASURES.map(({ key }) => (
              <td key={key} className={key === measure ? 'numeric is-key-measure' : 'numeric'}>
                {formatMeasure(model.model_performance?.[key])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
