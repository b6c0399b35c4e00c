/**
 * Raw evidence (0..1) to probability: a logistic curve placed so that a part in full colour (evidence ≈ 0.9)
 * comes out near 1, a washed-out or doubtful one (≈ 0.35) near 0.5, and no evidence at all near 0.
 */
const SLOPE = 10;
const MIDPOINT = 0.25;

export function calibrate(score: number): number {
  return 1 / (1 + Math.exp(-SLOPE * (score - MIDPOINT)));
}

/** With an unknown appearance the models can only guess: probabilities stay within 0.5 ± 0.1. */
export const UNKNOWN_APPEARANCE_SPREAD = 0.2;

/** The probability that a subject is present when no candidate region was found. */
export const ABSENT_PROBABILITY = calibrate(0);
