import type { MediaAssertion } from '../../../api/schemas/detections';
import { latestAnswerFromDetections } from './proposals';
import { makeApp, makeRequest } from '../testing/fixtures';
import { LABELLING_TYPES } from '../testing/labelling-types';
import type { BoxAnnotation } from '../types/box-detection/module';
import { annotationOfAnswer } from './from-answer';

const assertion = (fields: Partial<MediaAssertion>): MediaAssertion => ({
  subject_uid: 'cat',
  detection_id: 'd',
  user_id: 'u1',
  model_id: null,
  app_id: 'app-1',
  app_data_type: null,
  app_data: null,
  prev_prob: null,
  probability: 1,
  uncal_prob: 1,
  timestamp: 100,
  ...fields,
});

describe('an item answered before', () => {
  it('reads the person’s latest answer in the application from the media’s assertions', () => {
    const detections = [
      assertion({ subject_uid: 'cat', probability: 1, app_data_type: 'box_set', app_data: [{ box: { x0: 1, y0: 1, x1: 9, y1: 9 } }], timestamp: 200 }),
      assertion({ subject_uid: 'dog', probability: 0, timestamp: 200 }),
      assertion({ subject_uid: 'cat', probability: 0, timestamp: 100 }),
      assertion({ subject_uid: 'cat', probability: 0.9, user_id: null, model_id: 'model-1', timestamp: 300 }),
      assertion({ subject_uid: 'cat', probability: 1, user_id: 'someone else', timestamp: 400 }),
      assertion({ subject_uid: 'cat', probability: 1, app_id: 'other app', timestamp: 400 }),
    ];
    expect(latestAnswerFromDetections(detections, 'app-1', 'u1')).toEqual([
      { subject_uid: 'cat', result: 'True', app_data_type: 'box_set', app_data: [{ box: { x0: 1, y0: 1, x1: 9, y1: 9 } }] },
      { subject_uid: 'dog', result: 'False' },
    ]);
    expect(latestAnswerFromDetections(detections, 'app-1', 'u2')).toBeNull();
  });

  it('opens on the answer: its marks the labeller’s (in their classes), not the model’s', () => {
    const app = makeApp({ type: 'box_detection', output_subjects: ['cat', 'dog'] });
    const target = makeRequest('m', [{ subject_uid: 'cat', probability: 0.8, app_data_type: 'box_set', app_data: [{ box: { x0: 50, y0: 50, x1: 60, y1: 60 } }] }]);
    const annotation = annotationOfAnswer(LABELLING_TYPES, app, target, [
      { subject_uid: 'cat', result: 'False' },
      { subject_uid: 'dog', result: 'True', app_data_type: 'box_set', app_data: [{ box: { x0: 1, y0: 1, x1: 9, y1: 9 } }] },
    ]);
    expect(annotation).toMatchObject({ boxes: [{ x0: 1, y0: 1, x1: 9, y1: 9, subject_uid: 'dog' }], setAside: [] });
    expect((annotation as BoxAnnotation).boxes[0]).not.toHaveProperty('probability');
  });

  it('opens a classification answered None of these on None of these, and one answered with a class on it', () => {
    const app = makeApp({ type: 'classification', output_subjects: ['cat', 'dog'] });
    const none = annotationOfAnswer(LABELLING_TYPES, app, makeRequest('m'), [
      { subject_uid: 'cat', result: 'False' },
      { subject_uid: 'dog', result: 'False' },
    ]);
    expect(none).toEqual({ type: 'classification', options: ['cat', 'dog'], choice: null, none: true });
    expect(annotationOfAnswer(LABELLING_TYPES, app, makeRequest('m'), [{ subject_uid: 'dog', result: 'True' }])).toMatchObject({ choice: 'dog', none: false });
  });
});
