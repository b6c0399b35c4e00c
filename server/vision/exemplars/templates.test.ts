import { describe, expect, it } from 'vitest';
import { crossCorrelation } from './correlation';
import { mergeTemplates, REMEMBERED_PER_SUBJECT, templateImage, templateOf, templatesIn, typicalWholeObjects } from './templates';

const box = (x0: number, y0: number, x1: number, y1: number) => ({ x0, y0, x1, y1 });

describe('remembered exemplars', () => {
  it('are whole objects, the most typical first: none cut by the frame unless all are', () => {
    const boxes = [box(0, 10, 20, 30), box(40, 40, 60, 60), box(100, 100, 140, 140), box(70, 70, 89, 91)];
    expect(typicalWholeObjects(boxes, 200, 150)).toEqual([box(40, 40, 60, 60), box(70, 70, 89, 91), box(100, 100, 140, 140)]);
    expect(typicalWholeObjects([box(0, 0, 10, 10)], 200, 150)).toEqual([box(0, 0, 10, 10)]);
  });

  it('keep their pixels and their size in the image, and come back as they were', () => {
    const image = { width: 40, height: 30, data: new Uint8Array(40 * 30 * 3).map((_, i) => (i * 37) % 251) };
    const template = templateOf(image, box(10, 5, 24, 19));
    expect(template).toMatchObject({ width: 14, height: 14, share: { width: 14 / 40, height: 14 / 30 } });
    const back = templateImage(template, 14, 14);
    for (let i = 0; i < back.data.length; i += 1) expect(back.data[i]).toBe(image.data[((5 + Math.floor(i / 42)) * 40 + 10 + Math.floor((i % 42) / 3)) * 3 + (i % 3)]);
  });

  it('are kept newest first, once each, at most REMEMBERED_PER_SUBJECT; malformed stored ones are left out', () => {
    const image = { width: 40, height: 30, data: new Uint8Array(40 * 30 * 3).map((_, i) => i % 256) };
    const templates = Array.from({ length: REMEMBERED_PER_SUBJECT + 3 }, (_, i) => templateOf(image, box(i, 0, i + 14, 14)));
    const merged = mergeTemplates({ a: templates.slice(0, 2) }, { a: templates, b: [templates[0]!] });
    expect(merged.a).toHaveLength(REMEMBERED_PER_SUBJECT);
    expect(merged.a!.slice(0, 3)).toEqual(templates.slice(0, 3));
    expect(merged.b).toEqual([templates[0]]);
    expect(templatesIn({ a: [templates[0], { width: 2, height: 2, pixels: 'AAAA', share: { width: 1, height: 1 } }, 'x'], b: 'nothing' })).toEqual({ a: [templates[0]] });
  });
});

describe('normalised cross-correlation', () => {
  it('is 1 where the template is, whatever its brightness and contrast; nothing on a flat window', () => {
    const data = new Float32Array(20 * 20).map((_, i) => ((i * 7919) % 97) + 20);
    const image = { width: 20, height: 20, data };
    const template = { width: 5, height: 4, data: new Float32Array(20) };
    for (let y = 0; y < 4; y += 1) for (let x = 0; x < 5; x += 1) template.data[y * 5 + x] = 3 * (data[(7 + y) * 20 + 6 + x] ?? 0) + 10;
    const map = crossCorrelation(image, template);
    expect(map.width).toBe(16);
    expect(map.data[7 * 16 + 6]).toBeCloseTo(1, 5);
    expect(Math.max(...map.data)).toBeCloseTo(1, 5);
    expect(crossCorrelation({ width: 10, height: 10, data: new Float32Array(100).fill(50) }, template).data.every((value) => value === 0)).toBe(true);
  });
});
