import type { AssertionsBucket } from '../../../api/endpoints/applications';
import { linearScale } from '../utils/chart-scale';

const WIDTH = 600;
const HEIGHT = 180;
const LEFT = 36;
const BOTTOM = 20;
const TOP = 8;
const PLOT_HEIGHT = HEIGHT - BOTTOM - TOP;
const PLOT_WIDTH = WIDTH - LEFT - 8;

const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const hourFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

const SERIES = [
  { source: 'model', pick: (b: AssertionsBucket) => b.model },
  { source: 'user', pick: (b: AssertionsBucket) => b.user },
] as const;

export interface AssertionsChartProps {
  buckets: readonly AssertionsBucket[];
  bucket: 'hour' | 'day';
}

/** Assertions by source over time: two lines drawn by hand in SVG, with a table for screen readers. */
export function AssertionsChart({ buckets, bucket }: AssertionsChartProps) {
  const scale = linearScale(buckets.flatMap((b) => [b.model, b.user]), PLOT_HEIGHT);
  const x = (index: number) => LEFT + (buckets.length <= 1 ? PLOT_WIDTH / 2 : (index / (buckets.length - 1)) * PLOT_WIDTH);
  const y = (value: number) => TOP + PLOT_HEIGHT - scale.toPixels(value);
  const line = (pick: (b: AssertionsBucket) => number) => buckets.map((b, index) => `${x(index)},${y(pick(b))}`).join(' ');
  const format = (t: number) => (bucket === 'day' ? dayFormat : hourFormat).format(new Date(t * 1000));
  const labelEvery = Math.max(1, Math.ceil(buckets.length / 6));

  return (
    <figure className="panel" style={{ margin: 0 }}>
      <svg className="chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label="Assertions by source over time">
        {scale.ticks.map((tick) => (
          <g key={tick}>
            <line className="chart__grid" x1={LEFT} x2={WIDTH - 8} y1={y(tick)} y2={y(tick)} />
            <text className="chart__label" x={LEFT - 6} y={y(tick) + 3} textAnchor="end">
              {tick}
            </text>
          </g>
        ))}
        <line className="chart__axis" x1={LEFT} x2={LEFT} y1={TOP} y2={TOP + PLOT_HEIGHT} />
        {buckets.map((b, index) =>
          index % labelEvery === 0 ? (
            <text key={b.t} className="chart__label" x={x(index)} y={HEIGHT - 4} textAnchor="middle">
              {format(b.t)}
            </text>
          ) : null,
        )}
        {SERIES.map(({ source, pick }) => (
          <g key={source}>
            <polyline className={`chart__line chart__line--${source}`} points={line(pick)} />
            {/* A dot per bucket, so that a single bucket (one point, no line) still shows. */}
            {buckets.map((b, index) => (
              <circle key={b.t} className={`chart__point chart__point--${source}`} cx={x(index)} cy={y(pick(b))} r={3} />
            ))}
          </g>
        ))}
      </svg>
      <figcaption className="legend">
        <span>
          <span className="legend__swatch legend__swatch--model" />
          Model
        </span>
        <span>
          <span className="legend__swatch legend__swatch--user" />
          User
        </span>
      </figcaption>
      <table className="visually-hidden">
        <caption>Assertions per {bucket}</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Model</th>
            <th scope="col">User</th>
          </tr>
        </thead>
        <tbody>
          {buckets.map((b) => (
            <tr key={b.t}>
              <td>{format(b.t)}</td>
              <td>{b.model}</td>
              <td>{b.user}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
