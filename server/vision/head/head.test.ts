import { describe, expect, it } from 'vitest';
import { featureMapOf, FEATURE_GRID_SIZE, REGION_FEATURE_CHANNELS, regionEmbedding, cellBoxOf, mediaBoxOf } from '../detector/features';
import { intersectionOverUnion } from '../../../src/api/application-types/box-detection';
import { moduleOf } from '../../types/registry';
import { fitHeads } from './fit';
import { headProbability, restored, stored } from './head';
import { scanForObjects } from './scan';

const FRAME = { x0: 0, y0: 0, x1: 640, y1: 480 };

/** A feature grid of a plain background with one object: cells inside `cells` carry the object's feature. */
function mapWith(objectCells: { x0: number; y0: number; x1: number; y1: number } | null, object = 7, seed = 1) {
  const grid = new Float32Array(FEATURE_GRID_SIZE * FEATURE_GRID_SIZE * REGION_FEATURE_CHANNELS);
  for (let y = 0; y < FEATURE_GRID_SIZE; y += 1) {
    for (let x = 0; x < FEATURE_GRID_SIZE; x += 1) {
      const inside = objectCells && x >= objectCells.x0 && x < objectCells.x1 && y >= objectCells.y0 && y < objectCells.y1;
      const cell = (y * FEATURE_GRID_SIZE + x) * REGION_FEATURE_CHANNELS;
      grid[cell + ((x * 3 + y * 5 + seed) % 40)] = 1; // background texture
      if (inside) grid[cell + 100 + object] = 3;
    }
  }
  return featureMapOf({ regionFeatures: grid, imageFeatures: new Float32Array(480).fill(objectCells ? 1 : 0.5) }, FRAME);
}

const boxOf = (map: ReturnType<typeof mapWith>, cells: { x0: number; y0: number; x1: number; y1: number }) => mediaBoxOf(map, cells);

describe('the learned head', () => {
  it('stores an embedding in a byte per value and gets it back within 1 %', () => {
    const embedding = regionEmbedding(mapWith({ x0: 4, y0: 4, x1: 10, y1: 10 }), { x0: 80, y0: 60, x1: 200, y1: 150 });
    const back = restored(stored(embedding));
    const largest = Math.max(...embedding.map(Math.abs));
    embedding.forEach((value, index) => expect(Math.abs((back[index] ?? 0) - value)).toBeLessThan(largest / 100));
  });

  it('maps media boxes to grid cells and back', () => {
    const map = mapWith(null);
    expect(cellBoxOf(map, { x0: 0, y0: 0, x1: 640, y1: 480 })).toEqual({ x0: 0, y0: 0, x1: 32, y1: 32 });
    expect(mediaBoxOf(map, { x0: 8, y0: 8, x1: 16, y1: 16 })).toEqual({ x0: 160, y0: 120, x1: 320, y1: 240 });
    expect(cellBoxOf(map, { x0: 1, y0: 1, x1: 2, y1: 2 })).toEqual({ x0: 0, y0: 0, x1: 1, y1: 1 });
  });

  it('learns a subject from boxed answers and finds it elsewhere, but not in an image without it', () => {
    const places = [
      { x0: 2, y0: 3, x1: 8, y1: 9 },
      { x0: 20, y0: 4, x1: 26, y1: 10 },
      { x0: 10, y0: 18, x1: 16, y1: 24 },
      { x0: 24, y0: 22, x1: 30, y1: 28 },
    ];
    const examples = places.map((cells, index) => {
      const map = mapWith(cells, 7, index);
      return {
        view: { objects: [], features: map },
        answers: [{ subject_uid: 'coin', result: 'True' as const, app_data_type: 'box_set' as const, app_data: [{ box: boxOf(map, cells) }] }],
      };
    });
    const head = fitHeads(moduleOf('box_detection').fit, ['coin'], examples).coin!;
    expect(head.objects.positives).toHaveLength(4);
    expect(head.objects.negatives.length).toBeGreaterThan(4);

    const target = { x0: 14, y0: 8, x1: 20, y1: 14 };
    const unseen = mapWith(target, 7, 9);
    const [found] = scanForObjects(unseen, head);
    expect(found).toBeDefined();
    expect(intersectionOverUnion(found!.box, boxOf(unseen, target))).toBeGreaterThanOrEqual(0.5);
    expect(scanForObjects(mapWith({ x0: 14, y0: 8, x1: 20, y1: 14 }, 60, 9), head)).toEqual([]);
    expect(headProbability(regionEmbedding(unseen, boxOf(unseen, target)), head.objects)).toBeGreaterThan(0.5);
    expect(headProbability(regionEmbedding(unseen, { x0: 0, y0: 400, x1: 100, y1: 480 }), head.objects)).toBeLessThan(0.5);
  });

  it('says nothing before it has examples of both kinds', () => {
    const map = mapWith({ x0: 2, y0: 2, x1: 6, y1: 6 });
    const answers = [{ subject_uid: 'coin', result: 'False' as const }];
    const head = fitHeads(moduleOf('box_detection').fit, ['coin', 'nut'], [{ view: { objects: [], features: map }, answers }]);
    expect(head.nut).toBeUndefined();
    expect(headProbability(map.image, head.coin!.images)).toBeNull();
    expect(scanForObjects(map, head.coin!)).toEqual([]);
  });
});
