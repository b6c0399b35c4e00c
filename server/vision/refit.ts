import { setImmediate as nextTurnOfTheLoop } from 'node:timers/promises';
import type { BoxCoords } from '../../src/api/types';
import type { FeedbackSubjectAnswer } from '../../src/api/application-types/answer';
import { labDistance, labToRgb, rgbToHex, type Lab } from './colour';
import { loadAnalysisImage, type AnalysisImage } from './models/analysis-image';
import { DEFAULT_MIN_AREA, type ModelParameters, type SubjectAppearance } from './models/parameters';
import { medianLab } from './models/segment';

export interface FeedbackExample {
  image: Buffer;
  answers: readonly FeedbackSubjectAnswer[];
}

/** A pixel this far from the image's median colour belongs to some object rather than the belt. */
const FOREGROUND_DISTANCE = 20;
const MIN_SAMPLES = 30;
const TOLERANCE_RANGE: readonly [number, number] = [0.12, 0.35];
const SPREAD_PERCENTILE = 0.9;
const MIN_AREA_SHARE = 0.3;

/** A part of an image where a True answer shows its subject; the foreground area of an `object` region is one object's. */
interface EvidenceRegion {
  box: BoxCoords;
  object: boolean;
}

/** How a release re-fits a type's model to people's answers (each type module brings one). */
export interface AppearanceFit {
  /** Where this True answer (among all the item's answers) shows its subject; `frame` is the analysed region. */
  evidence(answer: FeedbackSubjectAnswer, answers: readonly FeedbackSubjectAnswer[], frame: BoxCoords): EvidenceRegion[];
  /** A last adjustment of a subject's refitted appearance, from every example. */
  refine?(appearance: SubjectAppearance, uid: string, examples: readonly FeedbackExample[], images: readonly AnalysisImage[]): SubjectAppearance;
}

interface SubjectEvidence {
  samples: Lab[];
  /** Foreground area of each confirmed object, in media pixels. */
  objectAreas: number[];
}

/**
 * A model release: the baseline's parameters re-fitted to people's answers. A subject's colour becomes the median
 * of the object pixels people confirmed where the type's `fit` finds its evidence (inside boxes, around points, or
 * the whole frame of a confirmed class), its tolerance follows their spread, and its minimum and typical areas
 * follow the confirmed objects (and whatever the type's `refine` adds, e.g. counts).
 */
export async function refitParameters(
  fit: AppearanceFit,
  parameters: ModelParameters,
  examples: readonly FeedbackExample[],
): Promise<ModelParameters> {
  const images = await Promise.all(examples.map((example) => loadAnalysisImage(example.image)));
  const appearance = { ...parameters.appearance };
  for (const uid of Object.keys(appearance)) {
    const evidence: SubjectEvidence = { samples: [], objectAreas: [] };
    for (const [index, example] of examples.entries()) {
      const image = images[index];
      if (image) collectEvidence(fit, uid, example.answers, image, evidence);
      // each image takes milliseconds (a release reads up to 200): requests are answered in between
      await nextTurnOfTheLoop();
    }
    const refitted = withEvidence(appearance[uid] ?? null, evidence);
    appearance[uid] = fit.refine && refitted ? fit.refine(refitted, uid, examples, images) : refitted;
  }
  return { ...parameters, appearance };
}

function collectEvidence(
  fit: AppearanceFit,
  uid: string,
  answers: readonly FeedbackSubjectAnswer[],
  image: AnalysisImage,
  evidence: SubjectEvidence,
): void {
  const answer = answers.find((candidate) => candidate.subject_uid === uid && candidate.result === 'True');
  const regions = answer ? fit.evidence(answer, answers, image.region) : [];
  if (regions.length === 0) return;
  const isForeground = foregroundTest(image);
  for (const region of regions) {
    const found = sampleBox(image, region.box, isForeground, evidence.samples);
    if (region.object) evidence.objectAreas.push(found * image.scaleX * image.scaleY);
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

function medianOf(samples: readonly Lab[]): Lab {
  return [0, 1, 2].map((channel) => medianValue(samples.map((sample) => sample[channel] ?? 0))) as unknown as Lab;
}

export function medianValue(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
