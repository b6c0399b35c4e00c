import type { Application } from '../../../api/schemas/application';
import { imagePoint } from '../geometry/types';
import { makeApp, makeRequest } from '../testing/fixtures';
import { buildFeedback, rejectAnswer } from './feedback';
import type { Annotation } from '../types/annotation';
import { initialAnnotation, moduleOf } from '../testing/labelling-types';
import { validateFeedback } from './validate';

const meta = { decision_time: 1_700_000_000.25, client_data: { app: 'looplabel' } };
const item = makeRequest('media-1');
const bounds = { x0: 0, y0: 0, x1: 640, y1: 480 };

function answer(app: Application, annotation: Annotation) {
  const response = buildFeedback(moduleOf(annotation), app, item, annotation, meta);
  return { response, problems: validateFeedback(app, response, item.media) };
}

describe('buildFeedback follows the interface for every labellable type', () => {
  it('classification: one subject, True', () => {
    const app = makeApp({ type: 'classification', output_subjects: ['cat', 'dog'] });
    const { response, problems } = answer(app, { type: 'classification', options: ['cat', 'dog'], choice: 'dog' });
    expect(response).toEqual({ media_id: 'media-1', subjects: [{ subject_uid: 'dog', result: 'True' }], ...meta });
    expect(problems).toEqual([]);
  });

  it('detection_fullframe: every output subject in one message', () => {
    const app = makeApp({ type: 'detection_fullframe', output_subjects: ['a', 'b'] });
    const annotation = { type: 'detection_fullframe' as const, subjects: [{ subject_uid: 'a', present: true }, { subject_uid: 'b', present: false }] };
    const { response, problems } = answer(app, annotation);
    expect(response.subjects).toEqual([
      { subject_uid: 'a', result: 'True' },
      { subject_uid: 'b', result: 'False' },
    ]);
    expect(problems).toEqual([]);
  });

  it('box_detection: True with a box_set, or False without app_data when no boxes are left', () => {
    const app = makeApp({ type: 'box_detection' });
    const base = { type: 'box_detection' as const, subjects: ['cat'], bounds, setAside: [], selected: null };
    const { response, problems } = answer(app, { ...base, boxes: [{ x0: 1, y0: 2, x1: 30, y1: 40, subject_uid: 'cat', probability: 0.7 }] });
    expect(response.subjects).toEqual([{ subject_uid: 'cat', result: 'True', app_data_type: 'box_set', app_data: [{ box: { x0: 1, y0: 2, x1: 30, y1: 40 } }] }]);
    expect(problems).toEqual([]);
    const empty = answer(app, { ...base, boxes: [] });
    expect(empty.response.subjects).toEqual([{ subject_uid: 'cat', result: 'False' }]);
    expect(empty.problems).toEqual([]);
  });

  it('box_detection with several classes: each class its boxes, False for a class without any, hidden proposals left out', () => {
    const app = makeApp({ type: 'box_detection', output_subjects: ['cat', 'dog', 'eel'] });
    const box = (x0: number, subject_uid: string) => ({ x0, y0: 0, x1: x0 + 10, y1: 10, subject_uid });
    const annotation = {
      type: 'box_detection' as const,
      subjects: ['cat', 'dog', 'eel'],
      bounds,
      boxes: [box(0, 'dog'), box(20, 'cat'), box(40, 'dog')],
      setAside: [{ ...box(60, 'eel'), probability: 0.2 }],
      selected: null,
    };
    const { response, problems } = answer(app, annotation);
    expect(response.subjects).toEqual([
      { subject_uid: 'cat', result: 'True', app_data_type: 'box_set', app_data: [{ box: { x0: 20, y0: 0, x1: 30, y1: 10 } }] },
      { subject_uid: 'dog', result: 'True', app_data_type: 'box_set', app_data: [{ box: { x0: 0, y0: 0, x1: 10, y1: 10 } }, { box: { x0: 40, y0: 0, x1: 50, y1: 10 } }] },
      { subject_uid: 'eel', result: 'False' },
    ]);
    expect(problems).toEqual([]);
  });

  it('classification: None of these is False for every class, in one message', () => {
    const app = makeApp({ type: 'classification', output_subjects: ['cat', 'dog'] });
    const { response, problems } = answer(app, { type: 'classification', options: ['cat', 'dog'], choice: null, none: true });
    expect(response.subjects).toEqual([
      { subject_uid: 'cat', result: 'False' },
      { subject_uid: 'dog', result: 'False' },
    ]);
    expect(problems).toEqual([]);
  });

  it('static_count, offset_x, offset_y and point carry their app_data', () => {
    const count = answer(makeApp({ type: 'static_count' }), { type: 'static_count', subject_uid: 'cat', bounds, count: 0, markers: [] });
    expect(count.response.subjects).toEqual([{ subject_uid: 'cat', result: 'True', app_data_type: 'count', app_data: 0 }]);
    const offsetX = answer(makeApp({ type: 'offset_x' }), { type: 'offset_x', subject_uid: 'cat', bounds, offset: 640 });
    expect(offsetX.response.subjects[0]).toMatchObject({ app_data_type: 'offset_x', app_data: 640 });
    const offsetY = answer(makeApp({ type: 'offset_y' }), { type: 'offset_y', subject_uid: 'cat', bounds, offset: 3 });
    expect(offsetY.response.subjects[0]).toMatchObject({ app_data_type: 'offset_y', app_data: 3 });
    const points = [{ ...imagePoint(5, 6), subject_uid: 'cat' }];
    const point = answer(makeApp({ type: 'point' }), { type: 'point', subjects: ['cat'], bounds, points, setAside: [], selected: 0 });
    expect(point.response.subjects[0]).toEqual({ subject_uid: 'cat', result: 'True', app_data_type: 'point', app_data: [{ x: 5, y: 6 }] });
    expect([count, offsetX, offsetY, point].flatMap((a) => a.problems)).toEqual([]);
  });

  it('keeps the focus of the request', () => {
    const focused = { ...item, focus: { box: { x0: 1, y0: 1, x1: 9, y1: 9 } } };
    const app = makeApp({ type: 'static_count' });
    const annotation = initialAnnotation(app, focused)!;
    expect(buildFeedback(moduleOf(annotation), app, focused, annotation, meta).focus).toEqual(focused.focus);
  });

  it('refuses to build what is not chosen yet', () => {
    const annotation = { type: 'classification' as const, options: ['cat'], choice: null };
    expect(moduleOf(annotation).missingInput(annotation)).toBe('Choose a class first, or None of these.');
    expect(() => buildFeedback(moduleOf(annotation), makeApp({ type: 'classification' }), item, annotation, meta)).toThrow('Choose a class first, or None of these.');
  });
});

describe('rejectAnswer', () => {
  it('sends False for every subject, without app_data', () => {
    const app = makeApp({ type: 'point', output_subjects: ['cat', 'dog'] });
    const response = rejectAnswer(moduleOf(initialAnnotation(app, item)!), app, item, initialAnnotation(app, item)!, meta)!;
    expect(response.subjects).toEqual([
      { subject_uid: 'cat', result: 'False' },
      { subject_uid: 'dog', result: 'False' },
    ]);
    expect(validateFeedback(app, response, item.media)).toEqual([]);
  });

  it('answers False for every subject of detection_fullframe, and is not offered for classification', () => {
    const fullframe = makeApp({ type: 'detection_fullframe', output_subjects: ['a', 'b'] });
    expect(rejectAnswer(moduleOf(initialAnnotation(fullframe, item)!), fullframe, item, initialAnnotation(fullframe, item)!, meta)?.subjects.map((s) => s.result)).toEqual(['False', 'False']);
    const classification = makeApp({ type: 'classification' });
    expect(rejectAnswer(moduleOf(initialAnnotation(classification, item)!), classification, item, initialAnnotation(classification, item)!, meta)).toBeNull();
  });
});
