// The queue's order in `npm run bench:vision`: simulated labelling of a pool of the benchmark's photographs, answered
// from their ground truth in the order the queue would serve them (what an answer is worth, server/feedback/worth.ts,
// rated again by the model of each release), in the order before it (uncertainty alone) or in a random order,
// measured on held-out photos after each release. Alone, and on chosen seeds and orders:
// `npx tsx scripts/bench/vision/queue-order.ts --seeds 1-3 --orders worth,random`.
import type { BoxRegion, FeedbackSubjectAnswer } from '../../../src/api/application-types/answer';
import { answerWorth, byWorth, itemRarity, WORTH_WEIGHTS, type WorthWeights } from '../../../server/feedback/worth';
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
import { loadPhotos } from './photos';
import { formatTable } from '../table';

/** One box_detection application: the chessboard no detector knows (its head alone), people and cars (the detector's, re-scored by their heads). */
const SUBJECTS = ['chessboard', 'person', 'car'];
const DETECTOR_CLASS: ModelParameters['detector_class'] = { chessboard: null, person: 'person', car: 'car' };
/** Answers between releases: the model that orders the queue is re-fitted this often. */
const ANSWERS_PER_RELEASE = 4;
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];
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

const confirmationsOf = (answered: readonly Item[]) =>
  new Map(SUBJECTS.map((uid) => [uid, answered.filter((item) => item.answers.some((answer) => answer.subject_uid === uid && answer.result === 'True')).length]));

/** What an answer is worth to the queue under this model: one labeller per item, so nothing is disputed yet. */
function worthUnder(parameters: ModelParameters, answered: readonly Item[], weights: WorthWeights) {
  const confirmations = confirmationsOf(answered);
  return (item: Item) => {
    const proposals = proposalsOf(parameters, item);
    return answerWorth({ uncertainty: feedbackPriority(proposals, {}, boxDetection.objectAmbiguity), disagreement: 0, rarity: itemRarity(proposals, confirmations) }, weights);
  };
}

/** The order before what an answer is worth: the model's uncertainty alone (`feedbackPriority`). */
const uncertaintyUnder = (parameters: ModelParameters) => (item: Item) => feedbackPriority(proposalsOf(parameters, item), {}, boxDetection.objectAmbiguity);

/**
 * worth: the service's (`WORTH_WEIGHTS`); rarity: worth with rarity at ½, as the order was first built;
 * uncertainty: the order before it (`feedbackPriority`), which worth matches here (one labeller: no disagreement).
 */
const QUEUE_ORDERS = ['worth', 'rarity', 'uncertainty', 'random'] as const;
export type QueueOrder = (typeof QUEUE_ORDERS)[number];
/** The orders `npm run bench:vision` compares: worth and uncertainty would be the same runs. */
const BENCH_ORDERS: readonly QueueOrder[] = ['worth', 'rarity', 'random'];
const RARITY_WEIGHTS: WorthWeights = { ...WORTH_WEIGHTS, rarity: 0.5 };

/** The next answers the queue serves, from the waiting items in their arrival order. */
function nextOf(order: QueueOrder, waiting: readonly Item[], parameters: ModelParameters, answered: readonly Item[]): Item[] {
  if (order === 'random') return waiting.slice(0, ANSWERS_PER_RELEASE);
  if (order === 'uncertainty') return byWorth(waiting, uncertaintyUnder(parameters)).slice(0, ANSWERS_PER_RELEASE);
  return byWorth(waiting, worthUnder(parameters, answered, order === 'rarity' ? RARITY_WEIGHTS : WORTH_WEIGHTS)).slice(0, ANSWERS_PER_RELEASE);
}

interface CurvePoint {
  answers: number;
  measure: number;
}

/** The held-out measure after each release, from 0 answers to the whole pool, answered in this order. */
function labelPool(pool: readonly Item[], heldOut: readonly Item[], order: QueueOrder): CurvePoint[] {
  const answered: Item[] = [];
  let waiting = [...pool];
  let parameters = releasedModel(answered);
  const curve = [{ answers: 0, measure: measure(parameters, heldOut) }];
  while (waiting.length > 0) {
    const next = nextOf(order, waiting, parameters, answered);
    answered.push(...next);
    waiting = waiting.filter((item) => !next.includes(item));
    parameters = releasedModel(answered);
    curve.push({ answers: answered.length, measure: measure(parameters, heldOut) });
  }
  return curve;
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
  curve: CurvePoint[];
}

export interface QueueOrderResult {
  pool: number;
  heldOut: number;
  /** The measure with every answer of the pool, and the target. */
  full: number;
  target: number;
  runs: QueueOrderRun[];
}

/**
 * Labels the pool in each order per seed. The pool arrives in a shuffled order per seed (the queue's tie-break, and
 * the random order itself). Held out: the chessboard's held-out poses and every third other photo.
 */
export async function compareQueueOrders(
  others: readonly LabelledPhoto[],
  seeds: readonly number[] = SEEDS,
  orders: readonly QueueOrder[] = BENCH_ORDERS,
): Promise<QueueOrderResult> {
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
  for (const seed of seeds) {
    for (const order of orders) runs.push({ order, seed, curve: labelPool(shuffled(pool, seed), heldOut, order) });
  }
  return { pool: pool.length, heldOut: heldOut.length, full, target, runs };
}

/**
 * How a run reached the target. settled: the answers from whose release on the measure stays at or over the target
 * to the end of the pool (null: the last release is under it); first: the first release at or over it, which one
 * lucky release can bring early; area: the mean of the measure over the run (the area under the curve by answers,
 * 0..1, a release's value holding until the next), which does not hang on one release.
 */
function reached(curve: readonly CurvePoint[], target: number): { settled: number | null; first: number | null; area: number } {
  const firstUnder = curve.findLastIndex((point) => point.measure < target);
  const settled = firstUnder === curve.length - 1 ? null : curve[firstUnder + 1]!.answers;
  const first = curve.find((point) => point.measure >= target)?.answers ?? null;
  let area = 0;
  for (let index = 1; index < curve.length; index += 1) area += curve[index - 1]!.measure * (curve[index]!.answers - curve[index - 1]!.answers);
  return { settled, first, area: area / curve.at(-1)!.answers };
}

const meanSd = (values: readonly number[]) => {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const sd = Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(1, values.length - 1));
  return { mean, sd };
};

/** One order's runs seed by seed, with the mean and standard deviation of each rule (a run that never settled counts the whole pool). */
function answersToTarget(result: QueueOrderResult, order: QueueOrder) {
  const each = result.runs.filter((run) => run.order === order).map((run) => reached(run.curve, result.target));
  return {
    each,
    settled: meanSd(each.map(({ settled }) => settled ?? result.pool)),
    first: meanSd(each.map(({ first }) => first ?? result.pool)),
    area: meanSd(each.map(({ area }) => area)),
  };
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** The section's tables: answers to target (settled, and first reached) per seed, and the area under the curve. */
export function formatQueueOrders(result: QueueOrderResult): string {
  const seeds = [...new Set(result.runs.map((run) => run.seed))];
  const orders = QUEUE_ORDERS.filter((order) => result.runs.some((run) => run.order === order));
  const rows = orders.map((order) => ({ order, ...answersToTarget(result, order) }));
  const pm = ({ mean, sd }: { mean: number; sd: number }, digits: number) => `${round(mean, digits)} ± ${round(sd, digits)}`;
  return [
    formatTable(
      ['order', ...seeds.map((seed) => `seed ${seed}`), 'settled (mean ± sd)', 'first reached (mean ± sd)', 'area (mean ± sd)'],
      rows.map(({ order, each, settled, first, area }) => [
        order,
        ...each.map((run) => `${run.settled ?? '—'} (${run.first ?? '—'})`),
        pm(settled, 1),
        pm(first, 1),
        pm(area, 3),
      ]),
    ),
    '(per seed: answers after which the measure stays at or over the target (answers when it first reached it))',
  ].join('\n');
}

function listArgument(name: string): string[] | undefined {
  const index = process.argv.indexOf(name);
  return index < 0 ? undefined : process.argv[index + 1]!.split(',');
}

/** `1-3,7` → [1, 2, 3, 7]. */
const seedList = (parts: readonly string[]) =>
  parts.flatMap((part) => {
    const [from, to = from] = part.split('-').map(Number) as [number, number?];
    return Array.from({ length: to! - from + 1 }, (_, index) => from + index);
  });

if (process.argv[1] === import.meta.filename) {
  const seeds = seedList(listArgument('--seeds') ?? SEEDS.map(String));
  const orders = (listArgument('--orders') ?? BENCH_ORDERS) as QueueOrder[];
  const unknown = orders.filter((order) => !QUEUE_ORDERS.includes(order));
  if (unknown.length > 0) throw new Error(`unknown order ${unknown.join(', ')}; one of ${QUEUE_ORDERS.join(', ')}`);
  const started = performance.now();
  const result = await compareQueueOrders(await loadPhotos(), seeds, orders);
  console.log(`target ${round(result.target, 3)} (${TARGET_SHARE * 100} % of ${round(result.full, 3)}), ${result.pool} answered, ${result.heldOut} held out`);
  console.log(formatQueueOrders(result));
  if (process.argv.includes('--curves')) for (const run of result.runs) console.log(run.order, run.seed, run.curve.map((point) => round(point.measure, 3)).join(' '));
  console.log(`(${round((performance.now() - started) / 1000, 0)} s)`);
}
