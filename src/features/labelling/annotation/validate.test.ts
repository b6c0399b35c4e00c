import type { Application } from '../../../api/schemas/application';
import type { FeedbackResponse } from '../../../api/schemas/feedback';
import { makeApp, makeMedia } from '../testing/fixtures';
import { validateFeedback } from './validate';

// The rules themselves are tested with the contract (src/api/schemas/feedback.test.ts); here, that the app asks it.
describe('validateFeedback says what the service would', () => {
  const media = makeMedia();
  const check = (app: Application, subjects: FeedbackResponse['subjects'], extra: Partial<FeedbackResponse> = {}) =>
    validateFeedback(app, { media_id: 'media-1', subjects, ...extra }, media);

  it('accepts a valid answer', () => {
    expect(check(makeApp({ type: 'static_count' }), [{ subject_uid: 'cat', result: 'True', app_data_type: 'count', app_data: 3 }])).toEqual([]);
  });

  it('gives the rules of the type', () => {
    const classification = makeApp({ type: 'classification', output_subjects: ['cat', 'dog'] });
    expect(check(classification, [{ subject_uid: 'cat', result: 'False' }])).toEqual(['A classification answer cannot be False.']);
    const fullframe = makeApp({ type: 'detection_fullframe', output_subjects: ['a', 'b'] });
    expect(check(fullframe, [{ subject_uid: 'a', result: 'True' }])).toEqual(['Answer True or False for every output subject; missing b.']);
  });

  it('checks marks against the focus, and the shape of app_data', () => {
    const app = makeApp({ type: 'box_detection' });
    const boxes = (list: unknown[], extra?: Partial<FeedbackResponse>) =>
      check(app, [{ subject_uid: 'cat', result: 'True', app_data_type: 'box_set', app_data: list as never }], extra);
    const box = { box: { x0: 1, y0: 2, x1: 30, y1: 40 } };
    expect(boxes([box], { focus: { box: { x0: 10, y0: 10, x1: 50, y1: 50 } } })).toEqual(['Box 1 must lie inside the focus.']);
    expect(boxes([{ box: { ...box.box, x0: 1.5 } }])).toEqual(['A coordinate is a whole number of pixels.']);
    expect(boxes([{ ...box, colour: 'red' }])).toEqual(['A box_set item has only box, probability.']);
  });

  it('a wrong media_id, a decision_time before 2000 and oversized client_data', () => {
    const app = makeApp({ type: 'static_count' });
    const ok = [{ subject_uid: 'cat', result: 'False' as const }];
    expect(validateFeedback(app, { media_id: 'other', subjects: ok }, media)).toEqual(['media_id does not match the media.']);
    expect(check(app, ok, { decision_time: 1_700_000_000 })).toEqual([]);
    expect(check(app, ok, { decision_time: 1000 })).toEqual(['decision_time is a Unix time in seconds, after 2000-01-01.']);
    expect(check(app, ok, { client_data: { note: 'x'.repeat(5000) } })).toEqual(['client_data may hold at most 4096 bytes of JSON.']);
  });
});
