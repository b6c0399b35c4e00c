import { presenceThreshold } from '../../../api/presence';
import type { ApplicationType } from '../../../api/types';
import { outputProposals } from '../contract/target';
import { replaceAt } from '../contract/tool-events';
import { defineTypeModule } from '../contract/type-module';
import { DigitKey, digitActions } from './digit-actions';
import { percentSuffix } from './percent';

/** Yes or no for every output subject of an application of type T. */
export interface YesNoAnnotation<T extends ApplicationType> {
  readonly type: T;
  readonly subjects: readonly { readonly subject_uid: string; readonly present: boolean }[];
}

export function toggleSubject<A extends YesNoAnnotation<ApplicationType>>(annotation: A, index: number): A {
  const subject = annotation.subjects[index];
  if (!subject) return annotation;
  return { ...annotation, subjects: replaceAt(annotation.subjects, index, { ...subject, present: !subject.present }) };
}

/**
 * The module of a type answered yes or no for every output subject, in one answer (detection_fullframe, nsfw): each
 * prefilled from the model's probability against the subject's threshold (0 or none = 0.5), toggled by keys 1–9.
 * `legend` heads the checkboxes.
 */
export function yesNoSubjectsModule<T extends ApplicationType>(type: T, legend: string) {
  return defineTypeModule<YesNoAnnotation<T>, { name: 'idle' }>({
    type,
    initial: (app, target) => {
      const proposals = outputProposals(app, target);
      return {
        type,
        subjects: app.output_subjects.map((uid) => {
          const probability = proposals.find((s) => s.subject_uid === uid)?.probability ?? 0;
          return { subject_uid: uid, present: probability >= presenceThreshold(app.detection_thresholds, uid) };
        }),
      };
    },
    missingInput: () => null,
    answer: (annotation) => annotation.subjects.map((s) => ({ subject_uid: s.subject_uid, result: s.present ? 'True' : 'False' })),
    reject: (app) => app.output_subjects.map((subject_uid) => ({ subject_uid, result: 'False' })),
    marksInFocus: false,
    actions: digitActions<YesNoAnnotation<T>>('toggle', 'Toggle subject', (ctx, index) => ctx.edit((a) => toggleSubject(a, index))),
    Panel: ({ annotation, edit, subjectName, probabilityOf }) => (
      <fieldset className="editor">
        <legend>{legend} (keys 1–9)</legend>
        {annotation.subjects.map((subject, index) => (
          <label key={subject.subject_uid} className="editor__choice">
            <input type="checkbox" checked={subject.present} onChange={() => edit((a) => toggleSubject(a, index))} />
            <DigitKey index={index} /> {subjectName(subject.subject_uid)}
            {percentSuffix(probabilityOf(subject.subject_uid))}
          </label>
        ))}
      </fieldset>
    ),
  });
}
