import { mostLikely, outputProposals } from '../../contract/target';
import { DigitKey, digitActions } from '../../type-kit/digit-actions';
import { percentSuffix } from '../../type-kit/percent';
import { defineTypeModule } from '../../contract/type-module';

export interface ClassificationAnnotation {
  readonly type: 'classification';
  /** The output subjects in the application's order; key `1` chooses the first. */
  readonly options: readonly string[];
  readonly choice: string | null;
  /** "None of these": no class applies (the choice is then null). */
  readonly none?: boolean;
}

export function chooseClass(annotation: ClassificationAnnotation, index: number): ClassificationAnnotation {
  const choice = annotation.options[index];
  return choice === undefined || (choice === annotation.choice && !annotation.none) ? annotation : { ...annotation, choice, none: false };
}

export const chooseNone = (annotation: ClassificationAnnotation): ClassificationAnnotation =>
  annotation.none ? annotation : { ...annotation, choice: null, none: true };

/**
 * One class for the whole image, or none of them. The interface takes no False on a classification, so there is no
 * "Not present"; "None of these" answers False for every class, which the contract allows in one message.
 */
export const classification = defineTypeModule<ClassificationAnnotation, { name: 'idle' }>({
  type: 'classification',
  initial: (app, target) => ({
    type: 'classification',
    options: app.output_subjects,
    choice: mostLikely(outputProposals(app, target))?.subject_uid ?? null,
  }),
  // "None of these" answered every class False: read as proposals, that would choose the first.
  fromAnswer: (app, _target, answer) => {
    const choice = answer.find((entry) => entry.result === 'True')?.subject_uid ?? null;
    return { type: 'classification', options: app.output_subjects, choice, none: choice === null };
  },
  missingInput: (annotation) => (annotation.choice === null && !annotation.none ? 'Choose a class first, or None of these.' : null),
  answer: (annotation) =>
    annotation.none
      ? annotation.options.map((subject_uid) => ({ subject_uid, result: 'False' }))
      : [{ subject_uid: annotation.choice ?? '', result: 'True' }],
  marksInFocus: false,
  actions: [
    ...digitActions<ClassificationAnnotation>('choose', 'Choose class', (ctx, index) => ctx.edit((a) => chooseClass(a, index))),
    {
      id: 'none-of-these',
      label: 'None of these: no class applies',
      hint: 'none of these',
      group: 'Answer',
      keys: ['n'],
      perform: (ctx) => ctx.edit(chooseNone),
    },
  ],
  Panel: ({ annotation, edit, subjectName, probabilityOf, perform }) => (
    <fieldset className="editor">
      <legend>Choose the class (keys 1–9)</legend>
      {annotation.options.map((uid, index) => (
        <label key={uid} className="editor__choice">
          <input type="radio" name="class" checked={annotation.choice === uid && !annotation.none} onChange={() => edit((a) => chooseClass(a, index))} />
          <DigitKey index={index} /> {subjectName(uid)}
          {percentSuffix(probabilityOf(uid))}
        </label>
      ))}
      <label className="editor__choice editor__choice--none">
        <input type="radio" name="class" checked={annotation.none === true} onChange={() => perform('none-of-these')} />
        <kbd>N</kbd> None of these
      </label>
    </fieldset>
  ),
});
