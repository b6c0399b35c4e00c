import { releaseFigure } from '../../../api/schemas/measures';
import type { ReleasedModel } from '../../../api/schemas/models';
import type { ReleaseMetric } from '../../../api/types';
import { modelVersionName } from './model-queries';
import { formatDateTime } from '../shared/format-time';
import { figuresOf } from './measure-figures';
import { notEnoughAnswers } from './measure-words';

export interface ModelReleasesTableProps {
  /** Newest first. */
  models: readonly ReleasedModel[];
  /** The application's release rule: the column of the figure it names stands out. */
  metric: ReleaseMetric;
}

/** Every release: when, what it learned from, and how it did on the held-out validation answers. */
export function ModelReleasesTable({ models, metric }: ModelReleasesTableProps) {
  const measured = models.find((model) => model.model_performance !== null)?.model_performance ?? null;
  const figures = measured ? figuresOf(measured) : [];
  const keyFigure = measured ? releaseFigure(measured, metric).key : null;
  const figureClass = (key: string) => (key === keyFigure ? 'numeric is-key-measure' : 'numeric');
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
          {figures.map(({ key, label }) => (
            <th key={key} scope="col" className={figureClass(key)}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {models.map((model) => {
          const performance = model.model_performance;
          const sameKind = performance?.kind === measured?.kind;
          return (
            <tr key={model.model_id} title={performance?.reason ? notEnoughAnswers(performance.n) : undefined}>
              <td>
                {modelVersionName(model.version)}
                {model.forced && (
                  <span className="tag release-forced" title="Released by a manager although the release rule kept it back">
                    forced
                  </span>
                )}
              </td>
              <td>{formatDateTime(model.release_time)}</td>
              <td className="numeric">{model.training_data_count}</td>
              <td className="numeric">{model.validation_data_count ?? '—'}</td>
              {figures.map(({ key, value, format }) => (
                <td key={key} className={figureClass(key)}>
                  {format(performance && sameKind ? value(performance) : null)}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
