import type { Application } from '../../../api/schemas/application';
import type { FeedbackResponse } from '../../../api/schemas/feedback';
import type { FeedbackSubjectAnswer } from '../../../api/application-types/answer';
import type { AnyTypeModule, Annotation } from '../contract/type-module';
import type { LabelTarget } from '../contract/target';

/** When and how the person answered (see client-data.ts). */
export interface AnswerMeta {
  readonly decision_time: number;
  readonly client_data: Record<string, unknown>;
}

function response(target: LabelTarget, subjects: FeedbackSubjectAnswer[], meta: AnswerMeta): FeedbackResponse {
  return {
    media_id: target.media.media_id,
    subjects,
    ...(target.focus ? { focus: target.focus } : {}),
    decision_time: meta.decision_time,
    client_data: meta.client_data,
  };
}

/** The feedback message for an annotation (of `module`'s type). Throws when the module reports input missing. */
export function buildFeedback(module: AnyTypeModule, app: Pick<Application, 'type'>, target: LabelTarget, annotation: Annotation, meta: AnswerMeta): FeedbackResponse {
  if (annotation.type !== app.type) throw new Error(`A ${annotation.type} annotation cannot answer a ${app.type} application.`);
  const missing = module.missingInput(annotation);
  if (missing) throw new Error(missing);
  return response(target, module.answer(annotation), meta);
}

/** The one-key "not there" answer; null where the type has none (classification never takes `False`). */
export function rejectAnswer(module: AnyTypeModule, app: Application, target: LabelTarget, annotation: Annotation, meta: AnswerMeta): FeedbackResponse | null {
  return module.reject ? response(target, module.reject(app, annotation), meta) : null;
}
