import type { Application, FeedbackResponse, FeedbackSubjectAnswer } from '../../../api/types';
import { isLabellable, primarySubject } from './initial';
import type { Annotation, LabelTarget } from './types';

/** When and how the person answered (see client-data.ts). */
export interface AnswerMeta {
  readonly decision_time: number;
  readonly client_data: Record<string, unknown>;
}

/** Why the annotation cannot be sent yet, in words for the person; null when it can. */
export function missingInput(annotation: Annotation): string | null {
  if (annotation.type === 'classification' && annotation.choice === null) return 'Choose a class first.';
  if ((annotation.type === 'offset_x' || annotation.type === 'offset_y') && annotation.offset === null) {
    return 'Place the line first.';
  }
  return null;
}

function subjectAnswers(annotation: Annotation): FeedbackSubjectAnswer[] {
  switch (annotation.type) {
    case 'classification':
      return [{ subject_uid: annotation.choice ?? '', result: 'True' }];
    case 'detection_fullframe':
      return annotation.subjects.map((s) => ({ subject_uid: s.subject_uid, result: s.present ? 'True' : 'False' }));
    case 'box_detection':
      // No boxes means the subject is absent: False, without app_data (the interface's rule).
      if (annotation.boxes.length === 0) return [{ subject_uid: annotation.subject_uid, result: 'False' }];
      return [
        {
          subject_uid: annotation.subject_uid,
          result: 'True',
          app_data_type: 'box_set',
          app_data: annotation.boxes.map(({ x0, y0, x1, y1 }) => ({ box: { x0, y0, x1, y1 } })),
        },
      ];
    case 'point':
      if (annotation.points.length === 0) return [{ subject_uid: annotation.subject_uid, result: 'False' }];
      return [
        {
          subject_uid: annotation.subject_uid,
          result: 'True',
          app_data_type: 'point',
          app_data: annotation.points.map(({ x, y }) => ({ x, y })),
        },
      ];
    case 'static_count':
      return [{ subject_uid: annotation.subject_uid, result: 'True', app_data_type: 'count', app_data: annotation.count }];
    case 'offset_x':
    case 'offset_y':
      return [
        { subject_uid: annotation.subject_uid, result: 'True', app_data_type: annotation.type, app_data: annotation.offset ?? 0 },
      ];
  }
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

/** The feedback message for an annotation. Throws when `missingInput` reports something missing. */
export function buildFeedback(
  app: Pick<Application, 'type'>,
  target: LabelTarget,
  annotation: Annotation,
  meta: AnswerMeta,
): FeedbackResponse {
  if (annotation.type !== app.type) throw new Error(`A ${annotation.type} annotation cannot answer a ${app.type} application.`);
  const missing = missingInput(annotation);
  if (missing) throw new Error(missing);
  return response(target, subjectAnswers(annotation), meta);
}

/**
 * The one-key "not there" answer: `False` for the subject (every output subject for detection_fullframe).
 * Null where the type has no such answer (classification never takes `False`) or the app is not labellable.
 */
export function rejectAnswer(app: Application, target: LabelTarget, meta: AnswerMeta): FeedbackResponse | null {
  if (!isLabellable(app) || app.type === 'classification') return null;
  const uids = app.type === 'detection_fullframe' ? app.output_subjects : [primarySubject(app, target) ?? ''];
  return response(target, uids.map((subject_uid) => ({ subject_uid, result: 'False' })), meta);
}
