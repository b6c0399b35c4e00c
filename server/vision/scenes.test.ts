import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generateScene, type SceneSpec } from './scenes';

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

const spec = (difficulty: SceneSpec['difficulty'], format: SceneSpec['format'] = 'png'): SceneSpec => ({
  width: 640,
  height: 480,
  difficulty,
  format,
  parts: [
    { subject: 'red bolt', color: '#c8322c', shape: 'rounded', size: [60, 100], count: 3 },
    { subject: 'blue washer', color: '#2a5fc4', shape: 'ring', size: [50, 80], count: 2 },
    { subject: null, color: '#7b3f9e', shape: 'rect', size: [30, 60], count: 2 },
  ],
});

describe('generateScene', () => {
  it.each(['png', 'jpeg'] as const)('gives identical %s bytes for the same seed and other bytes for another', async (format) => {
    const [a, b, c] = await Promise.all([
      generateScene(spec('cluttered', format), 9),
      generateScene(spec('cluttered', format), 9),
      generateScene(spec('cluttered', format), 10),
    ]);
    expect(md5(a.image)).toBe(md5(b.image));
    expect(a.truth).toEqual(b.truth);
    expect(md5(a.image)).not.toBe(md5(c.image));
    const metadata = await sharp(a.image).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual([format, 640, 480]);
  });

  it('records clear scenes as separate, uncropped, full-contrast objects inside the frame', async () => {
    const scene = await generateScene(spec('clear'), 3);
    const { objects, counts, presence, dominant, offsetX, offsetY } = scene.truth;
    expect(objects).toHaveLength(7);
    expect(counts).toEqual({ 'red bolt': 3, 'blue washer': 2 });
    expect(presence).toEqual({ 'red bolt': true, 'blue washer': true });
    expect(['red bolt', 'blue washer']).toContain(dominant);
    for (const [i, object] of objects.entries()) {
      expect(object.faint || object.cropped).toBe(false);
      expect(object.box.x0).toBeGreaterThanOrEqual(0);
      expect(object.box.x1).toBeLessThanOrEqual(640);
      expect(object.box.y1).toBeLessThanOrEqual(480);
      for (const other of objects.slice(i + 1)) {
        const apart = object.box.x1 <= other.box.x0 || other.box.x1 <= object.box.x0 || object.box.y1 <= other.box.y0 || other.box.y1 <= object.box.y0;
        expect(apart).toBe(true);
      }
    }
    const bolts = objects.filter((object) => object.subject === 'red bolt');
    expect(offsetX['red bolt']).toBe(Math.min(...bolts.map((bolt) => bolt.box.x0)));
    expect(offsetY['red bolt']).toBe(Math.min(...bolts.map((bolt) => bolt.box.y0)));
  });

  it('makes the subjects faint in faint scenes, leaving distractors alone', async () => {
    const { objects } = (await generateScene(spec('faint'), 4)).truth;
    expect(objects.filter((o) => o.subject !== null).every((o) => o.faint)).toBe(true);
    expect(objects.filter((o) => o.subject === null).some((o) => o.faint)).toBe(false);
  });

  it('crops and overlaps parts in cluttered scenes', async () => {
    const scenes = await Promise.all([1, 2, 3, 4, 5, 6].map((seed) => generateScene(spec('cluttered'), seed)));
    expect(scenes.some((scene) => scene.truth.objects.some((object) => object.cropped))).toBe(true);
  });

  it('paints a fill whose surface is the offset from the top', async () => {
    const scene = await generateScene({ width: 640, height: 480, difficulty: 'clear', parts: [], fill: { subject: 'fill', color: '#e07b1a', level: 200 } }, 5);
    expect(scene.truth.offsetY['fill']).toBe(200);
    expect(scene.truth.counts).toEqual({ fill: 1 });
  });

  it('lights a part from one side: its chamfer towards the light is brighter, its shadow falls on the far side', async () => {
    const nut = { subject: 'yellow nut', color: '#e6b422', shape: 'hexagon' as const, size: [110, 120] as const, count: 1 };
    // the first scene whose nut lies on the belt, well away from the bright rails
    let scene = await generateScene({ width: 480, height: 480, difficulty: 'clear', parts: [nut] }, 11);
    for (let seed = 12; scene.truth.objects[0]!.box.y0 < 50 || scene.truth.objects[0]!.box.y1 > 430; seed += 1) {
      scene = await generateScene({ width: 480, height: 480, difficulty: 'clear', parts: [nut] }, seed);
    }
    const { data, info } = await sharp(scene.image).raw().toBuffer({ resolveWithObject: true });
    const [object] = scene.truth.objects;
    const { light } = scene.truth.conditions;
    const at = (x: number, y: number) => (Math.round(y) * info.width + Math.round(x)) * info.channels;
    const brightness = (x: number, y: number) => data[at(x, y)]! + data[at(x, y) + 1]! + data[at(x, y) + 2]!;
    const yellow = (x: number, y: number) => data[at(x, y)]! - data[at(x, y) + 2]! > 60;
    const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
    const apothem = (object!.box.y1 - object!.box.y0) / 2;
    const { x: cx, y: cy } = object!.centre;
    // the part's chamfer: its pixels well out from the centre towards (1) or away from (-1) the light
    const chamfer = (side: number) => {
      const values: number[] = [];
      for (let y = object!.box.y0; y < object!.box.y1; y += 1) {
        for (let x = object!.box.x0; x < object!.box.x1; x += 1) {
          const along = ((x + 0.5 - cx) * light.x + (y + 0.5 - cy) * light.y) * side;
          if (yellow(x, y) && along > apothem * 0.8) values.push(brightness(x, y));
        }
      }
      return mean(values);
    };
    // the belt just beside the part: the part between it and the light (1: in its shadow), or it between them (-1)
    const besides = (side: number) => {
      const values: number[] = [];
      for (let y = object!.box.y0 - 10; y < object!.box.y1 + 10; y += 1) {
        for (let x = object!.box.x0 - 10; x < object!.box.x1 + 10; x += 1) {
          if (yellow(x, y)) continue;
          const step = (k: number) => yellow(x + light.x * k * side, y + light.y * k * side);
          if (!step(1) && step(3)) values.push(brightness(x, y));
        }
      }
      expect(values.length).toBeGreaterThan(10);
      return mean(values);
    };
    expect(chamfer(1)).toBeGreaterThan(1.2 * chamfer(-1));
    expect(besides(1)).toBeLessThan(0.8 * besides(-1));
  });

  it('puts cables, guards, overhead shadows and motion blur in cluttered scenes only, with a slight blur in every scene', async () => {
    const generate = (difficulty: SceneSpec['difficulty'], seeds: number[]) => Promise.all(seeds.map((seed) => generateScene(spec(difficulty), seed)));
    const cluttered = (await generate('cluttered', [21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32])).map((scene) => scene.truth.conditions);
    for (const condition of ['cable', 'guard', 'shadowBand'] as const) expect(cluttered.some((c) => c[condition]), condition).toBe(true);
    expect(cluttered.some((c) => c.blur.motion >= 3)).toBe(true);
    const calm = [...(await generate('clear', [21, 22, 23, 24])), ...(await generate('faint', [21, 22, 23, 24]))].map((scene) => scene.truth.conditions);
    for (const conditions of [...cluttered, ...calm]) expect(conditions.blur.sigma).toBeGreaterThan(0.3);
    expect(calm.some((c) => c.cable || c.guard || c.shadowBand || c.blur.motion > 0)).toBe(false);
  });

  it('says a subject with no part placed is absent', async () => {
    const scene = await generateScene({ ...spec('clear'), parts: [{ subject: 'red bolt', color: '#c8322c', shape: 'disc', size: [20, 30], count: 0 }] }, 6);
    expect(scene.truth).toMatchObject({ counts: { 'red bolt': 0 }, presence: { 'red bolt': false }, dominant: null, offsetX: {} });
  });
});
