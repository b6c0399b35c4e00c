import { normalizedText, TEXT_MAX } from '../../../../api/application-types/ocr';
import type { AppData } from '../../../../api/application-types/answer';
import { primaryProposal, primarySubject } from '../../contract/target';
import { percent } from '../../type-kit/percent';
import { SubjectHeading } from '../../type-kit/subject-heading';
import { defineTypeModule } from '../../contract/type-module';
import { FieldLabel } from '../../../../components/text-field';

/** What the model read, with its confidence. */
export interface Reading {
  readonly text: string;
  readonly confidence: number | null;
}

export interface OcrAnnotation {
  readonly type: 'ocr';
  readonly subject_uid: string;
  /** The text as the labeller has it: the model's reading until they correct it. */
  readonly text: string;
  /** The model's reading of this item; null when it read nothing or the item shows an answer given before. */
  readonly reading: Reading | null;
}

export const READING_INPUT_ID = 'reading-input';

function readingOf(data: AppData | null | undefined): Reading | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  return typeof data.text === 'string' ? { text: data.text, confidence: typeof data.confidence === 'number' ? data.confidence : null } : null;
}

const withText = (annotation: OcrAnnotation, text: string): OcrAnnotation => (text === annotation.text ? annotation : { ...annotation, text: text.slice(0, TEXT_MAX) });

/** The text the media shows: the model's reading, corrected in a text field; "Not present" when there is none. */
export const ocr = defineTypeModule<OcrAnnotation, { name: 'idle' }>({
  type: 'ocr',
  initial: (app, target) => {
    const subject_uid = primarySubject(app, target);
    if (subject_uid === undefined) return null;
    const reading = readingOf(primaryProposal(app, target)?.app_data);
    return { type: 'ocr', subject_uid, text: reading?.text ?? '', reading };
  },
  fromAnswer: (app, target, answer) => {
    const given = answer.find((entry) => entry.result === 'True');
    const subject_uid = given?.subject_uid ?? primarySubject(app, target) ?? '';
    return { type: 'ocr', subject_uid, text: readingOf(given?.app_data)?.text ?? '', reading: null };
  },
  missingInput: ({ text }) => (normalizedText(text) === '' ? 'Type the text you read, or answer Not present when there is none.' : null),
  answer: ({ subject_uid, text }) => [{ subject_uid, result: 'True', app_data_type: 'text', app_data: { text: normalizedText(text) } }],
  reject: (_app, { subject_uid }) => [{ subject_uid, result: 'False' }],
  marksInFocus: true,
  actions: [
    {
      id: 'type-reading',
      label: 'Type the text (Enter answers, Escape leaves the field)',
      hint: 'type',
      group: 'Answer',
      keys: ['t'],
      perform: () => document.getElementById(READING_INPUT_ID)?.focus(),
    },
    {
      id: 'restore-reading',
      label: "Back to the model's reading",
      group: 'Edit',
      keys: ['r'],
      when: (ctx) => ctx.annotation.reading !== null && ctx.annotation.text !== ctx.annotation.reading.text,
      perform: (ctx) => ctx.edit((annotation) => (annotation.reading ? withText(annotation, annotation.reading.text) : annotation)),
    },
  ],
  Panel: ({ annotation, edit, subjectName }) => (
    <div className="editor">
      <SubjectHeading name={subjectName(annotation.subject_uid)} probability={null} />
      <p className="editor__reading" data-testid="model-reading">
        {annotation.reading ? (
          <>
            The model read <q>{annotation.reading.text}</q>
            {annotation.reading.confidence !== null && `, ${percent(annotation.reading.confidence)} sure`}.
          </>
        ) : (
          'The model read no text here.'
        )}
      </p>
      <FieldLabel htmlFor={READING_INPUT_ID}>Text</FieldLabel>
      <input
        id={READING_INPUT_ID}
        className="field__input editor__text"
        type="text"
        data-answer-field=""
        autoComplete="off"
        spellCheck={false}
        maxLength={TEXT_MAX}
        value={annotation.text}
        onChange={(event) => edit((a) => withText(a, event.target.value))}
      />
      <p className="editor__hint">
        Correct the text exactly as it is written (T to type, Enter answers, Escape leaves the field); Not present when there
        is no text.
      </p>
    </div>
  ),
});
