import { makeApp, makeRequest } from '../testing/fixtures';
import { initialAnnotation, LABELLING_TYPES } from '../testing/labelling-types';
import type { AnnotationBase } from '../contract/type-module';
import { findOutcome, withPrediction } from './finds';

const app = makeApp({ type: 'box_detection' });
const annotation = () => {
  const start: AnnotationBase = initialAnnotation(app, makeRequest('m1', []))!;
  return { ...start, boxes: [{ x0: 10, y0: 10, x1: 40, y1: 40, subject_uid: app.output_subjects[0]! }] };
};
const capability = () => LABELLING_TYPES.moduleOf(annotation()).exemplars!;

describe('a prediction applied to the annotation', () => {
  it("adds what the exemplars' subject's entry found; another subject's entry adds nothing", () => {
    const exemplars = capability().of(annotation())!;
    const found = { subject_uid: exemplars.subjectUid, probability: 0.9, app_data_type: 'box_set', app_data: [{ box: { x0: 100, y0: 100, x1: 130, y1: 130 }, probability: 0.9 }] };
    const prediction = { media_id: 'm1', model_id: 'app.v0', subjects: [found] };
    expect(withPrediction(capability(), annotation(), prediction, exemplars).added).toBe(1);
    const elsewhere = { ...prediction, subjects: [{ ...found, subject_uid: 'another' }] };
    expect(withPrediction(capability(), annotation(), elsewhere, exemplars)).toEqual({ annotation: annotation(), added: 0 });
  });

  it('says how many were found, or that nothing was', () => {
    expect(findOutcome(0)).toMatch(/^Nothing more like these found/);
    expect(findOutcome(11)).toBe('Found 11 more like these');
  });
});
