import { measureSentence } from './measure-words';

describe('measureSentence', () => {
  it('says what each kind of measure found, and on how many held-out answers', () => {
    const held = { n: 12, reason: null };
    expect(
      measureSentence({ kind: 'points', ...held, tolerance: 10, truth_points: 35, shown_points: 33, found: 30, precision: 30 / 33, recall: 30 / 35, F1: 60 / 68, mean_distance: 3.24 }),
    ).toBe('Points found 30 of 35 within 10 px (recall 0.86) · precision 0.91 · mean distance 3.2 px — on 12 held-out answers');
    expect(measureSentence({ kind: 'counts', ...held, mean_absolute_error: 0.75, exact: 0.5 })).toBe(
      'Counts off by 0.8 on average · 50 % exactly right — on 12 held-out answers',
    );
    expect(measureSentence({ kind: 'offsets', ...held, compared: 9, missed: 2, extra: 1, mean_absolute_error: 4 })).toBe(
      'Offsets off by 4.0 px on average over 9 · 2 missed · 1 extra — on 12 held-out answers',
    );
    expect(measureSentence({ kind: 'counts', ...held, n: 1, mean_absolute_error: 0, exact: 1 })).toMatch(/— on 1 held-out answer$/);
  });

  it('says "not enough answers" instead of figures below the minimum', () => {
    expect(measureSentence({ kind: 'counts', n: 3, reason: 'not_enough_answers', mean_absolute_error: null, exact: null })).toBe(
      'Not enough held-out answers yet (3 of 5)',
    );
  });
});
