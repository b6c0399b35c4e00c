import type { LabellableType } from '../../src/api/types';
import { parametersFromApplication, type ModelParameters, type OffsetReference, type SubjectAppearance } from './models/parameters';
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
} as const satisfies Record<string, DemoSubject>;
export type DemoSubjectName = keyof typeof DEMO_PALETTE;

/** Unnamed clutter: colours no demo subject has. */
const DISTRACTORS: readonly Omit<PartSpec, 'count'>[] = [
  { subject: null, color: '#7b3f9e', shape: 'rect', size: [30, 60] },
  { subject: null, color: '#e4e4e0', shape: 'rect', size: [30, 55] },
];

export interface DemoApplication {
  name: string;
  description: string;
  outputSubjects: readonly DemoSubjectName[];
  offsetReference: OffsetReference;
}

export const DEMO_APPLICATIONS: Record<LabellableType, DemoApplication> = {
  classification: {
    name: 'Part kind',
    description: 'Which kind of part is on the belt: red bolts, blue washers or yellow nuts (only one kind at a time).',
    outputSubjects: ['red bolt', 'blue washer', 'yellow nut'],
    offsetReference: 'near_edge',
  },
  detection_fullframe: {
    name: 'Parts present',
    description: 'Which kinds of part are on the belt; any mix of red bolts, blue washers and yellow nuts.',
    outputSubjects: ['red bolt', 'blue washer', 'yellow nut'],
    offsetReference: 'near_edge',
  },
  box_detection: {
    name: 'Red bolts',
    description: 'A box around every red bolt; other parts are not bolts.',
    outputSubjects: ['red bolt'],
    offsetReference: 'near_edge',
  },
  static_count: {
    name: 'Nut count',
    description: 'How many yellow nuts are on the belt.',
    outputSubjects: ['yellow nut'],
    offsetReference: 'near_edge',
  },
  offset_x: {
    name: 'Washer position',
    description: 'Distance from the left edge of the frame to the left edge of the blue washer.',
    outputSubjects: ['blue washer'],
    offsetReference: 'near_edge',
  },
  offset_y: {
    name: 'Fill level',
    description: 'Distance from the top of the frame to the surface of the liquid in the container.',
    outputSubjects: ['fill level'],
    offsetReference: 'near_edge',
  },
  point: {
    name: 'Markers',
    description: 'The centre of every green marker dot.',
    outputSubjects: ['green marker'],
    offsetReference: 'centre',
  },
};

/** The `custom_fields` of a demo application, given the uids its subjects got. */
export function demoCustomFields(
  type: LabellableType,
  uidByName: Record<string, string>,
): { appearance: Record<string, SubjectAppearance>; offset_reference: OffsetReference } {
  const app = DEMO_APPLICATIONS[type];
  const entries = app.outputSubjects.map((name) => {
    const uid = uidByName[name];
    if (uid === undefined) throw new RangeError(`No subject uid for the demo subject "${name}".`);
    return [uid, { ...DEMO_PALETTE[name].appearance }] as const;
  });
  return { appearance: Object.fromEntries(entries), offset_reference: app.offsetReference };
}

/** The parameters of a demo application whose subjects' uids are their names (for scripts and tests). */
export function demoParameters(type: LabellableType): ModelParameters {
  const names = DEMO_APPLICATIONS[type].outputSubjects;
  const identity = Object.fromEntries(names.map((name) => [name, name]));
  return parametersFromApplication({ type, output_subjects: names, custom_fields: demoCustomFields(type, identity) }, identity);
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

/** The spec of one scene of a demo application (see difficultyOf for the mix). */
export function demoSceneSpec(type: LabellableType, random: Random): SceneSpec {
  const difficulty = difficultyOf(random);
  const clutter = DISTRACTORS.map((distractor) => ({ ...distractor, count: random.int(0, 1) }));
  const some = (max: number, absentChance: number) => (random.chance(absentChance) ? 0 : random.int(1, max));
  const scene = (parts: PartSpec[]): SceneSpec => ({
    width: 640,
    height: 480,
    difficulty,
    parts: [...parts, ...clutter],
    format: 'jpeg',
  });
  switch (type) {
    case 'classification': {
      const kinds = DEMO_APPLICATIONS.classification.outputSubjects;
      const shown = random.pick(kinds);
      const count = random.int(1, 4);
      return scene(kinds.map((name) => part(name, name === shown ? count : 0)));
    }
    case 'detection_fullframe':
      return scene(DEMO_APPLICATIONS.detection_fullframe.outputSubjects.map((name) => part(name, some(3, 0.5))));
    case 'box_detection':
      return scene([part('red bolt', some(5, 0.1)), part('blue washer', random.int(0, 2)), part('yellow nut', random.int(0, 2))]);
    case 'static_count':
      return scene([part('yellow nut', some(7, 0.1)), part('red bolt', random.int(0, 2)), part('blue washer', random.int(0, 1))]);
    case 'offset_x':
      return scene([part('blue washer', some(1, 0.1)), part('red bolt', random.int(0, 2)), part('yellow nut', random.int(0, 1))]);
    case 'offset_y':
      return {
        ...scene([part('red bolt', difficulty === 'cluttered' ? random.int(1, 2) : 0)]),
        fill: { subject: 'fill level', color: DEMO_PALETTE['fill level'].appearance.color, level: random.int(100, 380) },
      };
    case 'point':
      return scene([part('green marker', some(6, 0.05)), part('red bolt', random.int(0, 2)), part('yellow nut', random.int(0, 2))]);
  }
}

/** Scene `index` of a demo application's set: it depends only on (type, seed, index). */
export function generateDemoScene(type: LabellableType, seed: number, index: number): Promise<GeneratedScene> {
  const sceneSeed = deriveSeed(seed, index);
  return generateScene(demoSceneSpec(type, createRandom(sceneSeed)), sceneSeed);
}

/** The first `count` scenes of a demo application's set. */
export async function generateDemoSet(type: LabellableType, count: number, seed: number): Promise<GeneratedScene[]> {
  const scenes: GeneratedScene[] = [];
  for (let index = 0; index < count; index += 1) scenes.push(await generateDemoScene(type, seed, index));
  return scenes;
}
