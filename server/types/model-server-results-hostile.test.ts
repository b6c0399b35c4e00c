// A model server's results are outside input: whatever it answers, a type's part keeps only what its rule allows.
import { describe, expect, it } from 'vitest';
import type { ResultPlace, ServerResult } from './model-server-part';
import { moduleOf } from './registry';

const place: ResultPlace = { width: 100, height: 100, subjects: new Map([['Bolt', 'sub_bolt']]) };
const boxes = moduleOf('box_detection').modelServer!;
const rect = (value: Record<string, unknown>): ServerResult => ({ from_name: 'label', to_name: 'image', type: 'rectanglelabels', value: { rectanglelabels: ['Bolt'], ...value } });

describe('hostile results', () => {
  it.each([
    [{ x: Number.NaN, y: 0, width: 10, height: 10 }, /not a number/],
    [{ x: '1', y: 0, width: 10, height: 10 }, /not a number/],
    [{ x: 10, y: 10, width: -5, height: 10 }, /no or negative size/],
    [{ x: 95, y: 10, width: 10, height: 10 }, /outside the image/],
    [{ x: 10, y: 10, width: 10, height: 10, rotation: 45 }, /rotated/],
    [{ x: 10, y: 10, width: 0.1, height: 0.1 }, /smaller than a pixel/],
  ])('drops %j', (value, reason) => {
    const { proposals, dropped } = boxes.fromResults([rect(value)], place);
    expect(proposals[0]!.app_data).toBeNull();
    expect(dropped[0]).toMatch(reason);
  });

  it('drops unknown labels, several labels and results of other tags', () => {
    const results = [rect({ x: 1, y: 1, width: 5, height: 5, rectanglelabels: ['Screw'] }), rect({ x: 1, y: 1, width: 5, height: 5, rectanglelabels: ['Bolt', 'Bolt'] }), { ...rect({ x: 1, y: 1, width: 5, height: 5 }), from_name: 'other' }];
    const { proposals, dropped } = boxes.fromResults(results, place);
    expect(proposals[0]!.app_data).toBeNull();
    expect(dropped).toEqual(['the unknown label "Screw"', 'a rectanglelabels result without exactly one label']);
  });

  it('refuses more than 10,000 boxes whole', () => {
    const many = Array.from({ length: 10_001 }, () => rect({ x: 1, y: 1, width: 5, height: 5 }));
    const { proposals, dropped } = boxes.fromResults(many, place);
    expect(proposals[0]!.app_data).toBeNull();
    expect(dropped).toEqual(['10001 regions, more than 10,000']);
  });

  it('keeps a score to 0..1, and takes the prediction\'s when a result has none', () => {
    const { proposals } = boxes.fromResults([{ ...rect({ x: 1, y: 1, width: 5, height: 5 }), score: 7 }, rect({ x: 10, y: 10, width: 5, height: 5 })], { ...place, score: 0.4 });
    expect((proposals[0]!.app_data as { probability: number }[]).map((box) => box.probability)).toEqual([1, 0.4]);
  });
});
