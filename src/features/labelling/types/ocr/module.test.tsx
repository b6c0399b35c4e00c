import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchAction } from '../../../../lib/shortcuts/registry';
import { annotationOfAnswer } from '../../annotation/from-answer';
import { makeApp, makeMedia, makeRequest } from '../../testing/fixtures';
import { actionsOf } from '../../shortcuts/workspace-actions';
import { ocr, READING_INPUT_ID, type OcrAnnotation } from './module';
import { initialAnnotation, LABELLING_TYPES } from '../../testing/labelling-types';

const app = makeApp({ type: 'ocr', output_subjects: ['plate'] });
const reading = (text: string, confidence: number) =>
  makeRequest('m', [{ subject_uid: 'plate', probability: confidence, app_data_type: 'text', app_data: { text, confidence } }]);

describe('the ocr type module', () => {
  it("starts from the model's reading, and from an empty text when it read nothing", () => {
    expect(initialAnnotation(app, reading('LOT 4821-B', 0.72))).toEqual({
      type: 'ocr',
      subject_uid: 'plate',
      text: 'LOT 4821-B',
      reading: { text: 'LOT 4821-B', confidence: 0.72 },
    });
    expect(initialAnnotation(app, { media: makeMedia() })).toMatchObject({ text: '', reading: null });
  });

  it('answers the typed text (spacing tidied), asks for text when there is none, and Not present is False', () => {
    const annotation = initialAnnotation(app, reading('LOT 4821-B', 0.72)) as OcrAnnotation;
    const corrected: OcrAnnotation = { ...annotation, text: '  LOT  4821-G ' };
    const blank: OcrAnnotation = { ...annotation, text: ' ' };
    expect(ocr.answer(corrected)).toEqual([{ subject_uid: 'plate', result: 'True', app_data_type: 'text', app_data: { text: 'LOT 4821-G' } }]);
    expect(ocr.missingInput(blank)).toMatch(/Type the text/);
    expect(ocr.reject?.(app, annotation)).toEqual([{ subject_uid: 'plate', result: 'False' }]);
  });

  it('shows an answered item with its answer when it is opened again', () => {
    const answer = [{ subject_uid: 'plate', result: 'True' as const, app_data_type: 'text' as const, app_data: { text: 'BAY 31-G' } }];
    expect(annotationOfAnswer(LABELLING_TYPES, app, { media: makeMedia() }, answer)).toEqual({ type: 'ocr', subject_uid: 'plate', text: 'BAY 31-G', reading: null });
  });

  it('shows the reading with its confidence and takes the correction typed in its field', async () => {
    let annotation = initialAnnotation(app, reading('LOT 4821-B', 0.72)) as OcrAnnotation;
    const edit = (change: (a: OcrAnnotation) => OcrAnnotation) => (annotation = change(annotation));
    const Panel = ocr.Panel;
    const { rerender } = render(<Panel annotation={annotation} edit={edit as never} subjectName={() => 'Plate'} probabilityOf={() => 0.72} perform={() => {}} />);
    expect(screen.getByTestId('model-reading')).toHaveTextContent('The model read LOT 4821-B, 72% sure.');
    const field = screen.getByRole('textbox', { name: 'Text' });
    await userEvent.setup().type(field, 'X');
    rerender(<Panel annotation={annotation} edit={edit as never} subjectName={() => 'Plate'} probabilityOf={() => 0.72} perform={() => {}} />);
    expect(annotation.text).toBe('LOT 4821-BX');
    expect(field).toHaveAttribute('id', READING_INPUT_ID);
  });

  it('lets Enter answer and Escape leave from the text field, and no other key', () => {
    render(<input type="text" data-answer-field="" aria-label="Text" />);
    const field = screen.getByRole('textbox', { name: 'Text' });
    const actions = actionsOf(ocr);
    const ctx = { imageShown: true, annotation: {}, canSkip: true } as never;
    const key = (k: string) => matchAction(actions, { key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, target: field }, ctx, { isMac: false })?.id;
    expect(key('Enter')).toBe('submit');
    expect(key('Escape')).toBe('cancel');
    expect(key('x')).toBeUndefined();
    expect(key('t')).toBeUndefined();
  });
});
