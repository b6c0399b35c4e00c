import type { BoxCoords } from '../../../src/api/types';
import { intersectionOverUnion } from '../../../src/api/application-types/box-detection';
import { Correlator } from './correlation';
import { cropGrey, resizeGrey, type GreyImage } from './grey-image';

/** A place like the exemplars, in the searched image's pixels. */
export interface Match {
  box: BoxCoords;
  /** The best normalised cross-correlation of an exemplar there (-1..1). */
  score: number;
}

/** Each exemplar is tried at these sizes: objects of one kind differ a little in size and distance. */
const SEARCH_SCALES = [0.72, 0.85, 1, 1.18, 1.39];
/** Matches under this score are never kept. */
const FLOOR = 0.3;
/**
 * Templates at least this many pixels across are correlated on a grid of every other window first, and in full only
 * around grid windows over REFINE_FROM (a quarter of the work; an object's correlation peak is wider than a pixel).
 */
const COARSE_FROM = 8;
const REFINE_FROM = 0.2;
/** Of two matches overlapping this much, or one mostly inside the other, the weaker is the same object again. */
const SAME_OBJECT_IOU = 0.3;
const CONTAINED_SHARE = 0.6;

export function sameObject(a: BoxCoords, b: BoxCoords): boolean {
  const width = Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0));
  const height = Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));
  const smaller = Math.min((a.x1 - a.x0) * (a.y1 - a.y0), (b.x1 - b.x0) * (b.y1 - b.y0));
  return intersectionOverUnion(a, b) >= SAME_OBJECT_IOU || width * height >= CONTAINED_SHARE * smaller;
}

/** The local maxima of a correlation map over FLOOR, each a window of the template's size. */
function peaksOf(map: GreyImage, templateWidth: number, templateHeight: number): Match[] {
  const radius = Math.max(1, Math.floor(Math.min(templateWidth, templateHeight) / 4));
  const peaks: Match[] = [];
  for (let y = 0; y < map.height; y += 1) {
    for (let x = 0; x < map.width; x += 1) {
      const score = map.data[y * map.width + x] ?? 0;
      if (score < FLOOR) continue;
      let highest = true;
      for (let dy = -radius; dy <= radius && highest; dy += 1) {
        const yy = y + dy;
        if (yy < 0 || yy >= map.height) continue;
        for (let dx = -radius; dx <= radius; dx += 1) {
          const xx = x + dx;
          if (xx < 0 || xx >= map.width || (dx === 0 && dy === 0)) continue;
          const other = map.data[yy * map.width + xx] ?? 0;
          if (other > score || (other === score && (dy < 0 || (dy === 0 && dx < 0)))) {
            highest = false;
            break;
          }
        }
      }
      if (highest) peaks.push({ box: { x0: x, y0: y, x1: x + templateWidth, y1: y + templateHeight }, score });
    }
  }
  return peaks;
}

/**
 * How unlikely a correlation this high is by chance over a window of `pixels`: its Fisher z times the square root of
 * the pixels. A template shrunk to a part of an object (a capacitor's bright top) correlates more closely with that
 * part than the whole template with the whole object, but over fewer pixels: windows of different sizes are compared
 * by this, not by the correlation.
 */
const significance = (correlation: number, pixels: number) => Math.atanh(Math.min(0.999, correlation)) * Math.sqrt(pixels);

const bySignificance = (match: Match) => significance(match.score, (match.box.x1 - match.box.x0) * (match.box.y1 - match.box.y0));

/** Strongest first (by `strength`, the correlation unless told), a match that is the same object as a stronger one goes. */
function suppressRepeats(matches: readonly Match[], strength: (match: Match) => number = (match) => match.score): Match[] {
  const kept: Match[] = [];
  for (const match of [...matches].sort((a, b) => strength(b) - strength(a))) {
    if (!kept.some((other) => sameObject(other.box, match.box))) kept.push(match);
  }
  return kept;
}

/** Every place in the image like one of the exemplars (boxes in the image's pixels), at the search scales. */
export const matchExemplars = (image: GreyImage, exemplars: readonly BoxCoords[]): Match[] =>
  matchTemplates(
    image,
    exemplars.map((box) => cropGrey(image, box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0)),
    SEARCH_SCALES,
  );

/** A template's correlation map at one of its scales: the map, and the window size it was made with. */
interface ScaledMap {
  /** Which of the search's scales. */
  scale: number;
  map: GreyImage;
  width: number;
  height: number;
}

/** The window of one map most like its template whose centre is near (x, y) (within a quarter of its size). */
function bestPlaceNear({ map, width, height }: ScaledMap, x: number, y: number): Match {
  const radius = Math.max(1, Math.floor(Math.min(width, height) / 4));
  const left = Math.round(x - width / 2);
  const top = Math.round(y - height / 2);
  let best: Match = { box: { x0: left, y0: top, x1: left + width, y1: top + height }, score: -1 };
  for (let yy = Math.max(0, top - radius); yy <= Math.min(map.height - 1, top + radius); yy += 1) {
    for (let xx = Math.max(0, left - radius); xx <= Math.min(map.width - 1, left + radius); xx += 1) {
      const score = map.data[yy * map.width + xx] ?? -1;
      if (score > best.score) best = { box: { x0: xx, y0: yy, x1: xx + width, y1: yy + height }, score };
    }
  }
  return best;
}

/** How many templates' likeness a place's score is the mean of: a chance likeness to one template is not enough. */
const AGREEING = 2;

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * The object's window near (x, y): at the scale where the AGREEING templates most like it there agree most (the
 * significance of their mean correlation), the mean of their best windows. One template's best window is often a
 * part of the object (see `significance`); null when fewer than AGREEING templates fit at any scale.
 */
function agreedBox(mapsOf: readonly ScaledMap[][], scales: number, x: number, y: number): BoxCoords | null {
  let best: { strength: number; box: BoxCoords } | null = null;
  for (let scale = 0; scale < scales; scale += 1) {
    const places = mapsOf
      .flatMap((maps) => maps.filter((map) => map.scale === scale).map((map) => bestPlaceNear(map, x, y)))
      .sort((a, b) => b.score - a.score)
      .slice(0, AGREEING);
    if (places.length < AGREEING) continue;
    const side = (key: keyof BoxCoords) => mean(places.map(({ box }) => box[key]));
    const box = { x0: side('x0'), y0: side('y0'), x1: side('x1'), y1: side('y1') };
    const strength = significance(mean(places.map((place) => place.score)), (box.x1 - box.x0) * (box.y1 - box.y0));
    if (!best || strength > best.strength) best = { strength, box };
  }
  return best?.box ?? null;
}

/**
 * Every place in the image like the templates, each tried at the given scales of its size: the peaks of every
 * template's correlation, each scored by the mean of the AGREEING templates most like it there at any of their
 * scales (one template: its own), and boxed where they agree (`agreedBox`), repeats of one object suppressed.
 */
export function matchTemplates(image: GreyImage, templates: readonly GreyImage[], scales: readonly number[]): Match[] {
  const correlator = new Correlator(image);
  const mapsOf: ScaledMap[][] = templates.map((template) =>
    scales.flatMap((scale, index) => {
      const width = Math.max(3, Math.round(template.width * scale));
      const height = Math.max(3, Math.round(template.height * scale));
      if (width > image.width || height > image.height) return [];
      const scaled = scale === 1 ? template : resizeGrey(template, width, height);
      // every other window first where the template is large enough not to slip between them
      const step = Math.min(width, height) >= COARSE_FROM ? 2 : 1;
      return [{ scale: index, map: correlator.map(scaled, step, REFINE_FROM), width, height }];
    }),
  );
  const peaks = mapsOf.flatMap((maps) => maps.flatMap(({ map, width, height }) => peaksOf(map, width, height)));
  if (templates.length < 2) return suppressRepeats(peaks);
  return suppressRepeats(
    suppressRepeats(peaks, bySignificance).map(({ box }) => {
      const x = (box.x0 + box.x1) / 2;
      const y = (box.y0 + box.y1) / 2;
      const likeness = mapsOf.map((maps) => Math.max(-1, ...maps.map((map) => bestPlaceNear(map, x, y).score)));
      return { box: agreedBox(mapsOf, scales.length, x, y) ?? box, score: mean(likeness.sort((a, b) => b - a).slice(0, AGREEING)) };
    }),
  );
}
