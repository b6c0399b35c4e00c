import type { FeedbackSubjectAnswer } from '../../../api/application-types/answer';
import type { Application } from '../../../api/schemas/application';
import type { ProposedSubject } from '../../../api/schemas/feedback-requests';
import type { Annotation } from '../contract/type-module';
import type { TypeRegistry } from '../contract/type-registry';
import type { LabelTarget } from '../contract/target';

/** An answer's subjects as proposals, True as probability 1 and False as 0. */
export function answerAsProposals(answer: readonly FeedbackSubjectAnswer[], mediaId: string): ProposedSubject[] {
  return answer.map((entry) => ({
    subject_uid: entry.subject_uid,
    media_id: mediaId,
    probability: entry.result === 'True' ? 1 : 0,
    app_data_type: entry.app_data_type ?? null,
    app_data: entry.app_data ?? null,
  }));
}

/** The editor's start for an item answered before: the answer, with its marks the labeller's (not the model's). */
export function annotationOfAnswer(
  types: TypeRegistry,
  app: Application,
  target: LabelTarget,
  answer: readonly FeedbackSubjectAnswer[],
): Annotation | null {
  const fromAnswer = types.typeModule(app.type)?.fromAnswer;
  if (fromAnswer) return fromAnswer(app, target, answer);
  const initial = types.initialAnnotation(app, { ...target, subjects: answerAsProposals(answer, target.media.media_id) });
  return initial && types.answeredAnnotation(initial);
}
