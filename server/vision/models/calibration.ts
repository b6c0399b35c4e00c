/**
 * Raw evidence (0..1) to probability: a logistic curve placed so that a part in full colour (evidence ≈ 0.9)
 * comes out near 1, a washed-out or doubtful one (≈ 0.35) near 0.5, and no evidence at all near 0.
 */
const SLOPE = 10;
const MIDPOINT = 0.25;

export function calibrate(score: number): number {
  return 1 / (1 + Math.exp(-SLOPE * (score - MIDPOINT)));
}

/** The probability that a subject is present when no candidate region was found. */
export const ABSENT_PROBABILITY = calibrate(0);

/**
 * The pretrained detector's score (0..1) to probability. Its scores run low, so a score of DETECTOR_MIDPOINT is even
 * odds: on the real-photo benchmark (docs/models.md) about half of the boxes scoring near 0.4 are right, a fifth of
 * those near 0.35 and one in twenty of those near 0.25. box_detection shows boxes from probability 0.25 (score 0.31).
 */
const DETECTOR_SLOPE = 12;
const DETECTOR_MIDPOINT = 0.4;

export function calibrateDetectorScore(score: number): number {
  return 1 / (1 + Math.exp(-DETECTOR_SLOPE * (score - DETECTOR_MIDPOINT)));
}

/** The probability a model gives a subject it cannot see (mapped to no detector class and with no colour). */
export const UNKNOWN_SUBJECT_PROBABILITY = 0.5;
