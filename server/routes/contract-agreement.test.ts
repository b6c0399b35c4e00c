import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedbackResponse } from '../../src/api/schemas/feedback';
import type { LabellableType } from '../../src/api/types';
import type { Media } from '../../src/api/schemas/media';
import { validateFeedback } from '../../src/features/labelling/annotation/validate';
import { toApplication } from '../domain/applications';
import { insertApplication, insertMedia, insertSubject } from '../feedback/test-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

// One table of answers per application type: the app's validateFeedback and the service's POST …/feedback must give
// the same verdict on each, because both ask the one contract in src/api.

type Answers = (uids: { cat: string; dog: string }) => FeedbackResponse['subjects'];
type Row = [LabellableType, string, Answers, { focus?: FeedbackResponse['focus']; decision_time?: number }?];

const WIDTH = 100;
const HEIGHT = 80;
const focus = { box: { x0: 10, y0: 10, x1: 50, y1: 50 } };
const boxes = (...list: object[]): Answers => (u) => [{ subject_uid: u.cat, result: 'True', app_data_type: 'box_set', app_data: list as never }];
const points = (...list: object[]): Answers => (u) => [{ subject_uid: u.cat, result: 'True', app_data_type: 'point', app_data: list as never }];
const single = (app_data_type: 'count' | 'offset_x' | 'offset_y', app_data: number): Answers => (u) => [
  { subject_uid: u.cat, result: 'True', app_data_type, app_data },
];
const no: Answers = (u) => [{ subject_uid: u.cat, result: 'False' }];

const ROWS: Row[] = [
  ['classification', 'one True', (u) => [{ subject_uid: u.dog, result: 'True' }]],
  ['classification', 'False', no],
  ['classification', 'two subjects', (u) => [{ subject_uid: u.cat, result: 'True' }, { subject_uid: u.dog, result: 'True' }]],
  ['classification', 'with app_data', single('count', 1)],
  ['classification', 'none of these (False for every subject)', (u) => [{ subject_uid: u.cat, result: 'False' }, { subject_uid: u.dog, result: 'False' }]],
  ['classification', 'none of these, a subject twice', (u) => [{ subject_uid: u.cat, result: 'False' }, { subject_uid: u.cat, result: 'False' }]],
  ['detection_fullframe', 'every subject', (u) => [{ subject_uid: u.cat, result: 'True' }, { subject_uid: u.dog, result: 'False' }]],
  ['detection_fullframe', 'a subject missing', (u) => [{ subject_uid: u.cat, result: 'True' }]],
  ['detection_fullframe', 'a subject twice', (u) => [{ subject_uid: u.cat, result: 'True' }, { subject_uid: u.cat, result: 'False' }]],
  ['box_detection', 'a box', boxes({ box: { x0: 0, y0: 0, x1: 100, y1: 80 }, probability: 0.5 })],
  ['box_detection', 'False', no],
  ['box_detection', 'a box inside the focus', boxes({ box: { x0: 10, y0: 10, x1: 50, y1: 50 } }), { focus }],
  ['box_detection', 'a box across the focus', boxes({ box: { x0: 0, y0: 0, x1: 30, y1: 30 } }), { focus }],
  ['box_detection', 'a box outside the media', boxes({ box: { x0: 0, y0: 0, x1: 101, y1: 10 } })],
  ['box_detection', 'a fractional box', boxes({ box: { x0: 0.5, y0: 0, x1: 10, y1: 10 } })],
  ['box_detection', 'a reversed box', boxes({ box: { x0: 20, y0: 0, x1: 10, y1: 10 } })],
  ['box_detection', 'an unknown key', boxes({ box: { x0: 0, y0: 0, x1: 10, y1: 10 }, label: 'x' })],
  ['box_detection', 'no boxes', boxes()],
  ['box_detection', 'False with app_data', (u) => [{ subject_uid: u.cat, result: 'False', app_data_type: 'box_set', app_data: [] }]],
  ['box_detection', 'two subjects', (u) => [{ subject_uid: u.cat, result: 'False' }, { subject_uid: u.dog, result: 'False' }]],
  ['box_detection', 'boxes of one subject, none of the other', (u) => [...boxes({ box: { x0: 0, y0: 0, x1: 10, y1: 10 } })(u), { subject_uid: u.dog, result: 'False' }]],
  ['box_detection', 'a subject twice', (u) => [{ subject_uid: u.cat, result: 'False' }, { subject_uid: u.cat, result: 'False' }]],
  ['point', 'points of two subjects', (u) => [...points({ x: 1, y: 1 })(u), { subject_uid: u.dog, result: 'True', app_data_type: 'point', app_data: [{ x: 2, y: 2 }] }]],
  ['static_count', 'two subjects', (u) => [{ subject_uid: u.cat, result: 'False' }, { subject_uid: u.dog, result: 'False' }]],
  ['static_count', 'a count', single('count', 7)],
  ['static_count', 'a million and one', single('count', 1_000_001)],
  ['static_count', 'a fractional count', single('count', 1.5)],
  ['static_count', 'the wrong app_data_type', single('offset_x', 3)],
  ['offset_x', 'the right edge', single('offset_x', WIDTH)],
  ['offset_x', 'beyond the width', single('offset_x', WIDTH + 1)],
  ['offset_x', 'a fractional offset', single('offset_x', 2.5)],
  ['offset_y', 'outside the focus, inside the media', single('offset_y', 70), { focus }],
  ['offset_y', 'negative', single('offset_y', -3)],
  ['point', 'points at the edges', points({ x: 0, y: 0 }, { x: WIDTH, y: HEIGHT })],
  ['point', 'a point outside the focus', points({ x: 5, y: 5 }), { focus }],
  ['point', 'a point outside the media', points({ x: 5, y: HEIGHT + 1 })],
  ['point', 'a subject that is not an output', (u) => [{ subject_uid: `${u.cat}x`, result: 'False' }]],
  ['point', 'a focus outside the media', no, { focus: { box: { x0: 0, y0: 0, x1: 200, y1: 10 } } }],
  ['point', 'decision_time in seconds', no, { decision_time: 1_700_000_000 }],
  ['point', 'decision_time before 2000', no, { decision_time: 1000 }],
];

let t: TestApp;
let tenantId: string;
let labeller: Record<string, string>;
let uids: { cat: string; dog: string };

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { feedback: { scheduleIntervalSeconds: 0, releaseEveryAnswers: 0, leaseSeconds: 1200 } } });
  tenantId = t.demo!.tenantIds.demoLab;
  labeller = await t.demoAuth('labeller@demo.test', tenantId);
  uids = { cat: await insertSubject(t.db, tenantId, 'cat'), dog: await insertSubject(t.db, tenantId, 'dog') };
});
afterAll(() => t.close());

describe('the app and the service agree on every answer', () => {
  it.each(ROWS)('%s: %s', async (type, _name, answers, extra = {}) => {
    const appRow = await insertApplication(t.db, tenantId, type, [uids.cat, uids.dog]);
    const mediaRow = await insertMedia(t.db, tenantId, { width: WIDTH, height: HEIGHT });
    const body: FeedbackResponse = { media_id: mediaRow.mediaId, subjects: answers(uids), ...extra };
    const media = { media_id: mediaRow.mediaId, image_width: WIDTH, image_height: HEIGHT } as Media;
    const appProblems = validateFeedback(toApplication(appRow), body, media);
    const response = await t.inject({
      method: 'POST',
      url: `/1/applications/${appRow.applicationId}/feedback`,
      headers: labeller,
      payload: body,
    });
    expect({ status: response.statusCode, messages: response.statusCode === 400 ? response.json().errors.map((e: { message: string }) => e.message) : [] }).toEqual({
      status: appProblems.length === 0 ? 204 : 400,
      messages: appProblems,
    });
  });
});
