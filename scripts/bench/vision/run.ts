// `npm run bench:vision`: the pretrained detector, through the type modules, on real photographs with hand-drawn
// ground truth (the demo's, server/demo/photos, see manifest.json). Offline. Figures are recorded in docs/models.md;
// `-- --images <dir>` also writes each photo with its proposals drawn on it, and with its click-to-box answers.
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import type { CocoClass } from '../../../src/api/detector/classes';
import type { BoxRegion } from '../../../src/api/application-types/answer';
import { moduleOf } from '../../../server/types/registry';
import { detectCocoObjects } from '../../../server/vision/detector/detector';
import { loadAnalysisImage } from '../../../server/vision/models/analysis-image';
import type { ModelParameters } from '../../../server/vision/models/parameters';
import { percentile } from '../stats';
import { formatTable } from '../table';
import { benchmarkClickToBox } from './click-to-box';
import { drawProposals } from './draw';
import { Tally, type ProposedBox, type TruthObject } from './evaluate';
import { learningCurve } from './learning';
import { loadPhotos } from './photos';
import { compareQueueOrders, formatQueueOrders, TARGET_SHARE } from './queue-order';
import { benchmarkExemplars, formatExemplarRows } from './exemplars';
import { onePhotoLearning } from './exemplar-learning';

/** A count within this share of the true number is right. */
const COUNT_TOLERANCE = 0.15;

const round = (value: number, digits = 2) => Number(value.toFixed(digits));
const figure = (value: number | null) => (value === null ? '—' : round(value));

/** What a photo is of, for classification: the class its boxes cover most. */
function mainClassOf(truth: readonly TruthObject[]): string | undefined {
  const areas = new Map<string, number>();
  for (const { class: name, box } of truth) areas.set(name, (areas.get(name) ?? 0) + (box.x1 - box.x0) * (box.y1 - box.y0));
  return [...areas].sort((a, b) => b[1] - a[1])[0]?.[0];
}

async function main() {
  const imagesDir = process.argv.includes('--images') ? process.argv[process.argv.indexOf('--images') + 1] : undefined;
  const photos = await loadPhotos();
  // one application whose output subjects are the classes of the ground truth, each mapped to itself
  const classes = [...new Set(photos.flatMap((photo) => photo.truth.map((object) => object.class)))].sort() as CocoClass[];
  const parameters: ModelParameters = {
    detector_class: Object.fromEntries(classes.map((name) => [name, name])),
    appearance: Object.fromEntries(classes.map((name) => [name, null])),
  };
  await detectCocoObjects(photos[0]!.bytes); // loads the model, so that the times below are per image

  const tallies = new Map(classes.map((name) => [name, new Tally()]));
  const overall = new Tally();
  const countErrors = new Map(classes.map((name) => [name, [] as number[]]));
  const personCountsRight: boolean[] = [];
  const classifiedRight: boolean[] = [];
  const times: number[] = [];
  // on a busy machine the wall time mostly waits for a core; the process's CPU time is what one image costs
  const cpuTimes: number[] = [];
  const perImage: (string | number)[][] = [];
  for (const photo of photos) {
    const [started, cpuBefore] = [performance.now(), process.cpuUsage()];
    const objects = await detectCocoObjects(photo.bytes);
    times.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuBefore);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    const image = { ...(await loadAnalysisImage(photo.bytes)), objects };
    const boxSets = moduleOf('box_detection').propose(image, classes, parameters);
    const counts = moduleOf('static_count').propose(image, classes, parameters);
    const [classified] = moduleOf('classification').propose(image, classes, parameters);
    classifiedRight.push(classified?.subject_uid === mainClassOf(photo.truth));
    const proposed: ProposedBox[] = boxSets.flatMap(({ subject_uid, app_data }) =>
      (app_data as BoxRegion[]).map(({ box, probability = 0 }) => ({ class: subject_uid, box, probability })),
    );
    for (const name of classes) {
      const truth = photo.truth.filter((object) => object.class === name);
      tallies.get(name)!.add(truth, proposed.filter((proposal) => proposal.class === name));
      const counted = Number(counts.find((count) => count.subject_uid === name)?.app_data ?? 0);
      if (truth.length > 0 || counted > 0) countErrors.get(name)!.push(Math.abs(counted - truth.length));
      if (name === 'person' && truth.length > 0) personCountsRight.push(Math.abs(counted - truth.length) <= COUNT_TOLERANCE * truth.length);
    }
    overall.add(photo.truth, proposed);
    perImage.push([photo.name, photo.truth.length, proposed.length, round(proposed.length / Math.max(1, photo.truth.length)), round(times.at(-1)!, 0)]);
    if (imagesDir) {
      await mkdir(imagesDir, { recursive: true });
      await writeFile(path.join(imagesDir, `${photo.name}.png`), await drawProposals(photo.bytes, photo.truth, proposed));
    }
  }

  const classRows: (string | number)[][] = classes.map((name) => {
    const tally = tallies.get(name)!;
    const errors = countErrors.get(name)!;
    const meanError = errors.length === 0 ? 0 : errors.reduce((sum, error) => sum + error, 0) / errors.length;
    return [name, tally.truths, tally.proposals, tally.hits, figure(tally.precision), figure(tally.recall), figure(tally.averagePrecision), round(meanError)];
  });
  const classAPs = classes.flatMap((name) => tallies.get(name)!.averagePrecision ?? []);
  const meanAP = classAPs.reduce((sum, ap) => sum + ap, 0) / classAPs.length;
  classRows.push(['all', overall.truths, overall.proposals, overall.hits, figure(overall.precision), figure(overall.recall), `mAP ${round(meanAP)}`, '']);
  console.log(`\n${photos.length} photographs; boxes at IoU ≥ 0.5; shown = box_detection's proposed boxes\n`);
  console.log(formatTable(['class', 'objects', 'shown', 'found', 'precision', 'recall', 'AP', 'count error (mean abs.)'], classRows));
  console.log(`\nPerson counts within ±${COUNT_TOLERANCE * 100} %: ${personCountsRight.filter(Boolean).length} of ${personCountsRight.length} photos`);
  console.log(`Classification top-1 (the class covering most of the photo): ${classifiedRight.filter(Boolean).length} of ${classifiedRight.length} photos`);
  console.log(`\n${formatTable(['photo', 'objects', 'shown', 'shown / objects', 'detector ms'], perImage)}`);
  const ratios = perImage.map((row) => Number(row[3]));
  console.log(`\nMost shown per object: ${Math.max(...ratios)}; photos over 3×: ${ratios.filter((ratio) => ratio > 3).length}`);
  console.log(`Detector time per image: median ${round(percentile(times, 50), 0)} ms, max ${round(Math.max(...times), 0)} ms`);
  console.log(`Detector CPU time per image (decoding included): median ${round(percentile(cpuTimes, 50), 0)} ms, max ${round(Math.max(...cpuTimes), 0)} ms`);
  // other work on the machine slows the detector down: say how busy it was
  console.log('\nLearning curve: a subject no detector knows (a chessboard), held-out poses and other scenes, IoU ≥ 0.5\n');
  const curve = await learningCurve(photos);
  console.log(
    formatTable(
      ['answers', 'of them boxed', 'shown', 'found (of 6)', 'precision', 'recall', 'false boxes per other photo'],
      curve.map((point) => [point.answers, point.boxed, point.shown, point.found, figure(point.precision), figure(point.recall), round(point.falseBoxesPerOtherPhoto)]),
    ),
  );
  console.log(`(${availableParallelism()} cores, load average ${loadavg().map((load) => round(load, 1)).join(' / ')} over 1 / 5 / 15 min)`);
  const started = performance.now();
  const orders = await compareQueueOrders(photos);
  console.log(
    `\nThe queue's order: ${orders.pool} photos answered (chessboard, person, car boxed), a release every 4 answers, ` +
      `measured on ${orders.heldOut} held-out photos (mean F1 of the three at IoU ≥ 0.5). ` +
      `Target: ${TARGET_SHARE * 100} % of ${round(orders.full, 3)} (every answer) = ${round(orders.target, 3)}\n`,
  );
  console.log(formatQueueOrders(orders));
  console.log(`(${round((performance.now() - started) / 1000, 0)} s)`);
  await benchmarkClickToBox(photos, imagesDir);
  console.log('\nFind more like these: exemplars drawn at random (seeded) among the hand-drawn boxes; the other objects found at IoU ≥ 0.5\n');
  const birds = photos.filter((photo) => photo.name === 'birds').map((photo) => ({ ...photo, subject: 'bird', truth: photo.truth.map(({ box }) => box) }));
  console.log(formatExemplarRows(await benchmarkExemplars(birds, imagesDir)));
  console.log('\nOne photo\'s worth of boxed answers and a release: held-out photos, boxes at least 0.5 probable, IoU ≥ 0.5\n');
  console.log(
    formatTable(
      ['subject', 'trained on', 'boxed', 'held-out photos', 'objects', 'shown', 'found', 'precision', 'recall', 'false boxes per photo without', 'median ms (CPU)', 'median ms (wall)'],
      (await onePhotoLearning(photos, imagesDir)).map((point) => [
        point.subject,
        point.trainedOn,
        point.boxed,
        point.heldOutPhotos,
        point.objects,
        point.shown,
        point.found,
        figure(point.precision),
        figure(point.recall),
        round(point.falseBoxesPerPhotoWithout),
        round(point.medianCpuMs, 0),
        round(point.medianMs, 0),
      ]),
    ),
  );
  console.log(`(${availableParallelism()} cores, load average ${loadavg().map((load) => round(load, 1)).join(' / ')} over 1 / 5 / 15 min)`);
}

await main();
