import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { intersectionOverUnion } from '../../../src/api/application-types/box-detection';
import { calibrateDetectorScore } from '../models/calibration';
import { detectCocoObjects, needsFramedLook } from './detector';
import { objectsFromRows } from './objects';

const PHOTOS = new URL('../../demo/photos/', import.meta.url);
/** box_detection shows boxes from this probability on. */
const SHOWN = 0.25;

describe('objectsFromRows', () => {
  it('maps input pixels to the media, drops weak and unknown rows, and keeps one box per object and class', () => {
    const frame = { x0: 100, y0: 0, x1: 612, y1: 1024 };
    const rows = [
      [0, 0, 256, 256, 0.8, 0],
      [10, 0, 256, 256, 0.6, 0],
      [10, 0, 256, 256, 0.5, 15],
      [300, 300, 400, 400, 0.05, 2],
      [300, 300, 400, 400, 0.9, 80],
      [300, 300, 700, 400, 0.4, 2],
    ];
    expect(objectsFromRows(rows, frame)).toEqual([
      { class: 'person', score: 0.8, box: { x0: 100, y0: 0, x1: 356, y1: 512 } },
      { class: 'cat', score: 0.5, box: { x0: 110, y0: 0, x1: 356, y1: 512 } },
      { class: 'car', score: 0.4, box: { x0: 400, y0: 600, x1: 612, y1: 800 } },
    ]);
  });

  it('maps the middle of the input, where a framed image lies, to the whole frame, and the border outside it', () => {
    const frame = { x0: 0, y0: 0, x1: 704, y1: 352 };
    const placement = { x0: 80, y0: 80, x1: 432, y1: 432 };
    const rows = [
      [80, 80, 432, 432, 0.8, 0],
      [168, 168, 256, 256, 0.7, 2],
      [0, 0, 80, 80, 0.9, 15],
    ];
    expect(objectsFromRows(rows, frame, placement)).toEqual([
      { class: 'person', score: 0.8, box: frame },
      { class: 'car', score: 0.7, box: { x0: 176, y0: 88, x1: 352, y1: 176 } },
    ]);
  });
});

describe('the second, framed look', () => {
  const frame = { x0: 0, y0: 0, x1: 100, y1: 100 };
  const object = (score: number, side: number) => ({ class: 'dog' as const, score, box: { x0: 0, y0: 0, x1: side, y1: side } });

  it('is taken when the first found nothing likely, or when its strongest object fills the frame', () => {
    expect(needsFramedLook([], frame)).toBe(true);
    expect(needsFramedLook([object(0.2, 10)], frame)).toBe(true);
    expect(needsFramedLook([object(0.9, 70)], frame)).toBe(true);
    expect(needsFramedLook([object(0.9, 30), object(0.4, 90)], frame)).toBe(false);
  });
});

const truthOf = async (name: string, objectClass: string) => {
  const truth = JSON.parse(await readFile(new URL(`${name}.json`, PHOTOS), 'utf8')) as { objects: { class: string; box: never }[] };
  const object = truth.objects.find((candidate) => candidate.class === objectClass);
  if (!object) throw new Error(`The photo has no ${objectClass} in its ground truth.`);
  return object.box;
};

describe('detectCocoObjects on real photographs', () => {
  it('finds the person of the hand-drawn box', async () => {
    const photo = await readFile(new URL('astronaut.jpg', PHOTOS));
    const person = await truthOf('astronaut', 'person');
    const found = (await detectCocoObjects(photo)).filter((object) => object.class === 'person');
    expect(Math.max(...found.map((object) => intersectionOverUnion(object.box, person)))).toBeGreaterThanOrEqual(0.5);
  }, 60_000);

  it.each([
    ['dog', 'dog'],
    ['cat', 'chelsea'],
  ])('boxes the one %s that fills its photo (%s) over the shown threshold', async (objectClass, name) => {
    const photo = await readFile(new URL(`${name}.jpg`, PHOTOS));
    const truth = await truthOf(name, objectClass);
    const found = (await detectCocoObjects(photo)).filter((object) => object.class === objectClass && calibrateDetectorScore(object.score) >= SHOWN);
    expect(found.some((object) => intersectionOverUnion(object.box, truth) >= 0.5)).toBe(true);
  }, 60_000);

  it('still boxes the small ball of the football photo over the shown threshold (a second look is not taken there)', async () => {
    const photo = await readFile(new URL('football.jpg', PHOTOS));
    const truth = await truthOf('football', 'sports ball');
    const found = (await detectCocoObjects(photo)).filter((object) => object.class === 'sports ball' && calibrateDetectorScore(object.score) >= 0.5);
    expect(found.some((object) => intersectionOverUnion(object.box, truth) >= 0.5)).toBe(true);
  }, 60_000);
});
