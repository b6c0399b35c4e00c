import { describe, expect, it } from 'vitest';
import { LABELLABLE_TYPES } from '../../src/api/types';
import { DEMO_APPLICATIONS, DEMO_PALETTE, demoCustomFields, demoParameters, demoSceneSpec, generateDemoSet } from './demo';
import { createRandom } from './random';

describe('demo applications', () => {
  it('configure every labellable type with the palette appearance under the subjects\' uids', () => {
    for (const type of LABELLABLE_TYPES) {
      const names = DEMO_APPLICATIONS[type].outputSubjects;
      const uids = Object.fromEntries(names.map((name, i) => [name, `uid-${i}`]));
      const fields = demoCustomFields(type, uids);
      expect(Object.keys(fields.appearance)).toEqual(names.map((_, i) => `uid-${i}`));
      expect(fields.appearance['uid-0']?.color).toBe(DEMO_PALETTE[names[0] ?? 'red bolt'].appearance.color);
      expect(Object.keys(demoParameters(type).appearance)).toEqual([...names]);
    }
    expect(() => demoCustomFields('point', {})).toThrow(RangeError);
  });

  it('mix clear, faint and cluttered scenes', () => {
    const random = createRandom(1);
    const difficulties = new Set(Array.from({ length: 40 }, () => demoSceneSpec('box_detection', random).difficulty));
    expect([...difficulties].sort()).toEqual(['clear', 'cluttered', 'faint']);
  });

  it('generate the same set for the same seed, with the output subjects in the truth', async () => {
    for (const type of LABELLABLE_TYPES) {
      const [first, again] = await Promise.all([generateDemoSet(type, 2, 8), generateDemoSet(type, 2, 8)]);
      expect(first.map((scene) => scene.image)).toEqual(again?.map((scene) => scene.image));
      for (const name of DEMO_APPLICATIONS[type].outputSubjects) expect(first[0]?.truth.counts).toHaveProperty([name]);
    }
  });
});
