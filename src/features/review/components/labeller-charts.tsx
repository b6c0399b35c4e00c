import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { LabellerScope } from '../../../api/endpoints/labellers';
import type { Labeller, TimelineBucket } from '../../../api/schemas/labellers';
import { Alert } from '../../../components/alert';
import { LineChart } from '../../../components/charts/line-chart';
import { Spinner } from '../../../components/spinner';
import { labellerTimelineQueryOptions } from '../../../lib/queries/labellers';
import { MAX_CHART_SERIES, TIMELINE_METRICS, timelineSeries, type TimelineMetric } from '../utils/timeline-series';

const periodLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

interface LabellerChartsProps {
  scope: LabellerScope;
  days: number;
  bucket: TimelineBucket;
  labellers: readonly Labeller[];
}

/** One figure of the busiest labellers over time, per day or week; the figure is chosen above the chart. */
export function LabellerCharts({ scope, days, bucket, labellers }: LabellerChartsProps) {
  const [metric, setMetric] = useState<TimelineMetric>('answers');
  const timeline = useQuery(labellerTimelineQueryOptions(scope, days, bucket));
  const { ratio, label } = TIMELINE_METRICS[metric];
  const chart = timeline.data ? timelineSeries(timeline.data, labellers, metric) : null;
  return (
    <section className="labeller-charts" aria-labelledby="labeller-charts-heading">
      <div className="labeller-charts__head">
        <h3 id="labeller-charts-heading" className="review-section-title">
          Over time, per {bucket}
        </h3>
        <fieldset className="choice-strip">
          <legend className="visually-hidden">Figure</legend>
          {(Object.keys(TIMELINE_METRICS) as TimelineMetric[]).map((option) => (
            <label key={option} className="choice">
              <input type="radio" name="labeller-metric" checked={metric === option} onChange={() => setMetric(option)} />
              {TIMELINE_METRICS[option].label}
            </label>
          ))}
        </fieldset>
      </div>
      {timeline.isPending && <Spinner label="Loading the timeline…" />}
      {timeline.isError && <Alert>{timeline.error.message}</Alert>}
      {chart && (
        <LineChart
          title={`${label} per ${bucket}, per labeller`}
          xLabels={chart.periods.map((period) => periodLabel.format(new Date(period * 1000)))}
          series={chart.series}
          {...(ratio ? { yMax: 1, formatValue: (value: number) => `${Math.round(value * 100)} %` } : {})}
        />
      )}
      {chart && labellers.length > MAX_CHART_SERIES && (
        <p className="muted labeller-charts__note">The {MAX_CHART_SERIES} labellers with the most answers are drawn; the table lists everyone.</p>
      )}
    </section>
  );
}
