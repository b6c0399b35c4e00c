import { beforeAll, describe, expect, it } from 'vitest';
import { foundBoxes } from '../../types/measures/boxes';
import { loadManyInstancePhotos, type ManyInstancePhoto } from '../../testing/many-instances';
import { findMoreLikeThese, findRemembered } from './exemplar-search';

let photos: Record<string, ManyInstancePhoto>;

beforeAll(async () => {
  photos = Object.fromEntries((await loadManyInstancePhotos()).map((photo) => [photo.name, photo]));
});

/** The boxes at least as probable as the release measure shows them (0.5). */
const shown = (found: { box: { x0: number; y0: number; x1: number; y1: number }; probability: number }[]) =>
  found.filter((object) => object.probability >= 0.5).map((object) => object.box);

describe('find more like these, on real photographs boxed by hand', () => {
  // the least recall and precision of the other objects, below what the benchmark measures over many draws
  it.each([
    ['candies', [0, 5, 9], 0.7],
    ['candies', [2, 7, 11], 0.7],
    ['capacitors', [1, 7, 13], 0.5],
    ['capacitors', [4, 10, 16], 0.5],
  ])('%s, exemplars %j: most of the others found, hardly a false box (IoU ≥ 0.5)', async (name, picks, recall) => {
    const { bytes, truth } = photos[name]!;
    const exemplars = picks.map((index) => truth[index]!);
    const { found, templates } = await findMoreLikeThese(bytes, exemplars);
    expect(found.slice(0, 3).map((object) => object.box)).toEqual(exemplars);
    // remembered: the exemplars not cut by the frame (templates.test.ts)
    expect(templates.length).toBeGreaterThanOrEqual(1);
    expect(templates.length).toBeLessThanOrEqual(3);
    const others = truth.filter((box) => !exemplars.includes(box));
    const boxes = shown(found.slice(3));
    const hits = foundBoxes(others, boxes);
    expect(hits / others.length).toBeGreaterThanOrEqual(recall);
    expect(hits / boxes.length).toBeGreaterThanOrEqual(0.75);
  }, 30_000);

  it('finds nothing but the exemplar where nothing else is like it', async () => {
    const { bytes, truth } = photos.blades!;
    // the one blade lying across the others: the rest lie the other way
    const { found } = await findMoreLikeThese(bytes, [truth[1]!]);
    expect(foundBoxes(truth, shown(found))).toBeLessThanOrEqual(2);
  }, 30_000);

  it('remembered exemplars find the objects in another view of the same kind, at another size', async () => {
    const { bytes, truth } = photos.candies!;
    const { templates } = await findMoreLikeThese(bytes, [truth[0]!, truth[5]!, truth[9]!]);
    // the same candies photographed from further off: the photo at 70 % of its size, in a frame of background
    const sharp = (await import('sharp')).default;
    const smaller = await sharp(bytes).resize(289).extend({ top: 40, bottom: 40, left: 60, right: 60, background: '#ffffff' }).jpeg().toBuffer();
    const moved = truth.map((box) => ({ x0: box.x0 * 0.7 + 60, y0: box.y0 * 0.7 + 40, x1: box.x1 * 0.7 + 60, y1: box.y1 * 0.7 + 40 }));
    const boxes = shown(await findRemembered(smaller, templates));
    const hits = foundBoxes(moved, boxes);
    expect(hits / moved.length).toBeGreaterThanOrEqual(0.7);
    expect(hits / boxes.length).toBeGreaterThanOrEqual(0.7);
  }, 30_000);
});
