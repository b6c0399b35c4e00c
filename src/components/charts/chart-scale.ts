export interface LinearScale {
  /** The top of the axis: a round number at or above the largest value. */
  max: number;
  ticks: number[];
  /** Maps a value to a pixel offset from the bottom of the plot (0 at the baseline, `height` at `max`). */
  toPixels: (value: number) => number;
}

/** The smallest 1, 2 or 5 × 10ⁿ that is at least `value`, so that axis labels read as round numbers. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * magnitude >= value) ?? 10;
  return step * magnitude;
}

/**
 * A y scale from zero to a round maximum (or `fixedMax`, such as 1 for ratios), with `tickCount` equal steps, or
 * five when that keeps the ticks whole numbers (and whole numbers when counts are small).
 */
export function linearScale(values: number[], height: number, tickCount = 4, fixedMax?: number): LinearScale {
  const largest = Math.max(0, ...values);
  let max = fixedMax ?? niceCeiling(largest);
  if (fixedMax === undefined && max < tickCount) max = tickCount;
  // A round maximum of 5 × 10ⁿ or 10ⁿ (n ≥ 0) splits into whole fifths where it would not into quarters.
  const steps = fixedMax === undefined && max >= 5 && max % tickCount !== 0 && max % 5 === 0 ? 5 : tickCount;
  const ticks = Array.from({ length: steps + 1 }, (_, index) => (max / steps) * index);
  return { max, ticks, toPixels: (value) => (Math.max(0, value) / max) * height };
}
