import type { BoxCoords } from '../../../src/api/types';
import { colourHistogram, colourLikeness, type RgbImage } from './colour-histogram';
import type { GreyImage } from './grey-image';
import { cosine, gradientHistogram } from './gradient-histogram';
import { matchExemplars, matchTemplates, sameObject, type Match } from './search';
import { EDGE } from './templates';

/** An object like the exemplars, in the searched image's pixels. */
export interface FoundObject {
  box: BoxCoords;
  /** The shape's likeness (normalised cross-correlation) weighed by the colours' (see `findLikeExemplars`). */
  score: number;
  probability: number;
}

/** A combined likeness of this is as likely the subject as not (placed on the many-instance photos, see docs/models.md). */
const EVEN_SCORE = 0.66;
/** How sharply the likeness turns into a probability around EVEN_SCORE. */
const SPREAD = 0.04;
/** How many exemplars' likeness a place's is the mean of (search.ts): one chance likeness is not enough. */
const AGREEING = 2;
/**
 * How much colour counts: not at all when the exemplars' colours have this little in common (histogram intersection)
 * or less, fully from COLOUR_AGREED on; half with one exemplar, whose colour may be its own or its kind's.
 */
const COLOUR_DISAGREED = 0.4;
const COLOUR_AGREED = 0.8;
const SINGLE_EXEMPLAR_COLOUR_WEIGHT = 0.5;
const MAX_FOUND = 300;

const greyOf = (image: RgbImage): GreyImage => {
  const data = new Float32Array(image.width * image.height);
  for (let i = 0; i < data.length; i += 1) {
    data[i] = 0.299 * (image.data[i * 3] ?? 0) + 0.587 * (image.data[i * 3 + 1] ?? 0) + 0.114 * (image.data[i * 3 + 2] ?? 0);
  }
  return { width: image.width, height: image.height, data };
};

/** What an exemplar looks like besides its shading: its colours and its edges. */
interface Looks {
  colours: Float32Array;
  edges: Float32Array;
}

/** The mean of the AGREEING highest values (all of them when fewer). */
function meanOfBest(values: readonly number[]): number {
  const best = [...values].sort((a, b) => b - a).slice(0, AGREEING);
  return best.length === 0 ? 0 : best.reduce((sum, value) => sum + value, 0) / best.length;
}

/**
 * A place's likeness: the mean of its shading's (normalised cross-correlation, weighed by colour likeness as far as
 * the exemplars' own colours agree) and its edges' (gradient histograms' cosine), each against the exemplars most
 * like it there; strongest first, repeats suppressed.
 */
function scored(image: RgbImage, grey: GreyImage, matches: readonly Match[], exemplars: readonly Looks[], kept: FoundObject[]): FoundObject[] {
  const histograms = exemplars.map((looks) => looks.colours);
  const edges = exemplars.map((looks) => looks.edges);
  const mutual = histograms.flatMap((a, i) => histograms.slice(i + 1).map((b) => colourLikeness(a, b)));
  const expected = mutual.length > 0 ? Math.min(...mutual) : 1;
  const colourWeight =
    mutual.length > 0 ? Math.min(1, Math.max(0, (expected - COLOUR_DISAGREED) / (COLOUR_AGREED - COLOUR_DISAGREED))) : SINGLE_EXEMPLAR_COLOUR_WEIGHT;
  const candidates = matches
    .map((match) => {
      const colour = Math.max(...histograms.map((histogram) => colourLikeness(histogram, colourHistogram(image, match.box))));
      const shading = match.score * (1 - 0.5 * colourWeight * (1 - Math.min(1, colour / Math.max(expected, 1e-6))));
      const edgesThere = gradientHistogram(grey, match.box);
      const edge = meanOfBest(edges.map((exemplar) => cosine(exemplar, edgesThere)));
      const score = (shading + edge) / 2;
      return { box: match.box, score, probability: 1 / (1 + Math.exp(-(score - EVEN_SCORE) / SPREAD)) };
    })
    .sort((a, b) => b.score - a.score);
  const found = [...kept];
  for (const candidate of candidates) {
    if (found.length >= MAX_FOUND) break;
    if (!found.some((other) => sameObject(other.box, candidate.box))) found.push(candidate);
  }
  return found;
}

/** An exemplar this much smaller than the others' median (area) is a part of an object, not a whole one. */
const PART_OF_MEDIAN = 0.4;

/**
 * The exemplars that show a whole object: of those cut by the image's edge (a part of an object matches parts of
 * every other) or much smaller than the rest, none is searched with, unless no other is left.
 */
function wholeObjects(image: RgbImage, exemplars: readonly BoxCoords[]): readonly BoxCoords[] {
  const area = (box: BoxCoords) => (box.x1 - box.x0) * (box.y1 - box.y0);
  const median = [...exemplars].map(area).sort((a, b) => a - b)[Math.floor(exemplars.length / 2)] ?? 0;
  const whole = exemplars.filter(
    (box) => box.x0 >= EDGE && box.y0 >= EDGE && box.x1 <= image.width - EDGE && box.y1 <= image.height - EDGE && area(box) >= PART_OF_MEDIAN * median,
  );
  return whole.length > 0 ? whole : exemplars;
}

/**
 * The objects of the exemplars' kind in the image: the places whose shading matches an exemplar (normalised
 * cross-correlation of grey values, at a few sizes), weighed by how like an exemplar their colours are as far as the
 * exemplars agree among themselves in colour (candies of three colours say little of colour, three black capacitors
 * much). The exemplars themselves come first, probability 1; repeats of one object are suppressed.
 */
export function findLikeExemplars(image: RgbImage, exemplars: readonly BoxCoords[]): FoundObject[] {
  const grey = greyOf(image);
  const whole = wholeObjects(image, exemplars);
  const looks = whole.map((box) => ({ colours: colourHistogram(image, box), edges: gradientHistogram(grey, box) }));
  const matches = matchExemplars(grey, whole).filter((match) => !exemplars.some((exemplar) => sameObject(exemplar, match.box)));
  return scored(image, grey, matches, looks, exemplars.map((box) => ({ box, score: 1, probability: 1 })));
}

/** The objects like remembered exemplars (templates cut from other images) in the image, each tried at `scales`. */
export function findLikeTemplates(image: RgbImage, templates: readonly RgbImage[], scales: readonly number[]): FoundObject[] {
  const whole = (template: RgbImage) => ({ x0: 0, y0: 0, x1: template.width, y1: template.height });
  const looks = templates.map((template) => ({ colours: colourHistogram(template, whole(template)), edges: gradientHistogram(greyOf(template), whole(template)) }));
  const grey = greyOf(image);
  return scored(image, grey, matchTemplates(grey, templates.map(greyOf), scales), looks, []);
}
