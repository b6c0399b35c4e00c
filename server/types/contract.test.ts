import { describe, expect, it } from 'vitest';
import { answerRuleOf } from '../../src/api/application-types';
import { applicationType } from '../../src/api/schemas/application';
import { APPLICATION_TYPE_KINDS, kindOf, LABELLABLE_TYPES, SPECIAL_APPLICATION_TYPES, type ApplicationKind } from '../../src/api/types';
import { TYPE_MODULES as APP_TYPE_MODULES } from '../../src/features/labelling/types/registry';
import { DEMO_TYPES, REGISTRIES, TYPE_MODULES, type RunKind, type ServiceModules } from './registry';
import { videoSegmentation } from './video-segmentation/module';

const KINDS: readonly ApplicationKind[] = ['labellable', 'frame_comparison', 'pipeline', 'sequence', 'capture'];
const typesOf = (kind: ApplicationKind) => Object.keys(APPLICATION_TYPE_KINDS).filter((type) => kindOf(type) === kind);

/*
 * A new type of an existing kind is its manifest (src/api/application-types/<type>.ts) and a line in the manifests'
 * registry, its module in a folder of its own under server/types, and one line in the service's registry
 * (server/types/registry.ts): the registry's type makes the missing line a type error, and the service runs and checks
 * every type by its kind's module.
 */
describe('the application types of the contract', () => {
  it('each have one of the kinds, and every type of the interface is one of them', () => {
    expect(applicationType.options).toEqual(Object.keys(APPLICATION_TYPE_KINDS));
    for (const type of applicationType.options) expect(KINDS).toContain(kindOf(type));
    expect(kindOf('no_such_type')).toBeUndefined();
  });

  it('keep the order of the labellable types, by which the demo seeds its applications', () => {
    expect(LABELLABLE_TYPES).toEqual(['classification', 'detection_fullframe', 'box_detection', 'static_count', 'offset_x', 'offset_y', 'point', 'ocr', 'nsfw']);
    expect(TYPE_MODULES.map((module) => module.type)).toEqual(LABELLABLE_TYPES);
  });

  it('give every standard labellable type a demo, and none to a type by special arrangement, which the demo leaves out', () => {
    expect(DEMO_TYPES).toEqual(LABELLABLE_TYPES.filter((type) => !(SPECIAL_APPLICATION_TYPES as readonly string[]).includes(type)));
    for (const module of TYPE_MODULES) expect(module.demo !== undefined, module.type).toBe((DEMO_TYPES as readonly string[]).includes(module.type));
  });

  it("have in each kind's registry of the service exactly the types of that kind, each under its own name", () => {
    for (const [kind, registry] of Object.entries(REGISTRIES) as [RunKind, Record<string, { type: string }>][]) {
      expect(Object.keys(registry).sort()).toEqual(typesOf(kind).sort());
      for (const [type, module] of Object.entries(registry)) expect(module.type).toBe(type);
    }
    expect(Object.keys(REGISTRIES).sort()).toEqual([...KINDS].sort());
  });

  it('make a registry that lacks a type of its kind a type error', () => {
    // @ts-expect-error static_crop, retiler and static_focus are pipeline types, so the pipeline registry needs their modules.
    const lacking: (typeof REGISTRIES)['pipeline'] = { video_segmentation: videoSegmentation };
    expect(Object.keys(lacking)).not.toEqual(typesOf('pipeline'));
  });

  it('make the one registry that lacks a type, or gives a type a module of another kind, a type error', () => {
    const { motion: _motion, ...withoutMotion } = { ...REGISTRIES.labellable, ...REGISTRIES.frame_comparison, ...REGISTRIES.pipeline, ...REGISTRIES.sequence, ...REGISTRIES.capture };
    // @ts-expect-error motion is a type of the contract, so the registry needs its module.
    const lacking: ServiceModules = withoutMotion;
    // @ts-expect-error motion is a frame comparison type: a pipeline module is not one.
    const ofAnotherKind: ServiceModules = { ...withoutMotion, motion: videoSegmentation };
    expect(Object.keys(lacking)).not.toContain('motion');
    expect(ofAnotherKind.motion).toBe(videoSegmentation);
  });

  it('each labellable type has one module in the app, under its own name', () => {
    const appTypes = Object.entries(APP_TYPE_MODULES).map(([type, module]) => (module.type === type ? type : `${type} holds ${module.type}`));
    expect([...appTypes].sort()).toEqual([...LABELLABLE_TYPES].sort());
  });

  it("give the service's modules the contract's answer rules", () => {
    for (const module of TYPE_MODULES) expect(module.rule).toBe(answerRuleOf(module.type));
  });
});
