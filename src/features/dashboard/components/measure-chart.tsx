import type { ModelPerformance, ReleaseMeasure } from '../../../api/schemas/models';
import { formatMeasure } from '../utils/format-time';
import { LineChart } from './line-chart';

export interface MeasureChartProps {
  /** Each release's measures on its validation answers, oldest first. */
  releases: readonly ModelPerformance[];
  measure: ReleaseMeasure;
}

/** The key measure of each release, beside the model it replaced on the very same validation answers. */
export function MeasureChart({ releases, measure }: MeasureChartProps) {
  return (
    <LineChart
      title={`${measure} on held-out answers, per release`}
      xLabels={releases.map((release) => `v${release.version}`)}
      yMax={1}
      formatValue={formatMeasure}
      series={[
        { key: 'measure', label: 'The release', values: releases.map((release) => release.model_performance[measure]) },
        {
          key: 'previous',
          label: 'The model it replaced, same answers',
          values: releases.map((release) => release.previous?.model_performance[measure] ?? null),
        },
      ]}
    />
  );
}
