import { averagePrecision, foundBoxes, type BoxImage } from '../../../server/types/measures/boxes';
import { ratio } from '../../../server/types/measures/held-out';
import type { TruthObject } from '../../../server/demo/photo-library';

export type { TruthObject };

/** A box a model proposed, with its class and probability. */
export interface ProposedBox extends TruthObject {
  probability: number;
}

const boxesOf = (objects: readonly TruthObject[], name: string) => objects.filter((object) => object.class === name).map((object) => object.box);

/**
 * How many true boxes the proposals find, as the service's measure of boxes matches them (`foundBoxes`): per class,
 * one to one at IoU ≥ 0.5, the best overlaps first.
 */
export function countHits(truth: readonly TruthObject[], proposed: readonly ProposedBox[]): number {
  const classes = new Set(truth.map((object) => object.class));
  return [...classes].reduce((sum, name) => sum + foundBoxes(boxesOf(truth, name), boxesOf(proposed, name)), 0);
}

/** Precision, recall and AP of one class (or the first two of all) over a set of photos; null where undefined. */
export class Tally {
  truths = 0;
  proposals = 0;
  hits = 0;
  private readonly images: BoxImage[] = [];

  add(truth: readonly TruthObject[], proposed: readonly ProposedBox[]): void {
    this.truths += truth.length;
    this.proposals += proposed.length;
    this.hits += countHits(truth, proposed);
    this.images.push({ truth: truth.map((object) => object.box), proposed });
  }

  get precision(): number | null {
    return ratio(this.hits, this.proposals);
  }

  get recall(): number | null {
    return ratio(this.hits, this.truths);
  }

  /** The service's AP (`averagePrecision`); meaningful for a tally of one class. */
  get averagePrecision(): number | null {
    return averagePrecision(this.images);
  }
}
