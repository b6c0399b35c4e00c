import type { AppData, BoxCoords, FeedbackSubjectAnswer, LabellableType, PointCoords } from '../../src/api/types';
import { labDistance, labToRgb, rgbToHex, type Lab } from './colour';
import { loadAnalysisImage, type AnalysisImage } from './models/analysis-image';
import { detectObjects } from './models/detections';
import { DEFAULT_MIN_AREA, type ModelParameters, type SubjectAppearance } from './models/parameters';
import { ACCEPT_PROBABILITY } from './models/proposal';
import { medianLab } from './models/segment';

export interface FeedbackExample {
  image: Buffer;
  answers: readonly FeedbackSubjectAnswer[];
}

/** A pixel this far from the image's median colour belongs to some object rather than the belt. */
const FOREGROUND_DISTANCE = 20;
const POINT_RADIUS = 3;
const MIN_SAMPLES = 30;
const TOLERANCE_RANGE: readonly [number, number] = [0.12, 0.35];
const SPREAD_PERCENTILE = 0.9;
const MIN_AREA_SHARE = 0.3;

interface SubjectEvidence {
  samples: Lab[];
  /** Foreground area of each confirmed object, in media pixels. */
  objectAreas: number[];
}

/**
 * A model release: the baseline's parameters re-fitted to people's answers. A subject's colour becomes the median
 * of the object pixels people confirmed (inside boxes, around points, or the whole frame of a confirmed class),
 * its tolerance follows their spread, and its minimum and typical areas follow the confirmed objects and counts.
 */
export async function refitParameters(
  type: LabellableType,
  parameters: ModelParameters,
  examples: readonly FeedbackExample[],
): Promise<ModelParameters> {
  const images = await Promise.all(examples.map((example) => loadAnalysisImage(example.image)));
  const appearance = { ...parameters.appearance };
  for (const uid of Object.keys(appearance)) {
    const evidence: SubjectEvidence = { samples: [], objectAreas: [] };
    examples.forEach((example, index) => {
      const image = images[index];
      if (image) collectEvidence(type, uid, example.answers, image, evidence);
    });
    const refitted = withEvidence(appearance[uid] ?? null, evidence);
    appearance[uid] = type === 'static_count' && refitted ? withCountedArea(refitted, uid, examples, images) : refitted;
  }
  return { ...parameters, appearance };
}

function collectEvidence(
  type: LabellableType,
  uid: string,
  answers: readonly FeedbackSubjectAnswer[],
  image: AnalysisImage,
  evidence: SubjectEvidence,
): void {
  const answer = answers.find((candidate) => candidate.subject_uid === uid && candidate.result === 'True');
  if (!answer) return;
  const isForeground = foregroundTest(image);
  const wholeFrameIsSubject =
    type === 'classification' ||
    (type === 'detection_fullframe' && answers.filter((candidate) => candidate.result === 'True').length === 1);
  if (wholeFrameIsSubject) {
    sampleBox(image, image.region, isForeground, evidence.samples);
  } else if (answer.app_data_type === 'box_set') {
    for (const { box } of boxesOf(answer.app_data)) {
      const found = sampleBox(image, box, isForeground, evidence.samples);
      evidence.objectAreas.push(found * image.scaleX * image.scaleY);
    }
  } else if (answer.app_data_type === 'point') {
    for (const point of pointsOf(answer.app_data)) {
      const r = POINT_RADIUS;
      sampleBox(image, { x0: point.x - r, y0: point.y - r, x1: point.x + r + 1, y1: point.y + r + 1 }, isForeground, evidence.samples);
    }
  }
}

function foregroundTest(image: AnalysisImage): (index: number) => boolean {
  const { lab } = image;
  const background = medianLab(image, () => true);
  return (i) =>
    labDistance(lab[i * 3] ?? 0, lab[i * 3 + 1] ?? 0, lab[i * 3 + 2] ?? 0, background[0], background[1], background[2]) >
    FOREGROUND_DISTANCE;
}

/** Adds the foreground pixels of a media-pixel box to the samples and returns how many there were. */
function sampleBox(image: AnalysisImage, box: BoxCoords, isForeground: (index: number) => boolean, samples: Lab[]): number {
  const { region, scaleX, scaleY, lab } = image;
  const ax0 = Math.max(0, Math.floor((box.x0 - region.x0) / scaleX));
  const ay0 = Math.max(0, Math.floor((box.y0 - region.y0) / scaleY));
  const ax1 = Math.min(image.width, Math.ceil((box.x1 - region.x0) / scaleX));
  const ay1 = Math.min(image.height, Math.ceil((box.y1 - region.y0) / scaleY));
  let found = 0;
  for (let y = ay0; y < ay1; y += 1) {
    for (let x = ax0; x < ax1; x += 1) {
      const i = y * image.width + x;
      if (!isForeground(i)) continue;
      samples.push([lab[i * 3] ?? 0, lab[i * 3 + 1] ?? 0, lab[i * 3 + 2] ?? 0]);
      found += 1;
    }
  }
  return found;
}

function withEvidence(current: SubjectAppearance | null, { samples, objectAreas }: SubjectEvidence): SubjectAppearance | null {
  if (samples.length < MIN_SAMPLES) return current;
  const colour = medianOf(samples);
  const distances = samples.map((s) => labDistance(s[0], s[1], s[2], colour[0], colour[1], colour[2])).sort((a, b) => a - b);
  const spread = (distances[Math.floor(SPREAD_PERCENTILE * (distances.length - 1))] ?? 0) / 100;
  const minArea = current?.min_area ?? DEFAULT_MIN_AREA;
  const smallest = objectAreas.length > 0 ? Math.min(...objectAreas) : Infinity;
  return {
    color: rgbToHex(labToRgb(colour)),
    tolerance: Math.min(TOLERANCE_RANGE[1], Math.max(TOLERANCE_RANGE[0], spread)),
    min_area: Math.max(1, Math.round(Math.min(minArea, MIN_AREA_SHARE * smallest))),
    typical_area: objectAreas.length > 0 ? Math.round(medianValue(objectAreas)) : (current?.typical_area ?? null),
  };
}

/** The area of one object: the median over confirmed counts of the confidently matched area per counted object. */
function withCountedArea(
  appearance: SubjectAppearance,
  uid: string,
  examples: readonly FeedbackExample[],
  images: readonly AnalysisImage[],
): SubjectAppearance {
  const perObject: number[] = [];
  examples.forEach((example, index) => {
    const answer = example.answers.find((candidate) => candidate.subject_uid === uid && candidate.result === 'True');
    const image = images[index];
    if (!image || typeof answer?.app_data !== 'number' || answer.app_data <= 0) return;
    const area = detectObjects(image, { ...appearance, typical_area: null })
      .filter((detection) => detection.probability >= ACCEPT_PROBABILITY)
      .reduce((sum, detection) => sum + detection.area, 0);
    if (area > 0) perObject.push(area / answer.app_data);
  });
  return perObject.length > 0 ? { ...appearance, typical_area: Math.round(medianValue(perObject)) } : appearance;
}

function boxesOf(data: AppData | null | undefined): { box: BoxCoords }[] {
  return Array.isArray(data) ? data.filter((item): item is { box: BoxCoords } => 'box' in item) : [];
}

function pointsOf(data: AppData | null | undefined): PointCoords[] {
  return Array.isArray(data) ? data.filter((item): item is PointCoords => 'x' in item && 'y' in item) : [];
}

function medianOf(samples: readonly Lab[]): Lab {
  return [0, 1, 2].map((channel) => medianValue(samples.map((sample) => sample[channel] ?? 0))) as unknown as Lab;
}

function medianValue(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
