import { mostLikely, outputProposals } from '../annotation/target';
import { digitActions } from './digit-actions';
import { percentSuffix } from './percent';
import { defineTypeModule } from './type-module';

export interface ClassificationAnnotation {
  readonly type: 'classification';
  /** The output subjects in the application's order; key `1` chooses the first. */
  readonly options: readonly string[];
  readonly choice: string | null;
}

export function chooseClass(annotation: ClassificationAnnotation, index: number): ClassificationAnnotation {
  const choice = annotation.options[index];
  return choice === undefined || choice === annotation.choice ? annotation : { ...annotation, choice };
}

/** One class for the whole image; `False` is not an answer here, so there is no "Not present". */
export const classification = defineTypeModule<ClassificationAnnotation, { name: 'idle' }>({
  type: 'classification',
  initial: (app, target) => ({
    type: 'classification',
    options: app.output_subjects,
    choice: mostLikely(outputProposals(app, target))?.subject_uid ?? null,
  }),
  missingInput: (annotation) => (annotation.choice === null ? 'Choose a class first.' : null),
  answer: (annotation) => [{ subject_uid: annotation.choice ?? '', result: 'True' }],
  marksInFocus: false,
  actions: digitActions<ClassificationAnnotation>('choose', 'Choose class', (ctx, index) => ctx.edit((a) => chooseClass(a, index))),
  Panel: ({ annotation, edit, subjectName, probabilityOf }) => (
    <fieldset className="editor">
      <legend>Choose the class (keys 1–9)</legend>
      {annotation.options.map((uid, index) => (
        <label key={uid} className="editor__choice">
          <input type="radio" name="class" checked={annotation.choice === uid} onChange={() => edit((a) => chooseClass(a, index))} />
          <kbd>{index + 1}</kbd> {subjectName(uid)}
          {percentSuffix(probabilityOf(uid))}
        </label>
      ))}
    </fieldset>
  ),
});
