import type { BoxCoords } from '../../../src/api/types';
import type { PointCoords } from '../../../src/api/application-types/answer';
import type { AnalysisImage } from './analysis-image';
import { ABSENT_PROBABILITY, calibrate, UNKNOWN_APPEARANCE_SPREAD } from './calibration';
import type { SubjectAppearance } from './parameters';
import { colourStrengths, connectedRegions, saliencyStrengths, type Region } from './segment';

/** A candidate object of a subject, in media pixels. */
export interface Detection {
  box: BoxCoords;
  centre: PointCoords;
  /** Area of its matching pixels. */
  area: number;
  /** Raw evidence 0..1 before calibration. */
  score: number;
  probability: number;
  touchesBorder: boolean;
}

/** Smaller regions are never objects, whatever the configured min_area. */
const MIN_ANALYSIS_AREA = 4;
const BORDER_FACTOR = 0.8;
const OVERSIZE_FACTOR = 0.75;
const OVERSIZE_RATIO = 1.8;

/** The candidate objects of one subject, most probable first. Unknown appearance: whatever stands out, near 0.5. */
export function detectObjects(image: AnalysisImage, appearance: SubjectAppearance | null): Detection[] {
  const strengths = appearance ? colourStrengths(image, appearance) : saliencyStrengths(image);
  const pixelArea = image.scaleX * image.scaleY;
  const minArea = Math.max(MIN_ANALYSIS_AREA, (appearance?.min_area ?? 0) / pixelArea);
  const regions = connectedRegions(strengths, image.width, image.height, minArea);
  const detections = regions.map((region) => {
    const score = scoreOf(region, minArea, appearance?.typical_area ? appearance.typical_area / pixelArea : null);
    const probability = appearance ? calibrate(score) : 0.5 + (calibrate(score) - 0.5) * UNKNOWN_APPEARANCE_SPREAD;
    return { ...toMedia(image, region), area: region.area * pixelArea, score, probability, touchesBorder: region.touchesBorder };
  });
  return detections.sort((a, b) => b.probability - a.probability);
}

/** Colour evidence, lowered for regions barely above the minimum size, cut by the frame edge, or oversized. */
function scoreOf(region: Region, minArea: number, typicalArea: number | null): number {
  const size = Math.min(1, Math.sqrt(region.area / (2 * minArea)));
  const border = region.touchesBorder ? BORDER_FACTOR : 1;
  const oversize = typicalArea !== null && region.area > OVERSIZE_RATIO * typicalArea ? OVERSIZE_FACTOR : 1;
  return region.strength * size * border * oversize;
}

function toMedia(image: AnalysisImage, region: Region): Pick<Detection, 'box' | 'centre'> {
  const { region: frame, scaleX, scaleY } = image;
  return {
    box: {
      x0: Math.max(frame.x0, Math.floor(frame.x0 + region.minX * scaleX)),
      y0: Math.max(frame.y0, Math.floor(frame.y0 + region.minY * scaleY)),
      x1: Math.min(frame.x1, Math.ceil(frame.x0 + (region.maxX + 1) * scaleX)),
      y1: Math.min(frame.y1, Math.ceil(frame.y0 + (region.maxY + 1) * scaleY)),
    },
    centre: {
      x: frame.x0 + (region.sumX / region.area + 0.5) * scaleX,
      y: frame.y0 + (region.sumY / region.area + 0.5) * scaleY,
    },
  };
}

/** The probability that the subject is present at all: its best candidate's, or the absent probability. */
export function presenceOf(detections: readonly Detection[]): { probability: number; score: number } {
  const best = detections[0];
  return best ? { probability: best.probability, score: best.score } : { probability: ABSENT_PROBABILITY, score: 0 };
}

/** Candidates at least this probable may change a set's answer, so they count when summing up its certainty. */
const RELEVANT_PROBABILITY = 0.1;

/**
 * The summary of a multi-object answer (boxes, a count, points): the probability of the candidate nearest 0.5,
 * the one most likely to be decided wrongly; the presence probability when there is no candidate.
 */
export function leastCertainProbability(detections: readonly Detection[]): number {
  const relevant = detections.filter((detection) => detection.probability >= RELEVANT_PROBABILITY);
  if (relevant.length === 0) return presenceOf(detections).probability;
  return relevant.reduce((worst, detection) =>
    Math.abs(detection.probability - 0.5) < Math.abs(worst.probability - 0.5) ? detection : worst,
  ).probability;
}
