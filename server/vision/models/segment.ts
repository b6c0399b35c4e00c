import { hexToRgb, labDistance, rgbToLab, type Lab } from '../colour';
import type { AnalysisImage } from './analysis-image';
import type { SubjectAppearance } from './parameters';

/**
 * Per pixel, how strongly it shows the subject, 0..1 (0: not at all).
 *
 * A part seen faintly is a mix of the background and its colour, so each pixel is unmixed: its offset from the
 * background is projected on the line from the background to the subject's colour. The projection (0 background,
 * 1 the full colour) is the strength; the distance off that line must stay within the tolerance. Lightness
 * counts only a quarter here: it follows the light and whatever lies under a translucent part.
 */
export function colourStrengths(image: AnalysisImage, appearance: SubjectAppearance): Float32Array {
  const colour = rgbToLab(...hexToRgb(appearance.color));
  const reach = 100 * appearance.tolerance;
  const background = backgroundLab(image, colour, reach);
  const u = weightedDifference(colour, background);
  const uLength2 = u[0] * u[0] + u[1] * u[1] + u[2] * u[2];
  const strengths = new Float32Array(image.width * image.height);
  const { lab } = image;
  if (uLength2 < MIN_CONTRAST * MIN_CONTRAST) {
    // the colour is too close to the background to unmix: plain distance to the colour
    for (let i = 0; i < strengths.length; i += 1) {
      const d = labDistance(lab[i * 3] ?? 0, lab[i * 3 + 1] ?? 0, lab[i * 3 + 2] ?? 0, colour[0], colour[1], colour[2]);
      strengths[i] = Math.max(0, 1 - d / (2 * reach));
    }
    return strengths;
  }
  for (let i = 0; i < strengths.length; i += 1) {
    const v0 = ((lab[i * 3] ?? 0) - background[0]) * UNMIX_LIGHTNESS_WEIGHT;
    const v1 = (lab[i * 3 + 1] ?? 0) - background[1];
    const v2 = (lab[i * 3 + 2] ?? 0) - background[2];
    const mix = (v0 * u[0] + v1 * u[1] + v2 * u[2]) / uLength2;
    if (mix < MIN_MIX || mix > MAX_MIX) continue;
    const off = Math.hypot(v0 - mix * u[0], v1 - mix * u[1], v2 - mix * u[2]);
    const fit = 1 - off / (reach * Math.max(mix, HALF));
    if (fit > 0) strengths[i] = Math.min(1, mix) * Math.sqrt(fit);
  }
  return strengths;
}

const UNMIX_LIGHTNESS_WEIGHT = 0.25;
const HALF = 0.5;
const MIN_CONTRAST = 15;
const MIN_MIX = 0.18;
const MAX_MIX = 1.8;

function weightedDifference(a: Lab, b: Lab): [number, number, number] {
  return [(a[0] - b[0]) * UNMIX_LIGHTNESS_WEIGHT, a[1] - b[1], a[2] - b[2]];
}

/** The median colour of the pixels that are clearly not the subject's colour. */
function backgroundLab(image: AnalysisImage, colour: Lab, farther: number): Lab {
  const { lab } = image;
  const notSubject = (i: number) =>
    labDistance(lab[i * 3] ?? 0, lab[i * 3 + 1] ?? 0, lab[i * 3 + 2] ?? 0, colour[0], colour[1], colour[2]) > farther;
  return medianLab(image, notSubject);
}

/** Per-channel median over the chosen pixels (all pixels when none is chosen), by one-unit histograms. */
export function medianLab(image: AnalysisImage, chosen: (index: number) => boolean): Lab {
  const histogram = new Uint32Array(3 * BINS);
  const pixelCount = image.width * image.height;
  let total = 0;
  for (let pass = 0; pass < 2 && total === 0; pass += 1) {
    for (let i = 0; i < pixelCount; i += 1) {
      if (pass === 0 && !chosen(i)) continue;
      total += 1;
      for (let c = 0; c < 3; c += 1) histogram[c * BINS + histogramBin(image.lab[i * 3 + c] ?? 0, c)]! += 1;
    }
  }
  const median = (channel: number) => {
    let seen = 0;
    for (let bin = 0; bin < BINS; bin += 1) {
      seen += histogram[channel * BINS + bin] ?? 0;
      if (seen * 2 >= total) return bin - binOffset(channel);
    }
    return 0;
  };
  return [median(0), median(1), median(2)];
}

const BINS = 256;
/** L runs from 0 to 100, a and b from about -128 to 127. */
const binOffset = (channel: number) => (channel === 0 ? 0 : 128);
const histogramBin = (value: number, channel: number) => Math.min(BINS - 1, Math.max(0, Math.round(value + binOffset(channel))));

/** A connected region of pixels with some strength, in analysis pixels (max ends included). */
export interface Region {
  area: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  sumX: number;
  sumY: number;
  /** Mean strength of its pixels. */
  strength: number;
  touchesBorder: boolean;
}

/** 8-connected regions of pixels with strength > 0, by a two-pass labelling with union-find. */
export function connectedRegions(strengths: Float32Array, width: number, height: number, minArea: number): Region[] {
  const labels = new Int32Array(width * height).fill(-1);
  const parent: number[] = [];
  const find = (label: number): number => {
    let root = label;
    while (parent[root] !== root) root = parent[root] ?? root;
    let node = label;
    while (parent[node] !== root) [node, parent[node]] = [parent[node] ?? root, root];
    return root;
  };
  const union = (a: number, b: number) => {
    const rootA = find(a);
    const rootB = find(b);
    if (rootA !== rootB) parent[Math.max(rootA, rootB)] = Math.min(rootA, rootB);
  };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if ((strengths[i] ?? 0) <= 0) continue;
      let label = -1;
      for (const neighbour of [x > 0 ? i - 1 : -1, y > 0 && x > 0 ? i - width - 1 : -1, y > 0 ? i - width : -1, y > 0 && x < width - 1 ? i - width + 1 : -1]) {
        const other = neighbour >= 0 ? (labels[neighbour] ?? -1) : -1;
        if (other < 0) continue;
        if (label < 0) label = other;
        else union(label, other);
      }
      if (label < 0) {
        label = parent.length;
        parent.push(label);
      }
      labels[i] = label;
    }
  }
  const regions = new Map<number, Region & { strengthSum: number }>();
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      const label = labels[i] ?? -1;
      if (label < 0) continue;
      const root = find(label);
      let region = regions.get(root);
      if (!region) {
        region = { area: 0, minX: x, minY: y, maxX: x, maxY: y, sumX: 0, sumY: 0, strength: 0, strengthSum: 0, touchesBorder: false };
        regions.set(root, region);
      }
      region.area += 1;
      region.minX = Math.min(region.minX, x);
      region.minY = Math.min(region.minY, y);
      region.maxX = Math.max(region.maxX, x);
      region.maxY = Math.max(region.maxY, y);
      region.sumX += x;
      region.sumY += y;
      region.strengthSum += strengths[i] ?? 0;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) region.touchesBorder = true;
    }
  }
  return [...regions.values()]
    .filter((region) => region.area >= minArea)
    .map(({ strengthSum, ...region }) => ({ ...region, strength: strengthSum / region.area }));
}
