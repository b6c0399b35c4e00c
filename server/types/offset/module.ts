import { offsetX as offsetXRule } from '../../../src/api/application-types/offset-x';
import { offsetY as offsetYRule } from '../../../src/api/application-types/offset-y';
import { offsetReferenceOf, type OffsetReference } from '../../../src/api/application-types/offset';
import type { AnswerRule } from '../../../src/api/application-types/rule';
import { noObjects } from '../../vision/ambiguity';
import { DEMO_PALETTE, type DemoType } from '../../vision/demo';
import { forFirstSubject, type TypeModule } from '../type-module';
import { measureOffset, type OffsetAxis } from './model';
import { bySubject } from '../measures/held-out';
import { measureOffsets } from '../measures/values';
import { numberServerPart } from '../model-server-values';

/** An offset model's own parameter: what it measures of the subject, as the application's custom_fields say at first. */
interface OffsetParameters {
  offset_reference: OffsetReference;
}

/** The two offset types differ only in their axis (and their demo). */
function offsetModule(type: 'offset_x' | 'offset_y', axis: OffsetAxis, rule: AnswerRule, demo: DemoType): TypeModule<OffsetParameters> {
  return {
    type,
    rule,
    baselineParameters: (customFields) => ({ offset_reference: offsetReferenceOf(customFields) }),
    propose: forFirstSubject((evidence, subject, _image, parameters) => measureOffset(evidence, subject, axis, parameters.offset_reference)),
    // an offset teaches nothing yet: the subject's colour stays as configured
    fit: { evidence: () => [] },
    measure: bySubject(measureOffsets),
    objectAmbiguity: noObjects,
    modelServer: numberServerPart(type, (place) => (axis === 'x' ? place.width : place.height)),
    demo,
  };
}

export const offsetX = offsetModule('offset_x', 'x', offsetXRule, {
  application: {
    name: 'Washer position',
    description: 'Distance from the left edge of the frame to the left edge of the blue washer.',
    howToLabel: 'Drag the line onto the left edge of the washer; answer "none" when there is no washer.',
    outputSubjects: ['blue washer'],
    offsetReference: 'near_edge',
  },
  sceneSpec: ({ random, part, some, scene }) =>
    scene([part('blue washer', some(1, 0.1)), part('red bolt', random.int(0, 2)), part('yellow nut', random.int(0, 1))]),
});

export const offsetY = offsetModule('offset_y', 'y', offsetYRule, {
  application: {
    name: 'Fill level',
    description: 'Distance from the top of the frame to the surface of the liquid in the container.',
    howToLabel: 'Drag the line onto the liquid surface.',
    outputSubjects: ['fill level'],
    offsetReference: 'near_edge',
  },
  sceneSpec: ({ random, difficulty, part, scene }) => ({
    ...scene([part('red bolt', difficulty === 'cluttered' ? random.int(1, 2) : 0)]),
    fill: { subject: 'fill level', color: DEMO_PALETTE['fill level'].appearance.color, level: random.int(100, 380) },
  }),
});
