import { linearScale } from './chart-scale';
import './line-chart.css';

const WIDTH = 600;
const HEIGHT = 180;
const LEFT = 36;
const BOTTOM = 20;
const TOP = 8;
const PLOT_HEIGHT = HEIGHT - BOTTOM - TOP;
const PLOT_WIDTH = WIDTH - LEFT - 8;

interface ChartSeries {
  /** Names its colour: `chart__line--<key>`, `chart__point--<key>`, `legend__swatch--<key>`. */
  key: string;
  label: string;
  /** One value per x label; null leaves a gap. */
  values: readonly (number | null)[];
}

export interface LineChartProps {
  /** What the chart shows, for screen readers and the table's caption. */
  title: string;
  xLabels: readonly string[];
  series: readonly ChartSeries[];
  /** A fixed top of the y axis (1 for ratios); else a round number above the largest value. */
  yMax?: number;
  formatValue?: (value: number) => string;
}

/** The polyline pieces of a series: runs of values without a gap. */
function segments(values: readonly (number | null)[]): { index: number; value: number }[][] {
  const runs: { index: number; value: number }[][] = [[]];
  values.forEach((value, index) => {
    if (value === null) runs.push([]);
    else runs.at(-1)!.push({ index, value });
  });
  return runs.filter((run) => run.length > 0);
}

/** The first and last labels of several lie inside the plot's ends, the others centred on their points. */
const labelAnchor = (index: number, count: number) => (count <= 1 ? 'middle' : index === 0 ? 'start' : index === count - 1 ? 'end' : 'middle');

/** Lines drawn by hand in SVG, a dot per value (so a single value still shows), with a table for screen readers. */
export function LineChart({ title, xLabels, series, yMax, formatValue = String }: LineChartProps) {
  const values = series.flatMap((s) => s.values.filter((value): value is number => value !== null));
  const scale = linearScale(values, PLOT_HEIGHT, 4, yMax);
  const x = (index: number) => LEFT + (xLabels.length <= 1 ? PLOT_WIDTH / 2 : (index / (xLabels.length - 1)) * PLOT_WIDTH);
  const y = (value: number) => TOP + PLOT_HEIGHT - scale.toPixels(value);
  const labelEvery = Math.max(1, Math.ceil(xLabels.length / 6));

  return (
    <figure className="chart-figure">
      <svg className="chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title}>
        {scale.ticks.map((tick) => (
          <g key={tick}>
            <line className="chart__grid" x1={LEFT} x2={WIDTH - 8} y1={y(tick)} y2={y(tick)} />
            <text className="chart__label" x={LEFT - 6} y={y(tick) + 3} textAnchor="end">
              {formatValue(tick)}
            </text>
          </g>
        ))}
        <line className="chart__axis" x1={LEFT} x2={LEFT} y1={TOP} y2={TOP + PLOT_HEIGHT} />
        {xLabels.map((label, index) =>
          index % labelEvery === 0 ? (
            <text key={index} className="chart__label" x={x(index)} y={HEIGHT - 4} textAnchor={labelAnchor(index, xLabels.length)}>
              {label}
            </text>
          ) : null,
        )}
        {series.map((s) => (
          <g key={s.key}>
            {segments(s.values).map((run) => (
              <polyline
                key={run[0]!.index}
                className={`chart__line chart__line--${s.key}`}
                points={run.map((point) => `${x(point.index)},${y(point.value)}`).join(' ')}
              />
            ))}
            {s.values.map((value, index) =>
              value === null ? null : (
                <circle key={index} className={`chart__point chart__point--${s.key}`} cx={x(index)} cy={y(value)} r={3} />
              ),
            )}
          </g>
        ))}
      </svg>
      {series.length > 1 && (
        <figcaption className="legend">
          {series.map((s) => (
            <span key={s.key}>
              <span className={`legend__swatch legend__swatch--${s.key}`} />
              {s.label}
            </span>
          ))}
        </figcaption>
      )}
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Point</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {xLabels.map((label, index) => (
            <tr key={index}>
              <td>{label}</td>
              {series.map((s) => {
                const value = s.values[index];
                return <td key={s.key}>{value === null || value === undefined ? '—' : formatValue(value)}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
