import type { BoxCoords } from '../../../src/api/types';
import type { PointCoords } from '../../../src/api/application-types/answer';
import type { AnalysisImage } from './analysis-image';
import { calibrate } from './calibration';
import type { SubjectAppearance } from './parameters';
import { colourStrengths, connectedRegions, type Region } from './segment';

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

/** The colour model's candidate objects of one subject, most probable first. */
export function detectObjects(image: AnalysisImage, appearance: SubjectAppearance): Detection[] {
  const strengths = colourStrengths(image, appearance);
  const pixelArea = image.scaleX * image.scaleY;
  const minArea = Math.max(MIN_ANALYSIS_AREA, appearance.min_area / pixelArea);
  const regions = connectedRegions(strengths, image.width, image.height, minArea);
  const detections = regions.map((region) => {
    const score = scoreOf(region, minArea, appearance.typical_area ? appearance.typical_area / pixelArea : null);
    const probability = calibrate(score);
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
