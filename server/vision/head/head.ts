import { dot, type Embedding } from '../detector/features';

/** Embeddings of what was the subject (positives) and of what was not (negatives), newest first. */
export interface Examples {
  /** Stored embeddings (see `stored`). */
  positives: string[];
  negatives: string[];
  /** How a margin becomes a probability (Platt scaling on the examples' leave-one-out margins); absent: a default. */
  calibration?: Calibration;
}

interface Calibration {
  slope: number;
  offset: number;
}

/**
 * What an application's answers taught about one output subject, in the detector's feature space: the regions of
 * its confirmed objects and of places that were not it, the sizes of its objects, and whole images with and without
 * it. A k-nearest-neighbour head (see docs/models.md for why not a logistic regression).
 */
export interface SubjectHead {
  objects: Examples;
  /** Each confirmed object's width and height, as shares of the analysed frame's. */
  sizes: { width: number; height: number }[];
  images: Examples;
}

/** At most this many of each kind are kept (the newest): the head's size and its scoring time stay bounded. */
export const HEAD_LIMITS = { positives: 40, negatives: 80 };
/** The head speaks only with at least this many examples of each kind. */
const MIN_EXAMPLES = { positives: 2, negatives: 2 };
const NEIGHBOURS = 3;
/** Before a calibration is fitted: how sharply a similarity margin turns into a probability. */
const DEFAULT_CALIBRATION: Calibration = { slope: 24, offset: 0 };

export const isReady = ({ positives, negatives }: Examples): boolean =>
  positives.length >= MIN_EXAMPLES.positives && negatives.length >= MIN_EXAMPLES.negatives;

function meanOfNearest(embedding: ArrayLike<number>, examples: readonly string[], skip?: string): number {
  const similarities = examples.filter((example) => example !== skip).map((example) => dot(embedding, restored(example))).sort((a, b) => b - a);
  const nearest = similarities.slice(0, NEIGHBOURS);
  return nearest.reduce((sum, value) => sum + value, 0) / nearest.length;
}

/**
 * How probable it is that an embedding shows the subject: its nearest positives against its nearest negatives.
 * Null while the examples are too few to say.
 */
export function headProbability(embedding: Embedding, examples: Examples): number | null {
  if (!isReady(examples)) return null;
  const { slope, offset } = examples.calibration ?? DEFAULT_CALIBRATION;
  return sigmoid(slope * marginOf(embedding, examples) + offset);
}

const sigmoid = (value: number) => 1 / (1 + Math.exp(-value));

/** Nearest positives against nearest negatives, the example itself left out when it is one of them. */
const marginOf = (embedding: ArrayLike<number>, { positives, negatives }: Examples, self?: string) =>
  meanOfNearest(embedding, positives, self) - meanOfNearest(embedding, negatives, self);

const CALIBRATION_STEPS = 300;
const LEARNING_RATE = 0.5;

/**
 * Platt scaling: a logistic fit of the examples' own leave-one-out margins (positives and negatives weighed
 * equally), so that a probability means about the same for every subject, however alike its examples are.
 */
export function calibrated(examples: Examples): Examples {
  if (examples.positives.length <= MIN_EXAMPLES.positives || examples.negatives.length <= MIN_EXAMPLES.negatives) return examples;
  const samples = [
    ...examples.positives.map((example) => ({ margin: marginOf(restored(example), examples, example), label: 1, weight: 0.5 / examples.positives.length })),
    ...examples.negatives.map((example) => ({ margin: marginOf(restored(example), examples, example), label: 0, weight: 0.5 / examples.negatives.length })),
  ];
  let { slope, offset } = DEFAULT_CALIBRATION;
  for (let step = 0; step < CALIBRATION_STEPS; step += 1) {
    let slopeGradient = 0;
    let offsetGradient = 0;
    for (const { margin, label, weight } of samples) {
      const error = (sigmoid(slope * margin + offset) - label) * weight;
      slopeGradient += error * margin;
      offsetGradient += error;
    }
    slope -= LEARNING_RATE * slopeGradient * 100;
    offset -= LEARNING_RATE * offsetGradient;
  }
  return { ...examples, calibration: { slope: Math.round(slope * 1000) / 1000, offset: Math.round(offset * 1000) / 1000 } };
}

/** A detector's probability for one of its boxes, corrected by what the application's answers taught. */
export function rescored(detectorProbability: number, learnedProbability: number | null): number {
  if (learnedProbability === null) return detectorProbability;
  const logit = (p: number) => Math.log(Math.max(1e-6, p) / Math.max(1e-6, 1 - p));
  return 1 / (1 + Math.exp(-(logit(detectorProbability) + logit(learnedProbability)) / 2));
}

/** The mean of the positives, as a unit vector: a cheap first look before the neighbours are asked. */
export function prototypeOf(positives: readonly string[]): Embedding {
  const vectors = positives.map(restored);
  const sum = new Float32Array(vectors[0]?.length ?? 0);
  for (const vector of vectors) for (let k = 0; k < sum.length; k += 1) sum[k] = (sum[k] ?? 0) + (vector[k] ?? 0);
  let norm = 0;
  for (const value of sum) norm += value * value;
  return norm > 0 ? sum.map((value) => value / Math.sqrt(norm)) : sum;
}

/**
 * An embedding as the model's parameters store it: its largest magnitude (float32) and each value as a signed byte
 * of it, in base64 (1,024 values in 1.4 KB of JSON instead of 8 KB; the error, under 0.4 % of the largest value, does
 * not change which examples are nearest).
 */
export function stored(embedding: Embedding): string {
  const scale = embedding.reduce((largest, value) => Math.max(largest, Math.abs(value)), 0) || 1;
  const bytes = Buffer.alloc(4 + embedding.length);
  bytes.writeFloatLE(scale, 0);
  embedding.forEach((value, index) => bytes.writeInt8(Math.round((value / scale) * 127), 4 + index));
  return bytes.toString('base64');
}

const restoredCache = new Map<string, Float32Array>();
const RESTORED_CACHE_SIZE = 20_000;

/** A stored embedding, as numbers again (remembered: the same examples are scored against for every window). */
export function restored(text: string): Float32Array {
  const cached = restoredCache.get(text);
  if (cached) return cached;
  const bytes = Buffer.from(text, 'base64');
  const scale = bytes.readFloatLE(0);
  const values = new Float32Array(bytes.length - 4);
  for (let index = 0; index < values.length; index += 1) values[index] = (bytes.readInt8(4 + index) / 127) * scale;
  if (restoredCache.size >= RESTORED_CACHE_SIZE) restoredCache.delete(restoredCache.keys().next().value!);
  restoredCache.set(text, values);
  return values;
}
