import { boxDetection as rule } from '../../../src/api/application-types/box-detection';
import type { AppData, BoxRegion } from '../../../src/api/application-types/answer';
import type { BoxCoords } from '../../../src/api/types';
import { ambiguity, leastCertainObject } from '../../vision/ambiguity';
import type { DemoApplication } from '../../vision/demo';
import { forEachSubject, type TypeModule } from '../type-module';
import { detectBoxes } from './model';
import { bySubject } from '../measures/held-out';
import { measureBoxes } from '../measures/boxes';
import { boxDetectionServerPart } from './model-server';

const application: DemoApplication = {
  name: 'Red bolts',
  description: 'A box around every red bolt; other parts are not bolts.',
  howToLabel: 'Draw a tight box around each red bolt, also one cut off by the frame edge; answer "none" when there is no red bolt.',
  outputSubjects: ['red bolt'],
  offsetReference: 'near_edge',
};

const boxesOf = (data: AppData | null | undefined): { box: BoxCoords }[] =>
  Array.isArray(data) ? data.filter((item): item is { box: BoxCoords } => 'box' in item) : [];

export const boxDetection: TypeModule = {
  type: 'box_detection',
  rule,
  propose: forEachSubject(detectBoxes),
  modelServer: boxDetectionServerPart,
  // each confirmed box holds one object
  fit: { evidence: (answer) => boxesOf(answer.app_data).map(({ box }) => ({ box, object: true })) },
  measure: bySubject(measureBoxes),
  // each proposed box, and the least certain object of the set
  objectAmbiguity: (proposal) => {
    const regions = Array.isArray(proposal.app_data) ? (proposal.app_data as BoxRegion[]) : [];
    const boxes = regions.map((region) => (region.probability === undefined ? 0 : ambiguity(region.probability)));
    return Math.max(leastCertainObject(proposal), ...boxes);
  },
  demo: {
    application,
    sceneSpec: ({ random, part, some, scene }) =>
      scene([part('red bolt', some(5, 0.1)), part('blue washer', random.int(0, 2)), part('yellow nut', random.int(0, 2))]),
  },
};
