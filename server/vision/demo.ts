import type { OffsetReference } from '../../src/api/application-types/offset';
import type { SubjectAppearance } from './models/parameters';
import { createRandom, deriveSeed, type Random } from './random';
import { generateScene, type GeneratedScene, type PartSpec, type SceneDifficulty, type SceneSpec } from './scenes';
import type { PartShape } from './shapes';

/** The demo subjects by name: how they look in the scenes and the appearance the demo applications configure. */
export interface DemoSubject {
  shape: PartShape;
  size: readonly [number, number];
  appearance: SubjectAppearance;
}

const appearance = (color: string, min_area: number, typical_area: number | null = null): SubjectAppearance => ({
  color,
  tolerance: 0.2,
  min_area,
  typical_area,
});

export const DEMO_PALETTE = {
  'red bolt': { shape: 'rounded', size: [70, 110], appearance: appearance('#c8322c', 300) },
  'blue washer': { shape: 'ring', size: [50, 80], appearance: appearance('#2a5fc4', 300) },
  'yellow nut': { shape: 'hexagon', size: [46, 60], appearance: appearance('#e6b422', 300, 1900) },
  'green marker': { shape: 'disc', size: [14, 22], appearance: appearance('#2e9a46', 40) },
  'fill level': { shape: 'rect', size: [0, 0], appearance: appearance('#e07b1a', 400) },
  'lot label': { shape: 'rect', size: [0, 0], appearance: appearance('#eeeade', 400) },
} as const satisfies Record<string, DemoSubject>;
export type DemoSubjectName = keyof typeof DEMO_PALETTE;

/** Unnamed clutter: colours no demo subject has. */
const DISTRACTORS: readonly Omit<PartSpec, 'count'>[] = [
  { subject: null, color: '#7b3f9e', shape: 'rect', size: [30, 60] },
  { subject: null, color: '#e4e4e0', shape: 'rect', size: [30, 55] },
];

/** An application type's demo application: what the demo creates for it, and how a person answers it. */
export interface DemoApplication {
  name: string;
  description: string;
  /** How to answer, appended to the description. */
  howToLabel: string;
  outputSubjects: readonly DemoSubjectName[];
  offsetReference: OffsetReference;
}

/** The `custom_fields` of a demo application, given the uids its subjects got. */
export function demoCustomFields(
  app: DemoApplication,
  uidByName: Record<string, string>,
): { appearance: Record<string, SubjectAppearance>; offset_reference: OffsetReference } {
  const entries = app.outputSubjects.map((name) => {
    const uid = uidByName[name];
    if (uid === undefined) throw new RangeError(`No subject uid for the demo subject "${name}".`);
    return [uid, { ...DEMO_PALETTE[name].appearance }] as const;
  });
  return { appearance: Object.fromEntries(entries), offset_reference: app.offsetReference };
}

const part = (name: DemoSubjectName, count: number): PartSpec => ({
  subject: name,
  color: DEMO_PALETTE[name].appearance.color,
  shape: DEMO_PALETTE[name].shape,
  size: DEMO_PALETTE[name].size,
  count,
});

/**
 * About 35 % clear, 40 % faint, 25 % cluttered: a line's camera sees mostly clear parts, but only the doubtful
 * scenes reach the feedback queue, and the demo is about the queue.
 */
function difficultyOf(random: Random): SceneDifficulty {
  const roll = random.float();
  return roll < 0.35 ? 'clear' : roll < 0.75 ? 'faint' : 'cluttered';
}

/** What a type's demo scenes are made with: the scene's random source and difficulty, and a few helpers. */
interface DemoSceneKit {
  random: Random;
  difficulty: SceneDifficulty;
  /** `count` parts of a demo subject, as it looks. */
  part(name: DemoSubjectName, count: number): PartSpec;
  /** None with the chance `absentChance`, else 1..max. */
  some(max: number, absentChance: number): number;
  /** A 640×480 JPEG scene of these parts, with the scene's clutter added. */
  scene(parts: PartSpec[]): SceneSpec;
}

/** An application type's demo: its application and the spec of one of its scenes. */
export interface DemoType {
  application: DemoApplication;
  sceneSpec(kit: DemoSceneKit): SceneSpec;
}

/** The spec of one scene of a demo application (see difficultyOf for the mix). */
export function demoSceneSpec(demo: DemoType, random: Random): SceneSpec {
  const difficulty = difficultyOf(random);
  const clutter = DISTRACTORS.map((distractor) => ({ ...distractor, count: random.int(0, 1) }));
  return demo.sceneSpec({
    random,
    difficulty,
    part,
    some: (max, absentChance) => (random.chance(absentChance) ? 0 : random.int(1, max)),
    scene: (parts) => ({ width: 640, height: 480, difficulty, parts: [...parts, ...clutter], format: 'jpeg' }),
  });
}

/** Scene `index` of a demo application's set: it depends only on (demo, seed, index). */
export function generateDemoScene(demo: DemoType, seed: number, index: number): Promise<GeneratedScene> {
  const sceneSeed = deriveSeed(seed, index);
  return generateScene(demoSceneSpec(demo, createRandom(sceneSeed)), sceneSeed);
}
