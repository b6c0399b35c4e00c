// The queue's order in `npm run bench:vision`: simulated labelling of a pool of the benchmark's photographs, answered
// from their ground truth in the order the queue would serve them (what an answer is worth, server/feedback/worth.ts,
// rated again by the model of each release) or in a random order, measured on held-out photos after each release.
import type { BoxRegion, FeedbackSubjectAnswer } from '../../../src/api/application-types/answer';
import { answerWorth, byWorth, itemRarity } from '../../../server/feedback/worth';
import { moduleOf } from '../../../server/types/registry';
import { feedbackPriority } from '../../../server/vision/ambiguity';
import { detectorView } from '../../../server/vision/detector/detector';
import { fitHeads, type HeadExample } from '../../../server/vision/head/fit';
import { loadAnalysisImage, type AnalysisImage } from '../../../server/vision/models/analysis-image';
import type { ModelParameters } from '../../../server/vision/models/parameters';
import type { ModelProposal } from '../../../server/vision/models/proposal';
import { createRandom } from '../../../server/vision/random';
import { Tally } from './evaluate';
import { HELD_OUT_POSES, loadLearningPhotos, poseOf, type LabelledPhoto } from './learning';

/** One box_detection application: the chessboard no detector knows (its head alone), people and cars (the detector's, re-scored by their heads). */
const SUBJECTS = ['chessboard', 'person', 'car'];
const DETECTOR_CLASS: ModelParameters['detector_class'] = { chessboard: null, person: 'person', car: 'car' };
/** Answers between releases: the model that orders the queue is re-fitted this often. */
const ANSWERS_PER_RELEASE = 4;
export const SEEDS = [1, 2, 3, 4, 5];
/** The target: this share of the measure the model reaches with every answer of the pool. */
export const TARGET_SHARE = 0.95;

interface Item extends LabelledPhoto {
  image: AnalysisImage;
  answers: FeedbackSubjectAnswer[];
  example: HeadExample;
}

const boxDetection = moduleOf('box_detection');

/** What a labeller who answers as the ground truth says posts: each subject's boxes, or that it is absent. */
function truthAnswers(photo: LabelledPhoto): FeedbackSubjectAnswer[] {
  return SUBJECTS.map((uid) => {
    const boxes = photo.truth.filter((object) => object.class === uid).map(({ box }) => ({ box }));
    return boxes.length > 0 ? { subject_uid: uid, result: 'True', app_data_type: 'box_set', app_data: boxes } : { subject_uid: uid, result: 'False' };
  });
}

/** The release's model as the service fits it: the baseline's detector classes, and heads learnt from the answers (newest first). */
const releasedModel = (answered: readonly Item[]): ModelParameters => ({
  detector_class: DETECTOR_CLASS,
  appearance: Object.fromEntries(SUBJECTS.map((uid) => [uid, null])),
  offset_reference: 'near_edge',
  head: fitHeads(boxDetection.fit, SUBJECTS, answered.map((item) => item.example).reverse()),
});

const proposalsOf = (parameters: ModelParameters, item: Item): ModelProposal[] => boxDetection.propose(item.image, SUBJECTS, parameters);

/** The mean over the subjects of F1 at IoU ≥ 0.5 of the boxes shown on the held-out photos. */
function measure(parameters: ModelParameters, heldOut: readonly Item[]): number {
  const tallies = SUBJECTS.map(() => new Tally());
  for (const item of heldOut) {
    const proposals = proposalsOf(parameters, item);
    SUBJECTS.forEach((uid, index) => {
      const boxes = (proposals.find((proposal) => proposal.subject_uid === uid)?.app_data ?? []) as BoxRegion[];
      tallies[index]!.add(
        item.truth.filter((object) => object.class === uid),
        boxes.map(({ box, probability = 0 }) => ({ class: uid, box, probability })),
      );
    });
  }
  const f1 = tallies.map(({ precision, recall }) => (precision && recall ? (2 * precision * recall) / (precision + recall) : 0));
  return f1.reduce((sum, value) => sum + value, 0) / f1.length;
}

/** What an answer is worth to the queue under this model: one labeller per item, so nothing is disputed yet. */
function worthUnder(parameters: ModelParameters, answered: readonly Item[]) {
  const confirmations = new Map(SUBJECTS.map((uid) => [uid, answered.filter((item) => item.answers.some((answer) => answer.subject_uid === uid && answer.result === 'True')).length]));
  return (item: Item) => {
    const proposals = proposalsOf(parameters, item);
    return answerWorth({ uncertainty: feedbackPriority(proposals, {}, boxDetection.objectAmbiguity), disagreement: 0, rarity: itemRarity(proposals, confirmations) });
  };
}

type QueueOrder = 'worth' | 'random';

/** The answers after which a release first reaches the target, answered in this order; null: the pool ran out first. */
function answersToReach(target: number, pool: readonly Item[], heldOut: readonly Item[], order: QueueOrder): number | null {
  const answered: Item[] = [];
  let waiting = [...pool];
  let parameters = releasedModel(answered);
  while (measure(parameters, heldOut) < target) {
    if (waiting.length === 0) return null;
    const next = (order === 'worth' ? byWorth(waiting, worthUnder(parameters, answered)) : waiting).slice(0, ANSWERS_PER_RELEASE);
    answered.push(...next);
    waiting = waiting.filter((item) => !next.includes(item));
    parameters = releasedModel(answered);
  }
  return answered.length;
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = createRandom(seed);
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random.float() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

interface QueueOrderRun {
  order: QueueOrder;
  seed: number;
  /** Answers after which a release first reached the target; null: never before the pool ran out. */
  answersToTarget: number | null;
}

interface QueueOrderResult {
  pool: number;
  heldOut: number;
  /** The measure with every answer of the pool, and the target. */
  full: number;
  target: number;
  runs: QueueOrderRun[];
}

/**
 * Labels the pool in the worth order and in a random one per seed. The pool arrives in a shuffled order per seed
 * (the queue's tie-break, and the random order itself). Held out: the chessboard's held-out poses and every third
 * other photo.
 */
export async function compareQueueOrders(others: readonly LabelledPhoto[]): Promise<QueueOrderResult> {
  const photos = [...(await loadLearningPhotos()), ...others];
  const items: Item[] = [];
  for (const photo of photos) {
    const view = await detectorView(photo.bytes);
    const image = { ...(await loadAnalysisImage(photo.bytes)), objects: view.objects, features: view.features };
    const answers = truthAnswers(photo);
    items.push({ ...photo, image, answers, example: { view, answers } });
  }
  const isHeldOut = (item: Item, index: number) =>
    item.name.startsWith('chessboard') ? HELD_OUT_POSES.includes(poseOf(item.name)) : index % 3 === 1;
  const heldOut = items.filter(isHeldOut);
  const pool = items.filter((item, index) => !isHeldOut(item, index));
  const full = measure(releasedModel(pool), heldOut);
  const target = TARGET_SHARE * full;
  const runs: QueueOrderRun[] = [];
  for (const seed of SEEDS) {
    for (const order of ['worth', 'random'] as const) runs.push({ order, seed, answersToTarget: answersToReach(target, shuffled(pool, seed), heldOut, order) });
  }
  return { pool: pool.length, heldOut: heldOut.length, full, target, runs };
}

/** Answers to target of one order's runs, seed by seed, with their mean and standard deviation (a run that never reached it counts the whole pool). */
export function answersToTarget(result: QueueOrderResult, order: QueueOrder): { each: (number | null)[]; mean: number; sd: number } {
  const each = result.runs.filter((run) => run.order === order).map((run) => run.answersToTarget);
  const counted = each.map((answers) => answers ?? result.pool);
  const mean = counted.reduce((sum, value) => sum + value, 0) / counted.length;
  const sd = Math.sqrt(counted.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(1, counted.length - 1));
  return { each, mean, sd };
}
