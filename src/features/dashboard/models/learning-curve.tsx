import { Alert } from '../../../components/alert';
import { Spinner } from '../../../components/spinner';
import { LearningCurveChart } from './learning-curve-chart';
import { curveSentence, curveShortSentence } from './learning-curve-words';
import { useLearningCurve } from './model-queries';

/** The learning curve on the models page: the verdict in words, then the releases and the fitted curve. */
export function LearningCurvePanel({ appId }: { appId: string }) {
  const curve = useLearningCurve(appId);
  if (curve.isPending) return <Spinner label="Measuring the releases on the held-out answers…" />;
  if (curve.isError) return <Alert>{curve.error.message}</Alert>;
  return (
    <div className="learning-curve">
      <p className="learning-curve__verdict">{curveSentence(curve.data)}</p>
      {curve.data.points.some((point) => point.measure !== null) && <LearningCurveChart curve={curve.data} />}
    </div>
  );
}

/** The verdict in a line, beside the feedback rate: what more answers buy. */
export function LearningCurveVerdict({ appId }: { appId: string }) {
  const curve = useLearningCurve(appId);
  if (!curve.data) return null;
  return <p className="field__hint">{curveShortSentence(curve.data)}</p>;
}
