import type { Application, FeedbackResponse } from '../../../api/types';
import { imagePoint } from '../geometry/types';
import { makeApp, makeMedia, makeRequest } from '../test-fixtures';
import { buildFeedback, missingInput, rejectAnswer } from './feedback';
import type { Annotation } from '../type-modules/annotation';
import { initialAnnotation } from '../type-modules/registry';
import { validateFeedback } from './validate';

const meta = { decision_time: 1_700_000_000.25, client_data: { app: 'looplabel' } };
const item = makeRequest('media-1');
const bounds = { x0: 0, y0: 0, x1: 640, y1: 480 };

function answer(app: Application, annotation: Annotation) {
  const response = buildFeedback(app, item, annotation, meta);
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
    const base = { type: 'box_detection' as const, subject_uid: 'cat', bounds, selected: null };
    const { response, problems } = answer(app, { ...base, boxes: [{ x0: 1, y0: 2, x1: 30, y1: 40 }] });
    expect(response.subjects).toEqual([{ subject_uid: 'cat', result: 'True', app_data_type: 'box_set', app_data: [{ box: { x0: 1, y0: 2, x1: 30, y1: 40 } }] }]);
    expect(problems).toEqual([]);
    const empty = answer(app, { ...base, boxes: [] });
    expect(empty.response.subjects).toEqual([{ subject_uid: 'cat', result: 'False' }]);
    expect(empty.problems).toEqual([]);
  });

  it('static_count, offset_x, offset_y and point carry their app_data', () => {
    const count = answer(makeApp({ type: 'static_count' }), { type: 'static_count', subject_uid: 'cat', bounds, count: 0, markers: [] });
    expect(count.response.subjects).toEqual([{ subject_uid: 'cat', result: 'True', app_data_type: 'count', app_data: 0 }]);
    const offsetX = answer(makeApp({ type: 'offset_x' }), { type: 'offset_x', subject_uid: 'cat', bounds, offset: 640 });
    expect(offsetX.response.subjects[0]).toMatchObject({ app_data_type: 'offset_x', app_data: 640 });
    const offsetY = answer(makeApp({ type: 'offset_y' }), { type: 'offset_y', subject_uid: 'cat', bounds, offset: 3 });
    expect(offsetY.response.subjects[0]).toMatchObject({ app_data_type: 'offset_y', app_data: 3 });
    const point = answer(makeApp({ type: 'point' }), { type: 'point', subject_uid: 'cat', bounds, points: [imagePoint(5, 6)], selected: 0 });
    expect(point.response.subjects[0]).toEqual({ subject_uid: 'cat', result: 'True', app_data_type: 'point', app_data: [{ x: 5, y: 6 }] });
    expect([count, offsetX, offsetY, point].flatMap((a) => a.problems)).toEqual([]);
  });

  it('keeps the focus of the request', () => {
    const focused = { ...item, focus: { box: { x0: 1, y0: 1, x1: 9, y1: 9 } } };
    const app = makeApp({ type: 'static_count' });
    const annotation = initialAnnotation(app, focused)!;
    expect(buildFeedback(app, focused, annotation, meta).focus).toEqual(focused.focus);
  });

  it('refuses to build what is not chosen yet', () => {
    const annotation = { type: 'classification' as const, options: ['cat'], choice: null };
    expect(missingInput(annotation)).toBe('Choose a class first.');
    expect(() => buildFeedback(makeApp({ type: 'classification' }), item, annotation, meta)).toThrow('Choose a class first.');
  });
});

describe('rejectAnswer', () => {
  it('sends False for the subject, without app_data', () => {
    const app = makeApp({ type: 'point' });
    const response = rejectAnswer(app, item, initialAnnotation(app, item)!, meta)!;
    expect(response.subjects).toEqual([{ subject_uid: 'cat', result: 'False' }]);
    expect(validateFeedback(app, response, item.media)).toEqual([]);
  });

  it('answers False for every subject of detection_fullframe, and is not offered for classification', () => {
    const fullframe = makeApp({ type: 'detection_fullframe', output_subjects: ['a', 'b'] });
    expect(rejectAnswer(fullframe, item, initialAnnotation(fullframe, item)!, meta)?.subjects.map((s) => s.result)).toEqual(['False', 'False']);
    const classification = makeApp({ type: 'classification' });
    expect(rejectAnswer(classification, item, initialAnnotation(classification, item)!, meta)).toBeNull();
  });
});

describe('validateFeedback catches what the interface forbids', () => {
  const media = makeMedia();
  const check = (app: Application, subjects: FeedbackResponse['subjects'], extra: Partial<FeedbackResponse> = {}) =>
    validateFeedback(app, { media_id: 'media-1', subjects, ...extra }, media);

  it('classification False, or more than one subject', () => {
    const app = makeApp({ type: 'classification', output_subjects: ['cat', 'dog'] });
    expect(check(app, [{ subject_uid: 'cat', result: 'False' }])).toContain('A classification answer cannot be False.');
    expect(check(app, [{ subject_uid: 'cat', result: 'True' }, { subject_uid: 'dog', result: 'True' }])).toContain('Answer exactly one subject.');
  });

  it('detection_fullframe missing a subject', () => {
    const app = makeApp({ type: 'detection_fullframe', output_subjects: ['a', 'b'] });
    expect(check(app, [{ subject_uid: 'a', result: 'True' }])).toEqual(['Answer every output subject in one message (missing b).']);
  });

  it('False with app_data, unknown subjects and duplicates', () => {
    const app = makeApp({ type: 'static_count' });
    expect(check(app, [{ subject_uid: 'cat', result: 'False', app_data_type: 'count', app_data: 1 }])).toEqual([
      'A False answer carries no app_data or app_data_type.',
    ]);
    expect(check(app, [{ subject_uid: 'dog', result: 'True', app_data_type: 'count', app_data: 1 }])).toEqual(['"dog" is not an output subject.']);
    expect(check(app, [{ subject_uid: 'cat', result: 'False' }, { subject_uid: 'cat', result: 'False' }])).toEqual([
      'Each subject may be answered only once.',
    ]);
  });

  it('boxes that are fractional, inverted, outside the media, or missing', () => {
    const app = makeApp({ type: 'box_detection' });
    const boxes = (...list: object[]) => check(app, [{ subject_uid: 'cat', result: 'True', app_data_type: 'box_set', app_data: list as never }]);
    expect(boxes({ box: { x0: 1.5, y0: 0, x1: 4, y1: 4 } })).toEqual(['Box 1 needs integer x0, y0, x1 and y1.']);
    expect(boxes({ box: { x0: 5, y0: 0, x1: 5, y1: 4 } })).toEqual(['Box 1 needs x0 < x1 and y0 < y1.']);
    expect(boxes({ box: { x0: 600, y0: 0, x1: 641, y1: 4 } })).toEqual(['Box 1 is outside the media.']);
    expect(boxes()).toEqual(['A True box answer needs at least one box.']);
    expect(check(app, [{ subject_uid: 'cat', result: 'True', app_data_type: 'count', app_data: 1 }])).toEqual([
      'A True box_detection answer needs app_data_type "box_set".',
    ]);
  });

  it('negative or fractional counts and offsets, and points outside', () => {
    expect(check(makeApp({ type: 'static_count' }), [{ subject_uid: 'cat', result: 'True', app_data_type: 'count', app_data: -1 }])).toEqual([
      'The count must be a non-negative integer.',
    ]);
    expect(check(makeApp({ type: 'offset_y' }), [{ subject_uid: 'cat', result: 'True', app_data_type: 'offset_y', app_data: 481 }])).toEqual([
      'The offset must be a whole number from 0 to 480.',
    ]);
    expect(check(makeApp({ type: 'point' }), [{ subject_uid: 'cat', result: 'True', app_data_type: 'point', app_data: [{ x: -1, y: 2 }] }])).toEqual([
      'Point 1 is outside the media.',
    ]);
  });

  it('a wrong media_id, a bad decision_time, oversized client_data and unlabellable types', () => {
    const app = makeApp({ type: 'static_count' });
    const ok = [{ subject_uid: 'cat', result: 'False' as const }];
    expect(validateFeedback(app, { media_id: 'other', subjects: ok }, media)).toEqual(['media_id does not match the media.']);
    expect(check(app, ok, { decision_time: -1 })).toEqual(['decision_time must be a positive Unix time in seconds.']);
    expect(check(app, ok, { client_data: { note: 'x'.repeat(5000) } })).toEqual(['client_data is larger than 4096 bytes.']);
    expect(check(makeApp({ type: 'motion' }), ok)).toEqual(['motion applications take no feedback here.']);
  });
});
