import { detectionFullframe as rule } from '../../../src/api/application-types/detection-fullframe';
import { noObjects } from '../../vision/ambiguity';
import type { DemoApplication } from '../../vision/demo';
import type { TypeModule } from '../type-module';
import { detectPresence } from './model';
import { bySubject } from '../measures/held-out';
import { measurePresence } from '../measures/classes';
import { choicesServerPart } from '../model-server-values';

const application: DemoApplication = {
  name: 'Parts present',
  description: 'Which kinds of part are on the belt; any mix of red bolts, blue washers and yellow nuts.',
  howToLabel: 'Answer yes or no for each kind of part, including faint ones.',
  outputSubjects: ['red bolt', 'blue washer', 'yellow nut'],
  offsetReference: 'near_edge',
};

export const detectionFullframe: TypeModule = {
  type: 'detection_fullframe',
  rule,
  propose: detectPresence,
  modelServer: choicesServerPart('multiple'),
  fit: {
    // the frame shows the subject alone only when no other subject was confirmed present
    evidence: (_answer, answers, frame) =>
      answers.filter((candidate) => candidate.result === 'True').length === 1 ? [{ box: frame, object: false }] : [],
  },
  measure: bySubject(measurePresence),
  objectAmbiguity: noObjects,
  demo: {
    application,
    sceneSpec: ({ part, some, scene }) => scene(application.outputSubjects.map((name) => part(name, some(3, 0.5)))),
  },
};
