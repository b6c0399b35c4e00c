import type { BoxCoords } from '../../../src/api/types';
import { BOX_MATCH_IOU, intersectionOverUnion } from '../../../src/api/application-types/box-detection';

/** A hand-drawn object of a photo's ground truth. */
export interface TruthObject {
  class: string;
  box: BoxCoords;
}

/** A box a model proposed, with its class and probability. */
export interface ProposedBox extends TruthObject {
  probability: number;
}

/**
 * How many true boxes the proposals find, as COCO's evaluation matches them: per class, the most probable proposal
 * first takes the free true box it overlaps most, if by at least BOX_MATCH_IOU; each true box is found at most once.
 */
export function countHits(truth: readonly TruthObject[], proposed: readonly ProposedBox[]): number {
  const taken = new Set<TruthObject>();
  for (const proposal of [...proposed].sort((a, b) => b.probability - a.probability)) {
    let best: TruthObject | null = null;
    let bestIou = BOX_MATCH_IOU;
    for (const object of truth) {
      if (object.class !== proposal.class || taken.has(object)) continue;
      const overlap = intersectionOverUnion(object.box, proposal.box);
      if (overlap >= bestIou) [best, bestIou] = [object, overlap];
    }
    if (best) taken.add(best);
  }
  return taken.size;
}

/** Precision and recall of one class (or all) over a set of photos. */
export class Tally {
  truths = 0;
  proposals = 0;
  hits = 0;

  add(truth: readonly TruthObject[], proposed: readonly ProposedBox[]): void {
    this.truths += truth.length;
    this.proposals += proposed.length;
    this.hits += countHits(truth, proposed);
  }

  get precision(): number {
    return this.proposals === 0 ? 1 : this.hits / this.proposals;
  }

  get recall(): number {
    return this.truths === 0 ? 1 : this.hits / this.truths;
  }
}
