// The exemplar search ("find more like these") in `npm run bench:vision`: on real photographs with many objects of a
// subject no COCO class covers (server/testing/many-instances), each searched from seeded draws of three exemplars
// (and one), the others' recall and precision at IoU ≥ 0.5 and counts within ±15 %; the same on the demo's birds.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BoxCoords } from '../../../src/api/types';
import { foundBoxes } from '../../../server/types/measures/boxes';
import { loadManyInstancePhotos, type ManyInstancePhoto } from '../../../server/testing/many-instances';
import { findMoreLikeThese } from '../../../server/vision/exemplars/exemplar-search';
import { createRandom } from '../../../server/vision/random';
import { percentile } from '../stats';
import { formatTable } from '../table';
import { drawProposals } from './draw';

/** Draws of exemplars per photo and per number of exemplars. */
const DRAWS = 5;
const SHOWN_PROBABILITY = 0.5;
const COUNT_TOLERANCE = 0.15;
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

export interface ExemplarRow {
  photo: string;
  exemplars: number;
  others: number;
  shown: number;
  found: number;
  countsRight: number;
  draws: number;
  medianMs: number;
  /** CPU time of the process (the search's thread included) per search. */
  medianCpuMs: number;
}

function draw(photo: ManyInstancePhoto, count: number, seed: number): BoxCoords[] {
  const random = createRandom(seed);
  const indices = photo.truth.map((_, index) => index);
  const picked: BoxCoords[] = [];
  while (picked.length < count && indices.length > 0) picked.push(photo.truth[indices.splice(Math.floor(random.float() * indices.length), 1)[0]!]!);
  return picked;
}

/**
 * The many-instance photos, and `also` (photos of the demo library with many objects of a COCO class that the
 * detector misses, to compare: the birds in the sky).
 */
export async function benchmarkExemplars(also: readonly ManyInstancePhoto[], imagesDir?: string): Promise<ExemplarRow[]> {
  const rows: ExemplarRow[] = [];
  for (const photo of [...(await loadManyInstancePhotos()), ...also]) {
    for (const count of [3, 1]) {
      const row: ExemplarRow = { photo: photo.name, exemplars: count, others: 0, shown: 0, found: 0, countsRight: 0, draws: DRAWS, medianMs: 0, medianCpuMs: 0 };
      const times: number[] = [];
      const cpuTimes: number[] = [];
      for (let seed = 1; seed <= DRAWS; seed += 1) {
        const exemplars = draw(photo, count, seed * 7 + count);
        const [started, cpuBefore] = [performance.now(), process.cpuUsage()];
        const { found } = await findMoreLikeThese(photo.bytes, exemplars);
        times.push(performance.now() - started);
        const cpu = process.cpuUsage(cpuBefore);
        cpuTimes.push((cpu.user + cpu.system) / 1000);
        const shown = found.slice(count).filter((object) => object.probability >= SHOWN_PROBABILITY).map((object) => object.box);
        const others = photo.truth.filter((box) => !exemplars.includes(box));
        row.others += others.length;
        row.shown += shown.length;
        row.found += foundBoxes(others, shown);
        if (Math.abs(shown.length + count - photo.truth.length) <= COUNT_TOLERANCE * photo.truth.length) row.countsRight += 1;
        if (imagesDir && seed === 1) {
          await mkdir(imagesDir, { recursive: true });
          const proposed = found.map((object, index) => ({ class: index < count ? 'exemplar' : photo.subject, box: object.box, probability: object.probability }));
          const truth = photo.truth.map((box) => ({ class: photo.subject, box }));
          await writeFile(path.join(imagesDir, `exemplars-${photo.name}-${count}.png`), await drawProposals(photo.bytes, truth, proposed.filter((p) => p.probability >= 0.25)));
        }
      }
      row.medianMs = percentile(times, 50);
      row.medianCpuMs = percentile(cpuTimes, 50);
      rows.push(row);
    }
  }
  return rows;
}

export function formatExemplarRows(rows: readonly ExemplarRow[]): string {
  const ratio = (a: number, b: number) => (b === 0 ? '—' : round(a / b));
  return formatTable(
    ['photo', 'exemplars', 'draws', 'other objects', 'shown (≥ 0.5)', 'found', 'precision', 'recall', `counts within ±${COUNT_TOLERANCE * 100} %`, 'median ms (CPU)', 'median ms (wall)'],
    rows.map((row) => [row.photo, row.exemplars, row.draws, row.others, row.shown, row.found, ratio(row.found, row.shown), ratio(row.found, row.others), `${row.countsRight} of ${row.draws}`, round(row.medianCpuMs, 0), round(row.medianMs, 0)]),
  );
}

