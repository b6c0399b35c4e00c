// `npm run bench:vision`: the pretrained detector, through the type modules, on real photographs with hand-drawn
// ground truth (scripts/bench/vision/photos, see manifest.json). Offline. Figures are recorded in docs/models.md;
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
import { Tally, type ProposedBox } from './evaluate';
import { loadPhotos } from './photos';

/** A count within this share of the true number is right. */
const COUNT_TOLERANCE = 0.15;

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

async function main() {
  const imagesDir = process.argv.includes('--images') ? process.argv[process.argv.indexOf('--images') + 1] : undefined;
  const photos = await loadPhotos();
  // one application whose output subjects are the classes of the ground truth, each mapped to itself
  const classes = [...new Set(photos.flatMap((photo) => photo.truth.map((object) => object.class)))].sort() as CocoClass[];
  const parameters: ModelParameters = {
    detector_class: Object.fromEntries(classes.map((name) => [name, name])),
    appearance: Object.fromEntries(classes.map((name) => [name, null])),
    offset_reference: 'near_edge',
  };
  await detectCocoObjects(photos[0]!.bytes); // loads the model, so that the times below are per image

  const tallies = new Map(classes.map((name) => [name, new Tally()]));
  const overall = new Tally();
  const countErrors = new Map(classes.map((name) => [name, [] as number[]]));
  const personCountsRight: boolean[] = [];
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
    return [name, tally.truths, tally.proposals, tally.hits, round(tally.precision), round(tally.recall), round(meanError)];
  });
  classRows.push(['all', overall.truths, overall.proposals, overall.hits, round(overall.precision), round(overall.recall), '']);
  console.log(`\n${photos.length} photographs; boxes at IoU ≥ 0.5; shown = box_detection's proposed boxes\n`);
  console.log(formatTable(['class', 'objects', 'shown', 'found', 'precision', 'recall', 'count error (mean abs.)'], classRows));
  console.log(`\nPerson counts within ±${COUNT_TOLERANCE * 100} %: ${personCountsRight.filter(Boolean).length} of ${personCountsRight.length} photos`);
  console.log(`\n${formatTable(['photo', 'objects', 'shown', 'shown / objects', 'detector ms'], perImage)}`);
  const ratios = perImage.map((row) => Number(row[3]));
  console.log(`\nMost shown per object: ${Math.max(...ratios)}; photos over 3×: ${ratios.filter((ratio) => ratio > 3).length}`);
  console.log(`Detector time per image: median ${round(percentile(times, 50), 0)} ms, max ${round(Math.max(...times), 0)} ms`);
  console.log(`Detector CPU time per image (decoding included): median ${round(percentile(cpuTimes, 50), 0)} ms, max ${round(Math.max(...cpuTimes), 0)} ms`);
  // other work on the machine slows the detector down: say how busy it was
  console.log(`(${availableParallelism()} cores, load average ${loadavg().map((load) => round(load, 1)).join(' / ')} over 1 / 5 / 15 min)`);
  await benchmarkClickToBox(photos, imagesDir);
}

await main();
