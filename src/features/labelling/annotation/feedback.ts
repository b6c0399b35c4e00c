import type { Application } from '../../../api/schemas/application';
import type { FeedbackResponse } from '../../../api/schemas/feedback';
import type { FeedbackSubjectAnswer } from '../../../api/application-types/answer';
import type { Annotation } from '../types/annotation';
import { moduleOf } from '../types/registry';
import type { LabelTarget } from '../contract/target';

/** When and how the person answered (see client-data.ts). */
export interface AnswerMeta {
  readonly decision_time: number;
  readonly client_data: Record<string, unknown>;
}

/** Why the annotation cannot be sent yet, in words for the person; null when it can. */
export const missingInput = (annotation: Annotation): string | null => moduleOf(annotation).missingInput(annotation);

function response(target: LabelTarget, subjects: FeedbackSubjectAnswer[], meta: AnswerMeta): FeedbackResponse {
  return {
    media_id: target.media.media_id,
    subjects,
    ...(target.focus ? { focus: target.focus } : {}),
    decision_time: meta.decision_time,
    client_data: meta.client_data,
  };
}

/** The feedback message for an annotation. Throws when `missingInput` reports something missing. */
export function buildFeedback(app: Pick<Application, 'type'>, target: LabelTarget, annotation: Annotation, meta: AnswerMeta): FeedbackResponse {
  if (annotation.type !== app.type) throw new Error(`A ${annotation.type} annotation cannot answer a ${app.type} application.`);
  const missing = missingInput(annotation);
  if (missing) throw new Error(missing);
  return response(target, moduleOf(annotation).answer(annotation), meta);
}

/** The one-key "not there" answer; null where the type has none (classification never takes `False`). */
export function rejectAnswer(app: Application, target: LabelTarget, annotation: Annotation, meta: AnswerMeta): FeedbackResponse | null {
  const reject = moduleOf(annotation).reject;
  return reject ? response(target, reject(app, annotation), meta) : null;
}
