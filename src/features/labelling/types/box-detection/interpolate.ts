// Boxes between two key frames of a video: what "Interpolate" puts on the frame in between.
import { intersectionOverUnion } from '../../../../api/application-types/box-detection';
import type { KeyFrame, SubjectBox } from '../../contract/frames';

interface Pair {
  readonly before: number;
  readonly after: number;
}

/**
 * Pairs the boxes of one class: overlapping boxes greedily by IoU, highest first (ties to the earlier boxes), then
 * what is left in order (the first left before with the first left after, and so on).
 */
function pairBoxes(before: readonly SubjectBox[], after: readonly SubjectBox[]): Pair[] {
  const candidates = before
    .flatMap((a, i) => after.map((b, j) => ({ before: i, after: j, iou: intersectionOverUnion(a, b) })))
    .filter((candidate) => candidate.iou > 0)
    .sort((p, q) => q.iou - p.iou || p.before - q.before || p.after - q.after);
  const pairs: Pair[] = [];
  const usedBefore = new Set<number>();
  const usedAfter = new Set<number>();
  const take = (pair: Pair) => {
    pairs.push(pair);
    usedBefore.add(pair.before);
    usedAfter.add(pair.after);
  };
  for (const candidate of candidates) {
    if (!usedBefore.has(candidate.before) && !usedAfter.has(candidate.after)) take(candidate);
  }
  const leftBefore = before.map((_, i) => i).filter((i) => !usedBefore.has(i));
  const leftAfter = after.map((_, j) => j).filter((j) => !usedAfter.has(j));
  leftBefore.slice(0, leftAfter.length).forEach((i, k) => take({ before: i, after: leftAfter[k]! }));
  return pairs;
}

const between = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);

/**
 * The boxes on frame `frame`, strictly between the key frames `before` and `after`: boxes of the same class are
 * paired (`pairBoxes`) and each pair's corners move linearly, by (f − a) / (b − a), rounded to whole pixels. A box
 * without a partner (an object that comes or goes) is kept, unmoved, only when its key frame is the nearer one; at
 * the midpoint, the earlier frame's. The result lists the paired boxes in the earlier frame's order, then the kept ones.
 */
export function interpolateBoxes(before: KeyFrame, after: KeyFrame, frame: number): SubjectBox[] {
  if (!(before.frame < frame && frame < after.frame)) throw new RangeError(`Frame ${frame} is not between ${before.frame} and ${after.frame}.`);
  const t = (frame - before.frame) / (after.frame - before.frame);
  const nearer = t <= 0.5 ? before : after;
  const subjects = [...new Set([...before.boxes, ...after.boxes].map((box) => box.subject_uid))];
  const paired: { order: number; box: SubjectBox }[] = [];
  const kept: SubjectBox[] = [];
  for (const subject_uid of subjects) {
    const from = before.boxes.filter((box) => box.subject_uid === subject_uid);
    const to = after.boxes.filter((box) => box.subject_uid === subject_uid);
    const pairs = pairBoxes(from, to);
    for (const pair of pairs) {
      const a = from[pair.before]!;
      const b = to[pair.after]!;
      const box = { x0: between(a.x0, b.x0, t), y0: between(a.y0, b.y0, t), x1: between(a.x1, b.x1, t), y1: between(a.y1, b.y1, t), subject_uid };
      paired.push({ order: before.boxes.indexOf(a), box });
    }
    const unpaired = nearer === before ? from.filter((_, i) => !pairs.some((pair) => pair.before === i)) : to.filter((_, j) => !pairs.some((pair) => pair.after === j));
    kept.push(...unpaired.map(({ x0, y0, x1, y1 }) => ({ x0, y0, x1, y1, subject_uid })));
  }
  return [...paired.sort((p, q) => p.order - q.order).map((entry) => entry.box), ...kept];
}
