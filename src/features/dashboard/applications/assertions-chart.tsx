import type { AssertionsBucket } from '../../../api/schemas/application';
import { formatBucket } from '../shared/format-time';
import { LineChart } from '../../../components/charts/line-chart';

export interface AssertionsChartProps {
  buckets: readonly AssertionsBucket[];
  bucket: 'hour' | 'day';
}

/** Assertions by source over time: the model's and people's. */
export function AssertionsChart({ buckets, bucket }: AssertionsChartProps) {
  return (
    <div className="panel">
      <LineChart
        title={`Assertions per ${bucket}`}
        xLabels={buckets.map((b) => formatBucket(b.t, bucket))}
        series={[
          { key: 'model', label: 'Model', values: buckets.map((b) => b.model) },
          { key: 'user', label: 'User', values: buckets.map((b) => b.user) },
        ]}
      />
    </div>
  );
}
