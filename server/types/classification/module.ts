import { classification as rule } from '../../../src/api/application-types/classification';
import { noObjects } from '../../vision/ambiguity';
import type { DemoApplication } from '../../vision/demo';
import type { TypeModule } from '../type-module';
import { classify } from './model';
import { measureClasses } from '../measures/classes';
import { choicesServerPart } from '../model-server-values';

const application: DemoApplication = {
  name: 'Part kind',
  description: 'Which kind of part is on the belt: red bolts, blue washers or yellow nuts (only one kind at a time).',
  howToLabel: 'Pick the one kind shown; if the proposal is wrong, choose the right kind instead.',
  outputSubjects: ['red bolt', 'blue washer', 'yellow nut'],
  offsetReference: 'near_edge',
};

export const classification: TypeModule = {
  type: 'classification',
  rule,
  propose: classify,
  modelServer: choicesServerPart('single'),
  // the confirmed class fills the frame
  fit: { evidence: (_answer, _answers, frame) => [{ box: frame, object: false }] },
  measure: measureClasses,
  objectAmbiguity: noObjects,
  demo: {
    application,
    sceneSpec: ({ random, part, scene }) => {
      const kinds = application.outputSubjects;
      const shown = random.pick(kinds);
      const count = random.int(1, 4);
      return scene(kinds.map((name) => part(name, name === shown ? count : 0)));
    },
  },
};
