import type { LearningCurve } from '../../../api/schemas/learning-curve';
import { Alert } from '../../../components/alert';
import { Spinner } from '../../../components/spinner';
import { curveFigureName, LearningCurveChart } from './learning-curve-chart';
import { curveSentence, curveShortSentence } from './learning-curve-words';
import { formatMeasure } from './measure-words';
import { useLearningCurve } from './model-queries';

/** Each release on the same held-out answers: the figures the chart draws. */
function LearningCurvePoints({ curve }: { curve: LearningCurve }) {
  const figure = curveFigureName(curve);
  return (
    <table className="data-table" aria-label={`${figure} on the same ${curve.held_out} held-out answers, per release`}>
      <caption className="table-caption">On the same {curve.held_out} held-out answers</caption>
      <thead>
        <tr>
          <th scope="col">Release</th>
          <th scope="col" className="numeric">
            Training answers
          </th>
          <th scope="col" className="numeric">
            {figure}
          </th>
          <th scope="col" className="numeric">
            90 % interval
          </th>
        </tr>
      </thead>
      <tbody>
        {[...curve.points].reverse().map((point) => (
          <tr key={point.model_id}>
            <td>v{point.version}</td>
            <td className="numeric">{point.training_answers}</td>
            <td className="numeric">{formatMeasure(point.measure)}</td>
            <td className="numeric">{point.low === null ? '—' : `${formatMeasure(point.low)} to ${formatMeasure(point.high)}`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The learning curve on the models page: the releases and the fitted curve, beside the verdict in words and the figures. */
export function LearningCurvePanel({ appId }: { appId: string }) {
  const curve = useLearningCurve(appId);
  if (curve.isPending) return <Spinner label="Measuring the releases on the held-out answers…" />;
  if (curve.isError) return <Alert>{curve.error.message}</Alert>;
  const measured = curve.data.points.some((point) => point.measure !== null);
  return (
    <div className="panel-grid">
      {measured && <LearningCurveChart curve={curve.data} />}
      <div>
        <p className="learning-curve__verdict">{curveSentence(curve.data)}</p>
        {curve.data.points.length > 0 && <LearningCurvePoints curve={curve.data} />}
      </div>
    </div>
  );
}

/** The verdict in a line, beside the feedback rate: what more answers buy. */
export function LearningCurveVerdict({ appId }: { appId: string }) {
  const curve = useLearningCurve(appId);
  if (!curve.data) return null;
  return <p className="field__hint">{curveShortSentence(curve.data)}</p>;
}
