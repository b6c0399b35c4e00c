import { FIGURE_BETTER, releaseFigure } from '../../../api/schemas/measures';
import type { ModelPerformance } from '../../../api/schemas/models';
import type { ReleaseMetric } from '../../../api/types';
import { formatMeasure } from './measure-words';
import { FIGURE_LABELS } from './measure-words';
import { LineChart } from '../../../components/charts/line-chart';

export interface MeasureChartProps {
  /** Each release's measures on its validation answers, oldest first (at least one). */
  releases: readonly ModelPerformance[];
  metric: ReleaseMetric;
}

/** The figure the release rule names, per release, beside the model it replaced on the very same validation answers. */
export function MeasureChart({ releases, metric }: MeasureChartProps) {
  const figureOf = (performance: ModelPerformance['previous']) => (performance ? releaseFigure(performance.model_performance, metric) : null);
  const key = figureOf(releases.at(-1) ?? null)?.key ?? 'F1';
  return (
    <LineChart
      title={`${FIGURE_LABELS[key]} on held-out answers, per release`}
      xLabels={releases.map((release) => `v${release.version}`)}
      yMax={FIGURE_BETTER[key] === 'higher' ? 1 : undefined}
      formatValue={formatMeasure}
      series={[
        { key: 'measure', label: 'The release', values: releases.map((release) => figureOf(release)?.value ?? null) },
        { key: 'previous', label: 'The model it replaced, same answers', values: releases.map((release) => figureOf(release.previous)?.value ?? null) },
      ]}
    />
  );
}
