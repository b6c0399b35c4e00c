import { setImmediate as nextTurnOfTheLoop } from 'node:timers/promises';
import type { FeedbackSubjectAnswer } from '../../../src/api/application-types/answer';
import { intersectionOverUnion } from '../../../src/api/application-types/box-detection';
import type { BoxCoords } from '../../../src/api/types';
import type { Focus } from '../../../src/api/types';
import { createConcurrencyLimit } from '../../media/concurrency-limit';
import { detectorView, type DetectorView } from '../detector/detector';
import { regionEmbedding, type FeatureMap } from '../detector/features';
import { createRandom } from '../random';
import type { AppearanceFit } from '../refit';
import { calibrated, HEAD_LIMITS, isReady, stored, type SubjectHead } from './head';
import { scanForObjects } from './scan';

/** An answered item as the head learns from it: what the detector saw, and people's answers. */
export interface HeadExample {
  view: DetectorView;
  answers: readonly FeedbackSubjectAnswer[];
}

/** A place that overlaps a confirmed object less than this is "not the subject". */
const APART_IOU = 0.2;
/** Per image: places beside the confirmed objects taken as negatives, and detector boxes of other things. */
const BACKGROUND_WINDOWS = 4;
const OTHER_OBJECTS = 4;

const apart = (box: BoxCoords, confirmed: readonly BoxCoords[]) => confirmed.every((other) => intersectionOverUnion(box, other) < APART_IOU);

/** Windows the size of the subject's objects at seeded places, none on a confirmed object. */
function backgroundWindows(map: FeatureMap, sizes: SubjectHead['sizes'], confirmed: readonly BoxCoords[], seed: number): BoxCoords[] {
  const random = createRandom(seed);
  const { frame } = map;
  const frameWidth = frame.x1 - frame.x0;
  const frameHeight = frame.y1 - frame.y0;
  const windows: BoxCoords[] = [];
  for (let attempt = 0; attempt < BACKGROUND_WINDOWS * 5 && windows.length < BACKGROUND_WINDOWS && sizes.length > 0; attempt += 1) {
    const size = random.pick(sizes);
    const width = size.width * frameWidth;
    const height = size.height * frameHeight;
    const x0 = frame.x0 + random.float() * Math.max(0, frameWidth - width);
    const y0 = frame.y0 + random.float() * Math.max(0, frameHeight - height);
    const box = { x0, y0, x1: x0 + width, y1: y0 + height };
    if (apart(box, confirmed)) windows.push(box);
  }
  return windows;
}

/**
 * The head of one subject, in steps: it yields after each image it reads, so that a caller may let the event loop turn
 * between them (a release fits from up to HEAD_ITEMS images, seconds of work; see learnHeads).
 */
function* fitSubject(fit: AppearanceFit, uid: string, examples: readonly HeadExample[]): Generator<void, SubjectHead | null> {
  const head: SubjectHead = { objects: { positives: [], negatives: [] }, sizes: [], images: { positives: [], negatives: [] } };
  const answered = examples.flatMap(({ view, answers }) => {
    const answer = answers.find((candidate) => candidate.subject_uid === uid);
    return answer ? [{ view, answer, answers }] : [];
  });
  if (answered.length === 0) return null;
  const confirmedOf = answered.map(({ view, answer, answers }) =>
    answer.result === 'True' ? fit.evidence(answer, answers, view.features.frame).filter((region) => region.object).map(({ box }) => box) : [],
  );
  for (const [index, { view, answer }] of answered.entries()) {
    const { frame } = view.features;
    (answer.result === 'True' ? head.images.positives : head.images.negatives).push(stored(view.features.image));
    for (const box of confirmedOf[index]!) {
      head.objects.positives.push(stored(regionEmbedding(view.features, box)));
      head.sizes.push({ width: (box.x1 - box.x0) / (frame.x1 - frame.x0), height: (box.y1 - box.y0) / (frame.y1 - frame.y0) });
    }
    yield;
  }
  if (head.sizes.length > 0) {
    for (const [index, { view, answer }] of answered.entries()) {
      const confirmed = confirmedOf[index]!;
      // A box answer shows where the subject is not; so does any answer that it is absent.
      if (answer.result === 'True' && confirmed.length === 0) continue;
      const others = view.objects.map((object) => object.box).filter((box) => apart(box, confirmed)).slice(0, OTHER_OBJECTS);
      const background = backgroundWindows(view.features, head.sizes, confirmed, index + 1);
      for (const box of [...others, ...background]) head.objects.negatives.push(stored(regionEmbedding(view.features, box)));
    }
  }
  const newest = (list: string[], limit: number) => list.slice(0, limit);
  const fitted: SubjectHead = {
    objects: { positives: newest(head.objects.positives, HEAD_LIMITS.positives), negatives: newest(head.objects.negatives, HEAD_LIMITS.negatives) },
    sizes: head.sizes.slice(0, HEAD_LIMITS.positives),
    images: { positives: newest(head.images.positives, HEAD_LIMITS.positives), negatives: newest(head.images.negatives, HEAD_LIMITS.negatives) },
  };
  return yield* withHardNegatives(fitted, answered.map(({ view }, index) => ({ map: view.features, confirmed: confirmedOf[index]! })));
}

/** Per image: the places the first fit mistook for the subject, taught as negatives in a second round. */
const HARD_NEGATIVES = 3;

/** Hard-negative mining: the first fit scans its own training images, and what it wrongly finds there is not the subject. */
function* withHardNegatives(head: SubjectHead, images: readonly { map: FeatureMap; confirmed: readonly BoxCoords[] }[]): Generator<void, SubjectHead> {
  if (!isReady(head.objects)) return { ...head, images: calibrated(head.images) };
  const mistakes: string[] = [];
  for (const { map, confirmed } of images) {
    const found = scanForObjects(map, head).filter((object) => apart(object.box, confirmed));
    mistakes.push(...found.slice(0, HARD_NEGATIVES).map((object) => stored(regionEmbedding(map, object.box))));
    yield;
  }
  const negatives = [...mistakes, ...head.objects.negatives].slice(0, HEAD_LIMITS.negatives);
  return { ...head, objects: calibrated({ positives: head.objects.positives, negatives }), images: calibrated(head.images) };
}

function* headsOf(fit: AppearanceFit, outputSubjects: readonly string[], examples: readonly HeadExample[]): Generator<void, Record<string, SubjectHead>> {
  const heads: Record<string, SubjectHead> = {};
  for (const uid of outputSubjects) {
    const head = yield* fitSubject(fit, uid, examples);
    if (head) heads[uid] = head;
  }
  return heads;
}

/** The learned head of each output subject that people answered, from answered items (newest first). */
export function fitHeads(fit: AppearanceFit, outputSubjects: readonly string[], examples: readonly HeadExample[]): Record<string, SubjectHead> {
  const steps = headsOf(fit, outputSubjects, examples);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Items the head learns from at most (the newest), and images in the detector's queue at once while it does. */
const HEAD_ITEMS = 100;
const IN_FLIGHT = 4;

/**
 * {@link fitHeads} from answered items' images: the detector looks at each (the newest HEAD_ITEMS). The event loop
 * turns after each image the fit reads, so that requests are answered meanwhile (issue 37: a release after a large
 * import held them for 11 s).
 */
export async function learnHeads(
  fit: AppearanceFit,
  outputSubjects: readonly string[],
  items: readonly { image: Buffer; focus: Focus | null; answers: readonly FeedbackSubjectAnswer[] }[],
): Promise<Record<string, SubjectHead>> {
  if (outputSubjects.length === 0) return {};
  const limit = createConcurrencyLimit(IN_FLIGHT);
  const examples = await Promise.all(
    items.slice(0, HEAD_ITEMS).map((item) => limit(async () => ({ view: await detectorView(item.image, item.focus), answers: item.answers }))),
  );
  const steps = headsOf(fit, outputSubjects, examples);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await nextTurnOfTheLoop();
  }
}
