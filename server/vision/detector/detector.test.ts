import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { intersectionOverUnion } from '../../../src/api/application-types/box-detection';
import { detectCocoObjects } from './detector';
import { objectsFromRows } from './objects';

const PHOTOS = new URL('../../demo/photos/', import.meta.url);

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
});

describe('detectCocoObjects on a real photograph', () => {
  it('finds the person of the hand-drawn box', async () => {
    const photo = await readFile(new URL('astronaut.jpg', PHOTOS));
    const truth = JSON.parse(await readFile(new URL('astronaut.json', PHOTOS), 'utf8')) as { objects: { class: string; box: never }[] };
    const person = truth.objects.find((object) => object.class === 'person');
    if (!person) throw new Error('The photo has no person in its ground truth.');
    const found = (await detectCocoObjects(photo)).filter((object) => object.class === 'person');
    expect(Math.max(...found.map((object) => intersectionOverUnion(object.box, person.box)))).toBeGreaterThanOrEqual(0.5);
  }, 60_000);
});
