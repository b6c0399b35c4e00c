import { pointRule as rule } from '../../../src/api/application-types/point';
import type { AppData, PointCoords } from '../../../src/api/application-types/answer';
import { leastCertainObject } from '../../vision/ambiguity';
import type { DemoApplication } from '../../vision/demo';
import { forEachSubject, type TypeModule } from '../type-module';
import { locatePoints } from './model';
import { bySubject } from '../measures/held-out';
import { measurePoints } from '../measures/points';
import { pointServerPart } from './model-server';

/** The colour of a confirmed point is sampled this far around it (pixels). */
const POINT_RADIUS = 3;

const application: DemoApplication = {
  name: 'Markers',
  description: 'The centre of every green marker dot.',
  howToLabel: 'Click the centre of each green dot; remove points that are not on a dot.',
  outputSubjects: ['green marker'],
  offsetReference: 'centre',
};

const pointsOf = (data: AppData | null | undefined): PointCoords[] =>
  Array.isArray(data) ? data.filter((item): item is PointCoords => 'x' in item && 'y' in item) : [];

export const point: TypeModule = {
  type: 'point',
  rule,
  modelServer: pointServerPart,
  propose: forEachSubject(locatePoints),
  fit: {
    evidence: (answer) =>
      pointsOf(answer.app_data).map(({ x, y }) => ({
        box: { x0: x - POINT_RADIUS, y0: y - POINT_RADIUS, x1: x + POINT_RADIUS + 1, y1: y + POINT_RADIUS + 1 },
        object: false,
      })),
  },
  measure: bySubject(measurePoints),
  objectAmbiguity: leastCertainObject,
  demo: {
    application,
    sceneSpec: ({ random, part, some, scene }) =>
      scene([part('green marker', some(6, 0.05)), part('red bolt', random.int(0, 2)), part('yellow nut', random.int(0, 2))]),
  },
};
