import { EXEMPLARS } from '../../../api/limits';
import { boxesAround, foundBoxes, foundCentres, newestExemplars, newFinds } from './exemplar-finds';

const bounds = { x0: 0, y0: 0, x1: 400, y1: 300 };
const box = (x0: number, y0: number, size = 20) => ({ x0, y0, x1: x0 + size, y1: y0 + size });
const entry = (app_data: unknown, extra: object = {}) => ({ subject_uid: 'coin', probability: 0.8, app_data_type: 'box_set', app_data, ...extra });

describe('finds of "find more like these"', () => {
  it('leaves out a find that overlaps a mark already there at IoU ≥ 0.5, and keeps one that overlaps less', () => {
    const existing = [box(100, 100)];
    // IoU of two 20-pixel boxes 6 apart: 14·20 / (800 − 280) ≈ 0.54; 8 apart: 12·20 / (800 − 240) ≈ 0.43.
    const same = { box: box(106, 100), probability: 0.9 };
    const other = { box: box(108, 100), probability: 0.7 };
    expect(newFinds([same, other], existing, bounds)).toEqual([other]);
  });

  it('keeps one of two finds of the same object, the first (the service sends the strongest first)', () => {
    const first = { box: box(10, 10), probability: 0.9 };
    expect(newFinds([first, { box: box(11, 11), probability: 0.6 }], [], bounds)).toEqual([first]);
  });

  it('rounds finds to whole pixels and cuts them to the bounds; a find wholly outside is left out', () => {
    const finds = [
      { box: { x0: 390.4, y0: 10.6, x1: 410, y1: 30 }, probability: 0.8 },
      { box: { x0: 500, y0: 10, x1: 520, y1: 30 }, probability: 0.8 },
    ];
    expect(newFinds(finds, [], bounds)).toEqual([{ box: { x0: 390, y0: 11, x1: 400, y1: 30 }, probability: 0.8 }]);
  });

  it("reads a box_set's regions with their probabilities, else the entry's, ignoring what is not a region", () => {
    const found = foundBoxes(entry([{ box: box(1, 1), probability: 0.6 }, { box: box(50, 1) }, 'noise', { probability: 1 }]));
    expect(found).toEqual([
      { box: box(1, 1), probability: 0.6 },
      { box: box(50, 1), probability: 0.8 },
    ]);
    expect(foundBoxes(entry(3))).toEqual([]);
  });

  it("reads points (a point entry's app_data, a count's counted markers) as boxes of the exemplars' median size", () => {
    const exemplars = [box(0, 0, 10), box(0, 0, 20), box(0, 0, 40)];
    expect(boxesAround([{ x: 100, y: 50 }], exemplars)).toEqual([{ x0: 90, y0: 40, x1: 110, y1: 60 }]);
    const count = { subject_uid: 'coin', probability: 0.9, app_data_type: 'count', app_data: 1, counted: [{ x: 100, y: 50 }] };
    expect(foundCentres(count, exemplars)).toEqual([{ box: { x0: 90, y0: 40, x1: 110, y1: 60 }, probability: 0.9 }]);
    expect(foundCentres(entry([{ x: 100, y: 50 }], { app_data_type: 'point' }), exemplars)).toHaveLength(1);
  });

  it('takes the newest boxes large enough to teach as the exemplars, at most as many as the contract takes', () => {
    const tiny = { x0: 0, y0: 0, x1: EXEMPLARS.minSide - 1, y1: 30 };
    const boxes = [tiny, ...Array.from({ length: EXEMPLARS.max + 1 }, (_, i) => box(i * 30, 0))];
    expect(newestExemplars(boxes)).toEqual(boxes.slice(2));
  });
});
