import type { Labeller, LabellerTimeline, TimelinePoint } from '../../../api/schemas/labellers';
import { MAX_CHART_SERIES, timelineSeries } from './timeline-series';

const DAY = 86_400;
const base = 20_000 * DAY;
const person = (user_id: string, answers: number) => ({ user_id, name: user_id, email: null, answers }) as Labeller;
const point = (user_id: string, day: number, answers: number, agreement: number | null) =>
  ({ user_id, period_start: base + day * DAY, answers, agreement }) as TimelinePoint;
const timeline: LabellerTimeline = {
  bucket: 'day',
  bucket_seconds: DAY,
  start: base + 3600,
  end: base + 2 * DAY + 60,
  points: [point('ann', 0, 5, 1), point('ann', 2, 3, 0.5), point('bob', 1, 7, null)],
};

describe('timeline series', () => {
  it('has every period of the window, counts 0 where a labeller did nothing and gaps for ratios', () => {
    const labellers = [person('bob', 7), person('ann', 8)];
    expect(timelineSeries(timeline, labellers, 'answers')).toEqual({
      periods: [base, base + DAY, base + 2 * DAY],
      series: [
        { key: 'p0', label: 'ann', values: [5, 0, 3] },
        { key: 'p1', label: 'bob', values: [0, 7, 0] },
      ],
    });
    expect(timelineSeries(timeline, labellers, 'agreement').series.map((series) => series.values)).toEqual([
      [1, null, 0.5],
      [null, null, null],
    ]);
  });

  it('draws only the busiest labellers', () => {
    const many = Array.from({ length: MAX_CHART_SERIES + 2 }, (_, index) => person(`p${index}`, index));
    const { series } = timelineSeries(timeline, many, 'answers');
    expect(series.map((line) => line.label)).toEqual(['p7', 'p6', 'p5', 'p4', 'p3', 'p2']);
  });
});
