import { describe, expect, it } from 'vitest';
import { MARKS_MAX } from '../limits';
import { type AnswerContext, feedbackAnswerErrors, feedbackResponse, type FeedbackResponse } from './feedback';
import type { FeedbackSubjectAnswer } from '../application-types/answer';

const context = (type: string, outputSubjects = ['cat']): AnswerContext => ({ type, outputSubjects, width: 640, height: 480 });
const body = (subjects: FeedbackSubjectAnswer[], extra: Partial<FeedbackResponse> = {}): FeedbackResponse => ({
  media_id: 'm1',
  subjects,
  ...extra,
});
const shapeFields = (value: FeedbackResponse) => feedbackResponse.safeParse(value).error?.issues.map((issue) => issue.path.join('.')) ?? [];
const ruleFields = (value: FeedbackResponse, type: string, outputs?: string[]) =>
  feedbackAnswerErrors(feedbackResponse.parse(value), context(type, outputs)).map((error) => error.field);

const boxes = (...list: unknown[]) => [{ subject_uid: 'cat', result: 'True' as const, app_data_type: 'box_set' as const, app_data: list as never }];
const box = { box: { x0: 1, y0: 2, x1: 30, y1: 40 } };

describe('feedbackResponse: the shape, without the application or media', () => {
  it('takes a well-formed answer and ignores unknown top-level keys', () => {
    expect(feedbackResponse.parse({ ...body(boxes(box)), public_read: true })).toEqual(body(boxes(box)));
  });

  it('refuses unknown keys inside app_data', () => {
    expect(shapeFields(body(boxes({ box: { ...box.box, z: 1 } })))).toEqual(['subjects.0.app_data.0.box']);
    expect(shapeFields(body(boxes({ ...box, label: 'x' })))).toEqual(['subjects.0.app_data.0']);
    const point = { subject_uid: 'cat', result: 'True' as const, app_data_type: 'point' as const, app_data: [{ x: 1, y: 2, z: 3 }] as never };
    expect(shapeFields(body([point]))).toEqual(['subjects.0.app_data.0']);
  });

  it('caps lists at MARKS_MAX and counts at a million, and wants whole pixels with x0 < x1', () => {
    expect(shapeFields(body(boxes(...Array.from({ length: MARKS_MAX + 1 }, () => box))))).toEqual(['subjects.0.app_data']);
    expect(shapeFields(body(boxes(...Array.from({ length: MARKS_MAX }, () => box))))).toEqual([]);
    const count = (app_data: number) => body([{ subject_uid: 'cat', result: 'True', app_data_type: 'count', app_data }]);
    expect([1e300, -1, 1.5].map((n) => shapeFields(count(n)))).toEqual([['subjects.0.app_data'], ['subjects.0.app_data'], ['subjects.0.app_data']]);
    expect(shapeFields(count(1_000_000))).toEqual([]);
    expect(shapeFields(body(boxes({ box: { ...box.box, x0: 0.5 } })))).toEqual(['subjects.0.app_data.0.box.x0']);
    expect(shapeFields(body(boxes({ box: { ...box.box, x1: 1 } })))).toEqual(['subjects.0.app_data.0.box']);
  });

  it('wants offsets in whole pixels', () => {
    const offset = (app_data: number) => body([{ subject_uid: 'cat', result: 'True', app_data_type: 'offset_x', app_data }]);
    expect(shapeFields(offset(2.5))).toEqual(['subjects.0.app_data']);
    expect(shapeFields(offset(3))).toEqual([]);
  });

  it('wants decision_time in seconds after 2000-01-01, and client_data within 4 KiB', () => {
    const ok = [{ subject_uid: 'cat', result: 'False' as const }];
    expect(shapeFields(body(ok, { decision_time: 0 }))).toEqual(['decision_time']);
    expect(shapeFields(body(ok, { decision_time: 946_684_800 }))).toEqual([]);
    expect(shapeFields(body(ok, { client_data: { blob: 'x'.repeat(4100) } }))).toEqual(['client_data']);
  });
});

describe('feedbackAnswerErrors: the rules of each application type', () => {
  it('classification: exactly one subject, True, no app_data', () => {
    expect(ruleFields(body([{ subject_uid: 'cat', result: 'True' }]), 'classification')).toEqual([]);
    expect(ruleFields(body([{ subject_uid: 'cat', result: 'False' }]), 'classification', ['cat', 'dog'])).toEqual(['subjects.0.result']);
    const two = body([{ subject_uid: 'cat', result: 'True' }, { subject_uid: 'dog', result: 'True' }]);
    expect(ruleFields(two, 'classification', ['cat', 'dog'])).toEqual(['subjects']);
  });

  it('classification: False for every output subject, each once, says none of them applies', () => {
    const none = body([{ subject_uid: 'cat', result: 'False' }, { subject_uid: 'dog', result: 'False' }]);
    expect(ruleFields(none, 'classification', ['cat', 'dog'])).toEqual([]);
    expect(ruleFields(none, 'classification', ['cat', 'dog', 'eel'])).toEqual(['subjects.0.result', 'subjects.1.result']);
    const twice = body([{ subject_uid: 'cat', result: 'False' }, { subject_uid: 'cat', result: 'False' }]);
    expect(ruleFields(twice, 'classification', ['cat', 'dog'])).toEqual(['subjects.0.result', 'subjects.1.result']);
    const withData = body([{ subject_uid: 'cat', result: 'False', app_data_type: 'count', app_data: 1 }, { subject_uid: 'dog', result: 'False' }]);
    expect(ruleFields(withData, 'classification', ['cat', 'dog'])).toEqual(['subjects.0']);
  });

  it('detection_fullframe: every output subject once', () => {
    const one = body([{ subject_uid: 'cat', result: 'True' }]);
    expect(ruleFields(one, 'detection_fullframe', ['cat', 'dog'])).toEqual(['subjects']);
    expect(ruleFields(body([...one.subjects, { subject_uid: 'dog', result: 'False' }]), 'detection_fullframe', ['cat', 'dog'])).toEqual([]);
  });

  it('boxes and points answer one or more subjects, each once; counts and offsets exactly one', () => {
    const two = body([{ subject_uid: 'cat', result: 'False' }, { subject_uid: 'dog', result: 'False' }]);
    expect(ruleFields(two, 'box_detection', ['cat', 'dog'])).toEqual([]);
    expect(ruleFields(two, 'point', ['cat', 'dog'])).toEqual([]);
    expect(ruleFields(body([two.subjects[0]!, two.subjects[0]!]), 'box_detection', ['cat', 'dog'])).toEqual(['subjects']);
    expect(ruleFields(two, 'static_count', ['cat', 'dog'])).toEqual(['subjects']);
    expect(ruleFields(two, 'offset_x', ['cat', 'dog'])).toEqual(['subjects']);
  });

  it('marks lie inside the focus when there is one, else inside the media; offsets range over the media', () => {
    const focus = { box: { x0: 10, y0: 10, x1: 50, y1: 50 } };
    expect(ruleFields(body(boxes(box)), 'box_detection')).toEqual([]);
    expect(ruleFields(body(boxes(box), { focus }), 'box_detection')).toEqual(['subjects.0.app_data.0.box']);
    expect(ruleFields(body(boxes({ box: { x0: 600, y0: 0, x1: 641, y1: 4 } })), 'box_detection')).toEqual(['subjects.0.app_data.0.box']);
    const points = body([{ subject_uid: 'cat', result: 'True', app_data_type: 'point', app_data: [{ x: 640, y: 480 }, { x: 5, y: 5 }] }], { focus });
    expect(ruleFields(points, 'point')).toEqual(['subjects.0.app_data.0', 'subjects.0.app_data.1']);
    const offset = (app_data: number) => body([{ subject_uid: 'cat', result: 'True', app_data_type: 'offset_y', app_data }], { focus });
    expect(ruleFields(offset(480), 'offset_y')).toEqual([]);
    expect(ruleFields(offset(481), 'offset_y')).toEqual(['subjects.0.app_data']);
  });

  it('False carries no app_data; True carries the type of its application; unlabellable types take none', () => {
    expect(ruleFields(body([{ subject_uid: 'cat', result: 'False', app_data_type: 'count', app_data: 1 }]), 'static_count')).toEqual(['subjects.0']);
    expect(ruleFields(body([{ subject_uid: 'cat', result: 'True', app_data_type: 'count', app_data: 1 }]), 'box_detection')).toEqual([
      'subjects.0.app_data_type',
    ]);
    expect(ruleFields(body([{ subject_uid: 'dog', result: 'False' }]), 'point')).toEqual(['subjects.0.subject_uid']);
    expect(ruleFields(body([{ subject_uid: 'cat', result: 'False' }]), 'motion')).toEqual(['subjects']);
  });

  it('a focus must lie inside the media', () => {
    expect(ruleFields(body([{ subject_uid: 'cat', result: 'False' }], { focus: { box: { x0: 0, y0: 0, x1: 700, y1: 10 } } }), 'point')).toEqual([
      'focus.box',
    ]);
  });
});
