import { releaseFigure } from '../../../api/schemas/measures';
import type { ModelPerformance } from '../../../api/schemas/models';
import type { ReleaseMetric } from '../../../api/types';
import { modelVersionName } from './model-queries';
import { figuresOf } from './measure-figures';
import { measureSentence } from './measure-words';
import { ConfusionTable } from './confusion-table';

export interface ModelComparisonProps {
  /** The model the current one replaced, then the current one, measured on the same validation answers. */
  previous: ModelPerformance;
  current: ModelPerformance;
  /** The application's release rule: the figure it names stands out. */
  metric: ReleaseMetric;
}

/** The current model against the one before it, on the very same held-out answers: in words, figures and classes. */
export function ModelComparison({ previous, current, metric }: ModelComparisonProps) {
  const [before, after] = [previous.model_performance, current.model_performance];
  const currentName = `${modelVersionName(current.version)} (current)`;
  const keyFigure = releaseFigure(after, metric).key;
  const comparable = after.reason === null && before.kind === after.kind;
  return (
    <div className="model-comparison">
      <dl className="measure-sentences">
        <dt>{modelVersionName(previous.version)}</dt>
        <dd>{measureSentence(before)}</dd>
        <dt>{currentName}</dt>
        <dd>{measureSentence(after)}</dd>
      </dl>
      {comparable && (
        <table className="data-table" aria-label="Current model against the one before">
          <caption className="table-caption">On the same {measureCount(after.n)}</caption>
          <thead>
            <tr>
              <th scope="col">Measure</th>
              <th scope="col" className="numeric">
                {modelVersionName(previous.version)}
              </th>
              <th scope="col" className="numeric">
                {currentName}
              </th>
              <th scope="col" className="numeric">
                Change
              </th>
            </tr>
          </thead>
          <tbody>
            {figuresOf(after).map(({ key, label, value, format, change }) => (
              <tr key={key} className={key === keyFigure ? 'is-key-measure' : undefined}>
                <th scope="row">{label}</th>
                <td className="numeric">{format(value(before))}</td>
                <td className="numeric">{format(value(after))}</td>
                <td className="numeric">{change(value(after), value(before))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {comparable && after.kind === 'classes' && <ConfusionTable confusion={after.confusion} modelName={modelVersionName(current.version)} />}
    </div>
  );
}

const measureCount = (n: number) => `${n} held-out ${n === 1 ? 'answer' : 'answers'}`;
