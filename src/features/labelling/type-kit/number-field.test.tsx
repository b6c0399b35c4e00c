import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { buildFeedback } from '../annotation/feedback';
import { validateFeedback } from '../annotation/validate';
import { makeApp, makeMedia, makeRequest } from '../testing/fixtures';
import { NumberField } from './number-field';
import { initialAnnotation, moduleOf } from '../testing/labelling-types';
import { typeCount, type CountAnnotation } from '../types/static-count/module';

/** A field over an answer's number, as a panel holds it; `item` stands for the item the workspace shows. */
function CountPanel({ item }: { item: number }) {
  const [counts, setCounts] = useState<Record<number, number>>({ 1: 5, 2: 6 });
  return <NumberField id="count" label="Count" value={counts[item] ?? null} min={0} onValue={(value) => setCounts((all) => ({ ...all, [item]: value }))} />;
}

describe('the number field', () => {
  it("shows the next item's number the moment it shows, not what was typed on the last one", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<CountPanel item={1} />);
    const field = screen.getByLabelText('Count');
    await user.clear(field);
    await user.type(field, '7');
    expect(field).toHaveValue(7);
    expect(field).toHaveFocus();
    rerender(<CountPanel item={2} />);
    expect(screen.getByLabelText('Count')).toHaveValue(6);
  });

  it('passes on every number exactly as typed, an empty field as NaN, and keeps showing it', async () => {
    const user = userEvent.setup();
    const values: number[] = [];
    function Recorded() {
      const [value, setValue] = useState<number | null>(3);
      return <NumberField id="n" label="N" value={value} min={0} onValue={(next) => (values.push(next), setValue(next))} />;
    }
    render(<Recorded />);
    const field = screen.getByLabelText('N');
    await user.clear(field);
    expect(field).toHaveDisplayValue('');
    await user.type(field, '2.5');
    expect(values[0]).toBeNaN();
    expect(values.at(-1)).toBe(2.5);
    expect(field).toHaveDisplayValue('2.5');
  });
});

describe('a typed count', () => {
  const app = makeApp({ type: 'static_count', output_subjects: ['nut'] });
  const media = makeMedia();
  const meta = { decision_time: 1_800_000_000, client_data: {} };
  const target = makeRequest(media.media_id, [{ subject_uid: 'nut', probability: 0.66, app_data_type: 'count', app_data: 6 }]);

  it.each([['-3', -3], ['2.5', 2.5], ['99999999', 99_999_999], ['an empty field', Number.NaN]])(
    'is refused in place when it is %s, with the rule of counts, never changed into another number',
    (_label, typed) => {
      const annotation = typeCount(initialAnnotation(app, target) as CountAnnotation, typed);
      const body = buildFeedback(moduleOf(annotation), app, target, annotation, meta);
      expect(body.subjects[0]?.app_data).toBe(typed);
      expect(validateFeedback(app, body, media)).toEqual(['A count is a whole number from 0 to 1,000,000.']);
    },
  );

  it('is answered exactly as typed when it is a count', () => {
    const annotation = typeCount(initialAnnotation(app, target) as CountAnnotation, 7);
    expect(validateFeedback(app, buildFeedback(moduleOf(annotation), app, target, annotation, meta), media)).toEqual([]);
    expect(buildFeedback(moduleOf(annotation), app, target, annotation, meta).subjects).toEqual([{ subject_uid: 'nut', result: 'True', app_data_type: 'count', app_data: 7 }]);
  });
});
