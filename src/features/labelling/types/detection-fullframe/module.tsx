import { presenceThreshold } from '../../../../api/presence';
import { outputProposals } from '../../contract/target';
import { replaceAt } from '../../contract/tool-events';
import { DigitKey, digitActions } from '../../type-kit/digit-actions';
import { percentSuffix } from '../../type-kit/percent';
import { defineTypeModule } from '../../contract/type-module';

export interface FullframeAnnotation {
  readonly type: 'detection_fullframe';
  readonly subjects: readonly { readonly subject_uid: string; readonly present: boolean }[];
}

export function toggleSubject(annotation: FullframeAnnotation, index: number): FullframeAnnotation {
  const subject = annotation.subjects[index];
  if (!subject) return annotation;
  return { ...annotation, subjects: replaceAt(annotation.subjects, index, { ...subject, present: !subject.present }) };
}

/** Yes or no for every output subject, in one answer. */
export const detectionFullframe = defineTypeModule<FullframeAnnotation, { name: 'idle' }>({
  type: 'detection_fullframe',
  initial: (app, target) => {
    const proposals = outputProposals(app, target);
    return {
      type: 'detection_fullframe',
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
  actions: digitActions<FullframeAnnotation>('toggle', 'Toggle subject', (ctx, index) => ctx.edit((a) => toggleSubject(a, index))),
  Panel: ({ annotation, edit, subjectName, probabilityOf }) => (
    <fieldset className="editor">
      <legend>Present in the image (keys 1–9)</legend>
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
