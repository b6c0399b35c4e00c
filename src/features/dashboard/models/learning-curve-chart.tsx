import type { LearningCurve } from '../../../api/schemas/learning-curve';
import { FIGURE_BETTER } from '../../../api/schemas/measures';
import { niceCeiling } from '../../../components/charts/chart-scale';
import { formatMeasure, FIGURE_LABELS } from './measure-words';

/** The figure the curve draws, by its label. */
export const curveFigureName = (curve: LearningCurve) => (curve.figure ? FIGURE_LABELS[curve.figure] : 'Measure');

const WIDTH = 600;
const HEIGHT = 200;
const LEFT = 40;
const RIGHT = 12;
const TOP = 8;
const BOTTOM = 34;

/** The least span of the y axis: releases that all measure the same still get an axis around them. */
const MIN_SPAN = 0.04;

/** Round ticks from below the lowest to above the highest value: the measures move by hundredths, not across 0..1. */
function ticksAround(low: number, high: number, { count = 4, minSpan = 0, ceiling = Infinity } = {}): number[] {
  const widen = Math.max(0, minSpan - (high - low)) / 2;
  const over = Math.max(0, high + widen - ceiling);
  // every figure is at least 0 (ratios, errors), and a ratio at most 1
  [low, high] = [Math.max(0, low - widen - over), high + widen - over];
  const step = niceCeiling((high - low) / count);
  const first = Math.floor(low / step) * step;
  const last = Math.ceil(high / step) * step;
  return Array.from({ length: Math.round((last - first) / step) + 1 }, (_, index) => first + index * step);
}

/**
 * The releases as points with their intervals against training answers, and the fitted curve inside its band; the
 * figures are in the table beside it (`LearningCurvePoints`).
 */
export function LearningCurveChart({ curve }: { curve: LearningCurve }) {
  const points = curve.points.filter((point) => point.measure !== null);
  const band = curve.fit?.band ?? [];
  const title = `${curveFigureName(curve)} on the same ${curve.held_out} held-out answers, against the training answers each release learned from`;
  const values = [...points.flatMap((point) => [point.low ?? point.measure!, point.high ?? point.measure!]), ...band.flatMap((at) => [at.low, at.high])];
  const ceiling = curve.figure && FIGURE_BETTER[curve.figure] === 'higher' ? 1 : Infinity;
  const yTicks = ticksAround(Math.min(...values), Math.max(...values), { minSpan: MIN_SPAN, ceiling });
  const xTicks = ticksAround(0, Math.max(1, ...points.map((point) => point.training_answers), ...band.map((at) => at.answers)), { count: 5 });
  const [yLow, yHigh] = [yTicks[0]!, yTicks.at(-1)!];
  const xHigh = xTicks.at(-1)!;
  const x = (answers: number) => LEFT + (answers / xHigh) * (WIDTH - LEFT - RIGHT);
  // a band fitted past a ratio's 1 is drawn to the top of the axis
  const y = (value: number) => TOP + (1 - (Math.min(yHigh, Math.max(yLow, value)) - yLow) / (yHigh - yLow)) * (HEIGHT - TOP - BOTTOM);
  const bandArea = [...band.map((at) => `${x(at.answers)},${y(at.high)}`), ...[...band].reverse().map((at) => `${x(at.answers)},${y(at.low)}`)].join(' ');

  return (
    <figure className="chart-figure">
      <svg className="chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title}>
        {yTicks.map((tick) => (
          <g key={tick}>
            <line className="chart__grid" x1={LEFT} x2={WIDTH - RIGHT} y1={y(tick)} y2={y(tick)} />
            <text className="chart__label" x={LEFT - 6} y={y(tick) + 3} textAnchor="end">
              {formatMeasure(tick)}
            </text>
          </g>
        ))}
        <line className="chart__axis" x1={LEFT} x2={LEFT} y1={TOP} y2={HEIGHT - BOTTOM} />
        {xTicks.map((tick) => (
          <text key={tick} className="chart__label" x={x(tick)} y={HEIGHT - BOTTOM + 14} textAnchor="middle">
            {tick}
          </text>
        ))}
        <text className="chart__label" x={LEFT + (WIDTH - LEFT - RIGHT) / 2} y={HEIGHT - 4} textAnchor="middle">
          Training answers
        </text>
        {band.length > 0 && (
          <>
            <polygon className="chart__band" points={bandArea} />
            <polyline className="chart__line chart__line--fit" points={band.map((at) => `${x(at.answers)},${y(at.measure)}`).join(' ')} />
          </>
        )}
        {points.map((point) => (
          <g key={point.model_id}>
            {point.low !== null && point.high !== null && (
              <path
                className="chart__whisker"
                d={`M${x(point.training_answers)},${y(point.low)}V${y(point.high)}M${x(point.training_answers) - 4},${y(point.low)}h8M${x(point.training_answers) - 4},${y(point.high)}h8`}
              />
            )}
            <circle className="chart__point chart__point--measure" cx={x(point.training_answers)} cy={y(point.measure!)} r={3.5} />
          </g>
        ))}
      </svg>
      <figcaption className="legend">
        <span>
          <span className="legend__swatch legend__swatch--measure" />A release, with its 90 % interval
        </span>
        {band.length > 0 && (
          <span>
            <span className="legend__swatch legend__swatch--fit" />
            Fitted curve and its band
          </span>
        )}
      </figcaption>
    </figure>
  );
}
