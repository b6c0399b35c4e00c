import type { BoxCoords } from '../../../src/api/types';
import { intersectionOverUnion } from '../../../src/api/application-types/box-detection';
import { cellsEmbedding, dot, FEATURE_GRID_SIZE, mediaBoxOf, type CellBox, type FeatureMap } from '../detector/features';
import { medianValue } from '../refit';
import { headProbability, isReady, prototypeOf, type SubjectHead } from './head';

/** A place the head found the subject, in media pixels. */
export interface LearnedObject {
  box: BoxCoords;
  probability: number;
}

/**
 * Windows less likely than this are not kept: the head's probabilities are fitted on its own examples and run high on
 * things it never saw (placed from the benchmark's learning curve, where held-out photos of other scenes reach 0.45).
 */
const MIN_PROBABILITY = 0.5;
/** Only the windows most like the positives' mean are asked of the neighbours. */
const SHORTLIST = 150;
/** Of two found windows overlapping this much, the weaker is the same object again. */
const SAME_OBJECT_IOU = 0.3;
const MAX_OBJECTS = 30;
/** A window this much inside a stronger one is a part of its object. */
const CONTAINED_SHARE = 0.5;
/** The sizes tried: the confirmed objects' median, and a little smaller and larger. */
const SCALES = [0.8, 1, 1.25];

/** Overlapping much, or mostly inside the other: a part of one object is not another object. */
function sameObject(a: BoxCoords, b: BoxCoords): boolean {
  const width = Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0));
  const height = Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));
  const smaller = Math.min((a.x1 - a.x0) * (a.y1 - a.y0), (b.x1 - b.x0) * (b.y1 - b.y0));
  return intersectionOverUnion(a, b) >= SAME_OBJECT_IOU || width * height >= CONTAINED_SHARE * smaller;
}

/** The window sizes (in cells) the confirmed objects suggest. */
function windowSizes(sizes: SubjectHead['sizes']): { width: number; height: number }[] {
  const width = medianValue(sizes.map((size) => size.width));
  const height = medianValue(sizes.map((size) => size.height));
  const cells = (share: number) => Math.min(FEATURE_GRID_SIZE, Math.max(1, Math.round(share * FEATURE_GRID_SIZE)));
  const all = SCALES.map((scale) => ({ width: cells(width * scale), height: cells(height * scale) }));
  return all.filter((size, index) => all.findIndex((other) => other.width === size.width && other.height === size.height) === index);
}

/**
 * Where in the image the head finds its subject: every window of the learnt sizes on the detector's feature grid,
 * the most like the positives shortlisted, scored by the neighbours, and repeats of one object suppressed.
 */
export function scanForObjects(map: FeatureMap, head: SubjectHead): LearnedObject[] {
  if (!isReady(head.objects) || head.sizes.length === 0) return [];
  const prototype = prototypeOf(head.objects.positives);
  const windows: { cells: CellBox; likeness: number }[] = [];
  for (const size of windowSizes(head.sizes)) {
    for (let y = 0; y + size.height <= FEATURE_GRID_SIZE; y += 1) {
      for (let x = 0; x + size.width <= FEATURE_GRID_SIZE; x += 1) {
        const cells = { x0: x, y0: y, x1: x + size.width, y1: y + size.height };
        windows.push({ cells, likeness: dot(cellsEmbedding(map, cells), prototype) });
      }
    }
  }
  const scored = windows
    .sort((a, b) => b.likeness - a.likeness)
    .slice(0, SHORTLIST)
    .map(({ cells }) => ({ box: mediaBoxOf(map, cells), probability: headProbability(cellsEmbedding(map, cells), head.objects) ?? 0 }))
    .filter((found) => found.probability >= MIN_PROBABILITY)
    .sort((a, b) => b.probability - a.probability);
  const kept: LearnedObject[] = [];
  for (const found of scored) {
    if (kept.length >= MAX_OBJECTS) break;
    if (!kept.some((other) => sameObject(other.box, found.box))) {
      kept.push({ box: found.box, probability: Math.round(found.probability * 1000) / 1000 });
    }
  }
  return kept;
}
