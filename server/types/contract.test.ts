import { describe, expect, it } from 'vitest';
import { answerRuleOf } from '../../src/api/application-types';
import { FRAME_COMPARISON_TYPES, LABELLABLE_TYPES, PIPELINE_TYPES, SEQUENCE_TYPES } from '../../src/api/types';
import { TYPE_MODULES as APP_TYPE_MODULES } from '../../src/features/labelling/types/registry';
import { FRAME_COMPARISON_MODULES, PIPELINE_MODULES, SEQUENCE_MODULES, TYPE_MODULES } from './registry';

describe('the application types of the contract', () => {
  it('each have one module in the app and one in the service, and no side has a type the contract lacks', () => {
    const appTypes = Object.entries(APP_TYPE_MODULES).map(([type, module]) => (module.type === type ? type : `${type} holds ${module.type}`));
    const serviceTypes = TYPE_MODULES.map((module) => module.type);
    expect([...appTypes].sort()).toEqual([...LABELLABLE_TYPES].sort());
    expect([...serviceTypes].sort()).toEqual([...LABELLABLE_TYPES].sort());
  });

  it("give the service's modules the contract's answer rules", () => {
    for (const module of TYPE_MODULES) expect(module.rule).toBe(answerRuleOf(module.type));
  });

  it('each pipeline type has one service module, and none of them is labellable', () => {
    expect(PIPELINE_MODULES.map((module) => module.type).sort()).toEqual([...PIPELINE_TYPES].sort());
    for (const type of PIPELINE_TYPES) expect((LABELLABLE_TYPES as readonly string[]).includes(type)).toBe(false);
  });

  it('each frame comparison type has one service module, and none of them is labellable or a pipeline type', () => {
    expect(FRAME_COMPARISON_MODULES.map((module) => module.type).sort()).toEqual([...FRAME_COMPARISON_TYPES].sort());
    for (const type of FRAME_COMPARISON_TYPES) expect([...LABELLABLE_TYPES, ...PIPELINE_TYPES] as readonly string[]).not.toContain(type);
  });

  it('each sequence type has one service module, and none of them is of another kind', () => {
    expect(SEQUENCE_MODULES.map((module) => module.type).sort()).toEqual([...SEQUENCE_TYPES].sort());
    for (const type of SEQUENCE_TYPES) expect([...LABELLABLE_TYPES, ...PIPELINE_TYPES, ...FRAME_COMPARISON_TYPES] as readonly string[]).not.toContain(type);
  });
});
