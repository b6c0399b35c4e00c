// The learning curve of `npm run bench:vision`: a subject no detector knows (a calibration chessboard, the demo's
// photographs of one in server/demo/photos/chessboards), learnt by the head from 0, 5, 10 and 20 boxed answers,
// measured on held-out photos: views of poses never trained on, and the benchmark's other photos, where it is absent.
import path from 'node:path';
import type { BoxRegion } from '../../../src/api/application-types/answer';
import { HELD_OUT_BOARD_POSES, readPhoto, readPhotoManifest, readTruth } from '../../../server/demo/photo-library';
import { moduleOf } from '../../../server/types/registry';
import { detectorView, type DetectorView } from '../../../server/vision/detector/detector';
import { fitHeads } from '../../../server/vision/head/fit';
import { loadAnalysisImage } from '../../../server/vision/models/analysis-image';
import type { ModelParameters } from '../../../server/vision/models/parameters';
import { Tally, type TruthObject } from './evaluate';

const SUBJECT = 'chessboard';
const ANSWER_COUNTS = [0, 5, 10, 20] as const;
/** Poses held out (the demo's): both views of each, so that no held-out photo has its twin in training. */
export const HELD_OUT_POSES = HELD_OUT_BOARD_POSES;

export interface LabelledPhoto {
  name: string;
  bytes: Buffer;
  truth: TruthObject[];
}

interface Seen extends LabelledPhoto {
  view: DetectorView;
}

export interface LearningPoint {
  answers: number;
  /** Of them, boxed chessboards (the rest said a photo had none). */
  boxed: number;
  shown: number;
  found: number;
  /** Null without a proposal (precision) or a true box (recall) to rest on. */
  precision: number | null;
  recall: number | null;
  /** Boxes shown on held-out photos of other scenes, per photo. */
  falseBoxesPerOtherPhoto: number;
}

/** The chessboard photographs (the demo's, server/demo/photos/chessboards), in their manifest's order. */
export async function loadLearningPhotos(): Promise<LabelledPhoto[]> {
  return Promise.all(
    (await readPhotoManifest('chessboards')).map(async ({ file }) => ({
      name: path.basename(file, '.jpg'),
      bytes: await readPhoto(file, 'chessboards'),
      truth: await readTruth(file, 'chessboards'),
    })),
  );
}

export const poseOf = (name: string) => name.slice(-2);

/** Training photos in the order a labeller would meet them: the poses interleaved, left and right views apart. */
function trainingOrder(photos: readonly Seen[]): Seen[] {
  const lefts = photos.filter((photo) => photo.name.includes('left'));
  const rights = photos.filter((photo) => photo.name.includes('right'));
  return lefts.flatMap((left, index) => [left, rights[(index + 5) % rights.length]!]).filter((photo, index, all) => all.indexOf(photo) === index);
}

async function measure(parameters: ModelParameters, heldOut: readonly Seen[]) {
  const tally = new Tally();
  let falseBoxes = 0;
  let otherPhotos = 0;
  for (const photo of heldOut) {
    const image = { ...(await loadAnalysisImage(photo.bytes)), objects: photo.view.objects, features: photo.view.features };
    const [boxes] = moduleOf('box_detection').propose(image, [SUBJECT], parameters);
    const proposed = ((boxes?.app_data ?? []) as BoxRegion[]).map(({ box, probability = 0 }) => ({ class: SUBJECT, box, probability }));
    const truth = photo.truth.filter((object) => object.class === SUBJECT);
    tally.add(truth, proposed);
    if (truth.length === 0) [falseBoxes, otherPhotos] = [falseBoxes + proposed.length, otherPhotos + 1];
  }
  return {
    shown: tally.proposals,
    found: tally.hits,
    precision: tally.precision,
    recall: tally.recall,
    falseBoxesPerOtherPhoto: otherPhotos === 0 ? 0 : falseBoxes / otherPhotos,
  };
}

/** The head's held-out precision and recall for the unknown subject after each number of boxed answers. */
export async function learningCurve(others: readonly LabelledPhoto[]): Promise<LearningPoint[]> {
  const seen: Seen[] = [];
  for (const photo of [...(await loadLearningPhotos()), ...others]) seen.push({ ...photo, view: await detectorView(photo.bytes) });
  const chessboards = seen.filter((photo) => photo.truth.some((object) => object.class === SUBJECT));
  const absent = seen.filter((photo) => !chessboards.includes(photo));
  // a labeller's stream mixes photos with and without the subject: every third photo without it is answered, the
  // rest are held out with the held-out poses
  const absentTraining = absent.filter((_, index) => index % 3 === 0);
  const heldOut = [
    ...chessboards.filter((photo) => HELD_OUT_POSES.includes(poseOf(photo.name))),
    ...absent.filter((photo) => !absentTraining.includes(photo)),
  ];
  const boxed = trainingOrder(chessboards.filter((photo) => !HELD_OUT_POSES.includes(poseOf(photo.name))));
  const training = boxed.flatMap((photo, index) => (index % 2 === 1 && absentTraining[index >> 1] ? [photo, absentTraining[index >> 1]!] : [photo]));
  const fit = moduleOf('box_detection').fit;
  const points: LearningPoint[] = [];
  for (const answers of ANSWER_COUNTS) {
    const examples = training.slice(0, answers).map((photo) => {
      const boxes = photo.truth.filter((object) => object.class === SUBJECT).map(({ box }) => ({ box }));
      const answer = boxes.length > 0 ? { subject_uid: SUBJECT, result: 'True' as const, app_data_type: 'box_set' as const, app_data: boxes } : { subject_uid: SUBJECT, result: 'False' as const };
      return { view: photo.view, answers: [answer] };
    });
    const parameters: ModelParameters = {
      detector_class: { [SUBJECT]: null },
      appearance: { [SUBJECT]: null },
      head: fitHeads(fit, [SUBJECT], examples.reverse()),
    };
    points.push({ answers, boxed: examples.filter(({ answers: [answer] }) => answer?.result === 'True').length, ...(await measure(parameters, heldOut)) });
  }
  return points;
}
