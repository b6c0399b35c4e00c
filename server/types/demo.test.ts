import { describe, expect, it } from 'vitest';
import { DEMO_PALETTE, demoCustomFields, demoSceneSpec } from '../vision/demo';
import { createRandom } from '../vision/random';
import { DEMO_TYPES, demoOf } from './registry';
import { demoApplication, demoParameters, generateDemoSet } from './testing/demo';

describe('demo applications', () => {
  it('configure every type of the demo with the palette appearance under the subjects\' uids', () => {
    for (const type of DEMO_TYPES) {
      const names = demoApplication(type).outputSubjects;
      const uids = Object.fromEntries(names.map((name, i) => [name, `uid-${i}`]));
      const fields = demoCustomFields(demoApplication(type), uids);
      expect(Object.keys(fields.appearance)).toEqual(names.map((_, i) => `uid-${i}`));
      expect(fields.appearance['uid-0']?.color).toBe(DEMO_PALETTE[names[0] ?? 'red bolt'].appearance.color);
      expect(Object.keys(demoParameters(type).appearance)).toEqual([...names]);
    }
    expect(() => demoCustomFields(demoApplication('point'), {})).toThrow(RangeError);
  });

  it('mix clear, faint and cluttered scenes', () => {
    const random = createRandom(1);
    const difficulties = new Set(Array.from({ length: 40 }, () => demoSceneSpec(demoOf('box_detection'), random).difficulty));
    expect([...difficulties].sort()).toEqual(['clear', 'cluttered', 'faint']);
  });

  it('generate the same set for the same seed, with the output subjects in the truth', async () => {
    for (const type of DEMO_TYPES) {
      const [first, again] = await Promise.all([generateDemoSet(type, 2, 8), generateDemoSet(type, 2, 8)]);
      expect(first.map((scene) => scene.image)).toEqual(again?.map((scene) => scene.image));
      for (const name of demoApplication(type).outputSubjects) expect(first[0]?.truth.counts).toHaveProperty([name]);
    }
  });
});
