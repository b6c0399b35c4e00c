import type { Labeller, LabellerTimeline } from '../../../api/schemas/labellers';
import { labellerName } from './labeller-columns';

/** What a chart of the timeline can show. */
export const TIMELINE_METRICS = {
  answers: { label: 'Answers', ratio: false, missing: 0 },
  answers_per_hour: { label: 'Answers per hour', ratio: false, missing: null },
  median_decision_time: { label: 'Median time (s)', ratio: false, missing: null },
  agreement: { label: 'Agreement', ratio: true, missing: null },
  gold_accuracy: { label: 'Gold accuracy', ratio: true, missing: null },
} as const;
export type TimelineMetric = keyof typeof TIMELINE_METRICS;

/** A chart shows at most this many labellers (those with the most answers): more lines could not be told apart. */
export const MAX_CHART_SERIES = 6;

export interface TimelineSeries {
  periods: number[];
  series: { key: string; label: string; values: (number | null)[] }[];
}

/**
 * Every period of the timeline, and per labeller (the busiest, in the table's order) the metric in each; a period
 * without their answers is 0 for counts and a gap for the rest.
 */
export function timelineSeries(timeline: LabellerTimeline, labellers: readonly Labeller[], metric: TimelineMetric): TimelineSeries {
  const first = Math.floor(timeline.start / timeline.bucket_seconds) * timeline.bucket_seconds;
  const periods: number[] = [];
  for (let period = first; period <= timeline.end; period += timeline.bucket_seconds) periods.push(period);
  const shown = [...labellers].sort((a, b) => b.answers - a.answers).slice(0, MAX_CHART_SERIES);
  const series = shown.map((labeller, index) => {
    const byPeriod = new Map(timeline.points.filter((point) => point.user_id === labeller.user_id).map((point) => [point.period_start, point]));
    return {
      key: `p${index}`,
      label: labellerName(labeller),
      values: periods.map((period) => byPeriod.get(period)?.[metric] ?? TIMELINE_METRICS[metric].missing),
    };
  });
  return { periods, series };
}
