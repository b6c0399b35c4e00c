// Click-to-box on real photographs: a click on the centre of each true person box, answered by the detector's box
// under it (as the app takes it from `GET /1/media/{id}/objects`) and by GrabCut around it (as the app's worker runs
// it when the detector has no box there), each compared with the true box; then a rough box around each (the true
// box grown by ROUGH_MARGIN on every side) tightened both ways. Part of `npm run bench:vision`; alone:
// `npx tsx scripts/bench/vision/click-to-box.ts [--images <dir>]`.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { intersectionOverUnion } from '../../../src/api/application-types/box-detection';
import { objectMatchingBox, objectUnderClick } from '../../../src/features/labelling/click-to-box/detected-object';
import { GrabCutImage } from '../../../src/features/labelling/click-to-box/grabcut';
import { loadOpenCv } from '../../../src/features/labelling/click-to-box/opencv';
import { detectCocoObjects } from '../../../server/vision/detector/detector';
import { percentile } from '../stats';
import { formatTable } from '../table';
import { drawClicks, type ClickedBox } from './draw';
import { loadPhotos, type Photo } from './photos';

const round = (value: number, digits = 2) => Number(value.toFixed(digits));
const CLASS = 'person';
/** A rough box is the true one grown by this share of its width and height on every side. */
const ROUGH_MARGIN = 0.15;

const rough = ({ x0, y0, x1, y1 }: BoxCoords, width: number, height: number): BoxCoords => {
  const [dx, dy] = [ROUGH_MARGIN * (x1 - x0), ROUGH_MARGIN * (y1 - y0)];
  return { x0: Math.max(0, x0 - dx), y0: Math.max(0, y0 - dy), x1: Math.min(width, x1 + dx), y1: Math.min(height, y1 + dy) };
};

interface PathResult {
  ious: number[];
  answered: number;
  times: number[];
}

const newPath = (): PathResult => ({ ious: [], answered: 0, times: [] });

function record(result: PathResult, truth: BoxCoords, box: BoxCoords | null, ms: number) {
  result.ious.push(box ? intersectionOverUnion(box, truth) : 0);
  if (box) result.answered++;
  result.times.push(ms);
}

type BoxCoords = { x0: number; y0: number; x1: number; y1: number };

/** Clicks every person of the photos; prints the median IoU of each path (and of both, as the app chains them). */
export async function benchmarkClickToBox(photos: readonly Photo[], imagesDir?: string) {
  const cv = await loadOpenCv();
  const paths = { detector: newPath(), grabcut: newPath(), app: newPath(), roughDetector: newPath(), roughGrabcut: newPath(), roughApp: newPath() };
  for (const photo of photos) {
    const people = photo.truth.filter((object) => object.class === CLASS);
    if (people.length === 0) continue;
    const objects = await detectCocoObjects(photo.bytes);
    const { data, info } = await sharp(photo.bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const image = new GrabCutImage(cv, { width: info.width, height: info.height, data });
    const drawn: ClickedBox[] = [];
    for (const { box: truth } of people) {
      const click = { x: (truth.x0 + truth.x1) / 2, y: (truth.y0 + truth.y1) / 2 };
      const detected = objectUnderClick(objects, click)?.box ?? null;
      record(paths.detector, truth, detected, 0);
      const started = performance.now();
      const segmented = image.objectAt(click)?.box ?? null;
      const ms = performance.now() - started;
      record(paths.grabcut, truth, segmented, ms);
      record(paths.app, truth, detected ?? segmented, detected ? 0 : ms);
      drawn.push({ click, box: segmented, colour: '#ffb300' }, { click, box: detected, colour: '#00e676' });
      const drawnBox = rough(truth, info.width, info.height);
      const matched = objectMatchingBox(objects, drawnBox)?.box ?? null;
      record(paths.roughDetector, truth, matched, 0);
      const tightenStarted = performance.now();
      const tightened = image.objectInside(drawnBox)?.box ?? null;
      const tightenMs = performance.now() - tightenStarted;
      record(paths.roughGrabcut, truth, tightened, tightenMs);
      record(paths.roughApp, truth, matched ?? tightened, matched ? 0 : tightenMs);
    }
    image.dispose();
    if (imagesDir) {
      await mkdir(imagesDir, { recursive: true });
      await writeFile(path.join(imagesDir, `click-${photo.name}.png`), await drawClicks(photo.bytes, people, drawn));
    }
  }
  const row = (name: string, { ious, answered, times }: PathResult) => [
    name,
    ious.length,
    answered,
    round(percentile(ious, 50)),
    round(ious.filter((iou) => iou >= 0.5).length / ious.length),
    round(ious.filter((iou) => iou >= 0.8).length / ious.length),
    round(percentile(times, 50), 0),
  ];
  console.log(`\nClick-to-box: a click on the centre of each true ${CLASS} box; IoU of the answered box with the true one (none: 0)\n`);
  console.log(
    formatTable(
      ['path', 'clicks', 'boxed', 'median IoU', 'IoU ≥ 0.5', 'IoU ≥ 0.8', 'median ms a click'],
      [row("detector's box under the click", paths.detector), row('GrabCut around the click', paths.grabcut), row('the app: detector, else GrabCut', paths.app)],
    ),
  );
  console.log(`\nA rough box (the true one grown by ${ROUGH_MARGIN * 100} % a side, IoU ${round(1 / (1 + 2 * ROUGH_MARGIN) ** 2)}) tightened to the object inside\n`);
  console.log(
    formatTable(
      ['path', 'boxes', 'tightened', 'median IoU', 'IoU ≥ 0.5', 'IoU ≥ 0.8', 'median ms a box'],
      [row("detector's box matching it", paths.roughDetector), row('GrabCut inside it', paths.roughGrabcut), row('the app: detector, else GrabCut', paths.roughApp)],
    ),
  );
}

if (process.argv[1] === import.meta.filename) {
  const imagesDir = process.argv.includes('--images') ? process.argv[process.argv.indexOf('--images') + 1] : undefined;
  await benchmarkClickToBox(await loadPhotos(), imagesDir);
}
