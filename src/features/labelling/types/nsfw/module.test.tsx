import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildFeedback, rejectAnswer } from '../../annotation/feedback';
import { validateFeedback } from '../../annotation/validate';
import { makeApp, makeRequest } from '../../testing/fixtures';
import { initialAnnotation } from '../../testing/labelling-types';
import { nsfw, type NsfwAnnotation } from './module';

const app = makeApp({ type: 'nsfw', output_subjects: ['neutral', 'drawing', 'explicit'], detection_thresholds: { explicit: 0.2 } });
const item = makeRequest('m', [
  { subject_uid: 'neutral', probability: 0.76, app_data_type: null, app_data: null },
  { subject_uid: 'drawing', probability: 0.01, app_data_type: null, app_data: null },
  { subject_uid: 'explicit', probability: 0.23, app_data_type: null, app_data: null },
]);
const meta = { decision_time: 1_700_000_000, client_data: {} };
const names: Record<string, string> = { neutral: 'Neutral', drawing: 'Drawing', explicit: 'Explicit' };

describe('the nsfw type module', () => {
  it("prefills yes or no for every class from the model's probability against the subject's threshold (0 or none: 0.5)", () => {
    expect(initialAnnotation(app, item)).toEqual({
      type: 'nsfw',
      subjects: [
        { subject_uid: 'neutral', present: true },
        { subject_uid: 'drawing', present: false },
        { subject_uid: 'explicit', present: true },
      ],
    });
  });

  it('answers True or False for every output subject in one message, which the contract accepts; Not present is False for all', () => {
    const annotation = initialAnnotation(app, item) as NsfwAnnotation;
    const body = buildFeedback(nsfw, app, item, annotation, meta);
    expect(body.subjects).toEqual([
      { subject_uid: 'neutral', result: 'True' },
      { subject_uid: 'drawing', result: 'False' },
      { subject_uid: 'explicit', result: 'True' },
    ]);
    expect(validateFeedback(app, body, item.media)).toEqual([]);
    expect(rejectAnswer(nsfw, app, item, annotation, meta)?.subjects).toEqual(app.output_subjects.map((subject_uid) => ({ subject_uid, result: 'False' })));
  });

  it('lists the classes with keys and probabilities, a click or a key toggling one', async () => {
    let annotation = initialAnnotation(app, item) as NsfwAnnotation;
    const edit = (change: (a: NsfwAnnotation) => NsfwAnnotation) => (annotation = change(annotation));
    const Panel = nsfw.Panel;
    const probabilityOf = (uid: string) => item.subjects.find((s) => s.subject_uid === uid)?.probability ?? null;
    render(<Panel annotation={annotation} edit={edit as never} subjectName={(uid) => names[uid] ?? uid} probabilityOf={probabilityOf} perform={() => {}} />);
    expect(screen.getByRole('group', { name: 'Applies to the image (keys 1–9)' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('checkbox', { name: /Explicit/ }));
    expect(annotation.subjects[2]).toEqual({ subject_uid: 'explicit', present: false });
    const toggleFirst = nsfw.actions.find((action) => action.id === 'toggle-1')!;
    toggleFirst.perform({ annotation, edit } as never);
    expect(annotation.subjects[0]).toEqual({ subject_uid: 'neutral', present: false });
  });
});
