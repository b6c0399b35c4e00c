import { staticCount as rule } from '../../../src/api/application-types/static-count';
import { leastCertainObject } from '../../vision/ambiguity';
import type { DemoApplication } from '../../vision/demo';
import { forEachSubject, type TypeModule } from '../type-module';
import { withCountedArea } from './fit';
import { countObjects } from './model';
import { bySubject } from '../measures/held-out';
import { measureCounts } from '../measures/values';
import { numberServerPart } from '../model-server-values';
import { COUNT_MAX } from '../../../src/api/limits';

const application: DemoApplication = {
  name: 'Nut count',
  description: 'How many yellow nuts are on the belt.',
  howToLabel: 'Count every yellow nut, also one cut off by the frame edge; correct the number when it is wrong.',
  outputSubjects: ['yellow nut'],
  offsetReference: 'near_edge',
};

export const staticCount: TypeModule = {
  type: 'static_count',
  rule,
  modelServer: numberServerPart('count', () => COUNT_MAX),
  propose: forEachSubject((evidence, subject, image, parameters) => countObjects(evidence, subject, parameters.appearance[subject] ?? null, image)),
  // a count says nothing about where the objects are, but how many share the matched area
  fit: { evidence: () => [], refine: withCountedArea },
  measure: bySubject(measureCounts),
  objectAmbiguity: leastCertainObject,
  demo: {
    application,
    sceneSpec: ({ random, part, some, scene }) =>
      scene([part('yellow nut', some(7, 0.1)), part('red bolt', random.int(0, 2)), part('blue washer', random.int(0, 1))]),
  },
};
