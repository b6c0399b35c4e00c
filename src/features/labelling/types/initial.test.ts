import { makeApp, makeMedia, makeRequest } from '../testing/fixtures';
import { markBounds } from '../contract/target';
import { presenceThreshold } from '../../../api/presence';
import { initialAnnotation } from '../testing/labelling-types';

const proposal = (subject_uid: string, probability: number, app_data_type: null | 'box_set' | 'count' | 'offset_x' | 'point' = null, app_data: unknown = null) =>
  ({ subject_uid, probability, app_data_type, app_data }) as NonNullable<Parameters<typeof makeRequest>[1]>[number];

describe('initialAnnotation', () => {
  it('prefills classification with the most likely output subject', () => {
    const app = makeApp({ type: 'classification', output_subjects: ['cat', 'dog'] });
    const item = makeRequest('m', [proposal('cat', 0.3), proposal('dog', 0.6), proposal('other', 0.9)]);
    expect(initialAnnotation(app, item)).toEqual({ type: 'classification', options: ['cat', 'dog'], choice: 'dog' });
  });

  it('prefills detection_fullframe from each threshold, treating 0 or none as 0.5', () => {
    const app = makeApp({ type: 'detection_fullframe', output_subjects: ['a', 'b', 'c'], detection_thresholds: { a: 0, b: 0.8 } });
    expect(presenceThreshold(app.detection_thresholds, 'a')).toBe(0.5);
    expect(presenceThreshold(app.detection_thresholds, 'b')).toBe(0.8);
    const item = makeRequest('m', [proposal('a', 0.5), proposal('b', 0.7), proposal('c', 0.2)]);
    expect(initialAnnotation(app, item)).toEqual({
      type: 'detection_fullframe',
      subjects: [
        { subject_uid: 'a', present: true },
        { subject_uid: 'b', present: false },
        { subject_uid: 'c', present: false },
      ],
    });
  });

  it('takes proposed boxes in whole pixels, cut to the focus box', () => {
    const app = makeApp({ type: 'box_detection' });
    const item = {
      ...makeRequest('m', [proposal('cat', 0.9, 'box_set', [{ box: { x0: 10.4, y0: 10, x1: 50.6, y1: 60 }, probability: 0.9 }, { box: { x0: 500, y0: 400, x1: 520, y1: 420 } }])]),
      focus: { box: { x0: 0, y0: 0, x1: 300.2, y1: 200 } },
    };
    expect(markBounds(item)).toEqual({ x0: 0, y0: 0, x1: 300, y1: 200 });
    expect(initialAnnotation(app, item)).toMatchObject({
      subjects: ['cat'],
      boxes: [{ x0: 10, y0: 10, x1: 51, y1: 60, subject_uid: 'cat', probability: 0.9 }],
      setAside: [],
      selected: null,
    });
  });

  it('takes the proposals of every output subject, each box in its class with its probability (else its subject’s)', () => {
    const app = makeApp({ type: 'box_detection', output_subjects: ['cat', 'dog'] });
    const item = makeRequest('m', [
      proposal('dog', 0.7, 'box_set', [{ box: { x0: 1, y0: 1, x1: 5, y1: 5 } }]),
      proposal('cat', 0.9, 'box_set', [{ box: { x0: 10, y0: 10, x1: 20, y1: 20 }, probability: 0.4 }]),
      proposal('other', 0.9, 'box_set', [{ box: { x0: 30, y0: 30, x1: 40, y1: 40 } }]),
    ]);
    expect(initialAnnotation(app, item)).toMatchObject({
      subjects: ['cat', 'dog'],
      boxes: [
        { x0: 1, y0: 1, x1: 5, y1: 5, subject_uid: 'dog', probability: 0.7 },
        { x0: 10, y0: 10, x1: 20, y1: 20, subject_uid: 'cat', probability: 0.4 },
      ],
    });
    const points = initialAnnotation(makeApp({ type: 'point', output_subjects: ['cat', 'dog'] }), makeRequest('m', [proposal('dog', 0.6, 'point', [{ x: 1, y: 2 }])]));
    expect(points).toMatchObject({ subjects: ['cat', 'dog'], points: [{ x: 1, y: 2, subject_uid: 'dog', probability: 0.6 }] });
  });

  it('reads count, offset and point proposals', () => {
    const count = initialAnnotation(makeApp({ type: 'static_count' }), makeRequest('m', [proposal('cat', 0.9, 'count', 7)]));
    expect(count).toMatchObject({ count: 7, markers: [] });
    const offset = initialAnnotation(makeApp({ type: 'offset_x' }), makeRequest('m', [proposal('cat', 0.9, 'offset_x', 9000)]));
    expect(offset).toMatchObject({ type: 'offset_x', offset: 640 });
    const point = initialAnnotation(makeApp({ type: 'point' }), makeRequest('m', [proposal('cat', 0.9, 'point', [{ x: 3.6, y: 4 }])]));
    expect(point).toMatchObject({ points: [{ x: 4, y: 4, subject_uid: 'cat', probability: 0.9 }] });
  });

  it('starts empty when labelling any media without a request', () => {
    const media = makeMedia();
    expect(initialAnnotation(makeApp({ type: 'box_detection' }), { media })).toMatchObject({ boxes: [], subjects: ['cat'] });
    expect(initialAnnotation(makeApp({ type: 'offset_y' }), { media })).toMatchObject({ offset: null });
    expect(initialAnnotation(makeApp({ type: 'classification' }), { media })).toMatchObject({ choice: null });
  });

  it('declines types that are not labellable here, and apps without output subjects', () => {
    expect(initialAnnotation(makeApp({ type: 'motion' }), { media: makeMedia() })).toBeNull();
    expect(initialAnnotation(makeApp({ output_subjects: [] }), { media: makeMedia() })).toBeNull();
  });
});
