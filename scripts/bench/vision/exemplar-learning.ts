// The one-photo learning figure of `npm run bench:vision`: a subject no COCO class covers is boxed on one photo, a
// release makes the boxes its exemplars (exemplarsFromAnswers, as feedback/release.ts does for a subject shown
// exemplars), and the model is measured on held-out photos (boxes at least 0.5 probable against the hand-drawn ones,
// IoU ≥ 0.5):
// - a calibration chessboard: one view boxed; held out, both views of the poses never trained on, and the benchmark's
//   other photos (no board);
// - capacitors and candies: the left half of the photo boxed, the right half held out (a photo of its own, other
//   objects; the same board and table, so an easier case than another photo), and the other many-instance photos.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { BoxRegion } from '../../../src/api/application-types/answer';
import type { BoxCoords } from '../../../src/api/types';
import { moduleOf } from '../../../server/types/registry';
import { runModel } from '../../../server/types/run-model';
import { loadManyInstancePhotos } from '../../../server/testing/many-instances';
import { exemplarsFromAnswers } from '../../../server/vision/exemplars/remembered';
import type { ModelParameters } from '../../../server/vision/models/parameters';
import { contactSheet, drawProposals } from './draw';
import { Tally } from './evaluate';
import { HELD_OUT_POSES, loadLearningPhotos, poseOf, type LabelledPhoto } from './learning';
import { percentile } from '../stats';

interface Labelled {
  name: string;
  bytes: Buffer;
  truth: BoxCoords[];
}

export interface OnePhotoPoint {
  subject: string;
  trainedOn: string;
  boxed: number;
  heldOutPhotos: number;
  objects: number;
  shown: number;
  found: number;
  precision: number | null;
  recall: number | null;
  falseBoxesPerPhotoWithout: number;
  medianMs: number;
  /** CPU time of the process per model run (decoding and the search's thread included). */
  medianCpuMs: number;
}

async function learnAndMeasure(subject: string, training: Labelled, heldOut: readonly Labelled[], imagesDir?: string): Promise<OnePhotoPoint> {
  const answer = { subject_uid: subject, result: 'True' as const, app_data_type: 'box_set' as const, app_data: training.truth.map((box) => ({ box })) };
  const exemplars = await exemplarsFromAnswers(moduleOf('box_detection').fit, [subject], [{ image: training.bytes, focus: null, answers: [answer] }]);
  const parameters: ModelParameters = { detector_class: { [subject]: null }, appearance: { [subject]: null }, exemplars };
  const tally = new Tally();
  let falseBoxes = 0;
  let without = 0;
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const drawings: Buffer[] = [];
  for (const photo of heldOut) {
    const [started, cpuBefore] = [performance.now(), process.cpuUsage()];
    const [boxes] = await runModel({ type: 'box_detection', outputSubjects: [subject], parameters, image: photo.bytes });
    times.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuBefore);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    const regions = (boxes?.app_data ?? []) as BoxRegion[];
    const proposed = regions.filter((region) => (region.probability ?? 0) >= 0.5).map(({ box, probability = 0 }) => ({ class: subject, box, probability }));
    if (imagesDir && (photo.truth.length > 0 || proposed.length > 0)) {
      // the held-out photos of the subject, and every other photo it was wrongly found on
      const drawn = regions.filter((region) => (region.probability ?? 0) >= 0.25).map(({ box, probability = 0 }) => ({ class: subject, box, probability }));
      drawings.push(await drawProposals(photo.bytes, photo.truth.map((box) => ({ class: subject, box })), drawn));
    }
    tally.add(photo.truth.map((box) => ({ class: subject, box })), proposed);
    if (photo.truth.length === 0) [falseBoxes, without] = [falseBoxes + proposed.length, without + 1];
  }
  if (imagesDir && drawings.length > 0) {
    await mkdir(imagesDir, { recursive: true });
    await writeFile(path.join(imagesDir, `one-photo-${subject}.png`), await contactSheet(drawings));
  }
  return {
    subject,
    trainedOn: training.name,
    boxed: training.truth.length,
    heldOutPhotos: heldOut.length,
    objects: tally.truths,
    shown: tally.proposals,
    found: tally.hits,
    precision: tally.precision,
    recall: tally.recall,
    falseBoxesPerPhotoWithout: without === 0 ? 0 : falseBoxes / without,
    medianMs: percentile(times, 50),
    medianCpuMs: percentile(cpuTimes, 50),
  };
}

/** The photo's left and right halves as photos of their own, each with the objects mostly inside it. */
async function halves(photo: Labelled): Promise<[Labelled, Labelled]> {
  const { width = 0, height = 0 } = await sharp(photo.bytes).metadata();
  const half = Math.round(width / 2);
  const cut = async (x0: number, x1: number, name: string): Promise<Labelled> => ({
    name,
    bytes: await sharp(photo.bytes).extract({ left: x0, top: 0, width: x1 - x0, height }).jpeg({ quality: 92 }).toBuffer(),
    truth: photo.truth
      .filter((box) => Math.min(box.x1, x1) - Math.max(box.x0, x0) >= 0.5 * (box.x1 - box.x0))
      .map((box) => ({ x0: Math.max(0, box.x0 - x0), y0: box.y0, x1: Math.min(x1 - x0, box.x1 - x0), y1: box.y1 })),
  });
  return [await cut(0, half, `${photo.name} (left half)`), await cut(half, width, `${photo.name} (right half)`)];
}

export async function onePhotoLearning(others: readonly LabelledPhoto[], imagesDir?: string): Promise<OnePhotoPoint[]> {
  const points: OnePhotoPoint[] = [];
  const boards = (await loadLearningPhotos()).map((photo) => ({ name: photo.name, bytes: photo.bytes, truth: photo.truth.map(({ box }) => box) }));
  const noBoard = others.map((photo) => ({ name: photo.name, bytes: photo.bytes, truth: [] as BoxCoords[] }));
  const trainingBoard = boards.find((photo) => photo.name === 'chessboard-left01')!;
  const heldOutBoards = boards.filter((photo) => HELD_OUT_POSES.includes(poseOf(photo.name)));
  points.push(await learnAndMeasure('chessboard', trainingBoard, [...heldOutBoards, ...noBoard], imagesDir));
  const many = await loadManyInstancePhotos();
  for (const name of ['capacitors', 'candies']) {
    const photo = many.find((candidate) => candidate.name === name)!;
    const [left, right] = await halves(photo);
    const otherPhotos = many.filter((candidate) => candidate !== photo).map((candidate) => ({ ...candidate, truth: [] as BoxCoords[] }));
    points.push(await learnAndMeasure(photo.subject, left, [right, ...otherPhotos, ...noBoard], imagesDir));
  }
  return points;
}
