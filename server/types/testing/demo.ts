import { demoCustomFields, generateDemoScene, type DemoApplication } from '../../vision/demo';
import type { ModelParameters } from '../../vision/models/parameters';
import { parametersFromApplication } from '../model-parameters';
import type { GeneratedScene } from '../../vision/scenes';
import { demoOf, type DemoLabellableType } from '../registry';

/** For tests and scripts: the demo application of a type. */
export const demoApplication = (type: DemoLabellableType): DemoApplication => demoOf(type).application;

/** The parameters of a demo application whose subjects' uids are their names. */
export function demoParameters(type: DemoLabellableType): ModelParameters {
  const names = demoApplication(type).outputSubjects;
  const identity = Object.fromEntries(names.map((name) => [name, name]));
  const subjects = Object.fromEntries(names.map((name) => [name, { name, detector_class: null }]));
  return parametersFromApplication({ type, output_subjects: names, custom_fields: demoCustomFields(demoApplication(type), identity) }, subjects);
}

/** The first `count` scenes of a demo application's set. */
export async function generateDemoSet(type: DemoLabellableType, count: number, seed: number): Promise<GeneratedScene[]> {
  const scenes: GeneratedScene[] = [];
  for (let index = 0; index < count; index += 1) scenes.push(await generateDemoScene(demoOf(type), seed, index));
  return scenes;
}
