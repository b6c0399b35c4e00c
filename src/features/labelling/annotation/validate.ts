import type { Application, FeedbackResponse, FeedbackSubjectAnswer, Media } from '../../../api/types';
import { LABELLABLE_TYPES } from '../../../api/types';

/** The interface's limit on client_data (decisions.md), measured as UTF-8 JSON. */
export const CLIENT_DATA_MAX_BYTES = 4096;

const isWholeNumber = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object';

function boxProblems(data: unknown, media: Media): string[] {
  if (!Array.isArray(data) || data.length === 0) return ['A True box answer needs at least one box.'];
  return data.flatMap((region, i) => {
    const box = isObject(region) ? region.box : undefined;
    if (!isObject(box) || ![box.x0, box.y0, box.x1, box.y1].every(isWholeNumber)) {
      return [`Box ${i + 1} needs integer x0, y0, x1 and y1.`];
    }
    const { x0, y0, x1, y1 } = box as Record<'x0' | 'y0' | 'x1' | 'y1', number>;
    const problems: string[] = [];
    if (!(x0 < x1 && y0 < y1)) problems.push(`Box ${i + 1} needs x0 < x1 and y0 < y1.`);
    if (x0 < 0 || y0 < 0 || x1 > media.image_width || y1 > media.image_height) problems.push(`Box ${i + 1} is outside the media.`);
    return problems;
  });
}

function pointProblems(data: unknown, media: Media): string[] {
  if (!Array.isArray(data) || data.length === 0) return ['A True point answer needs at least one point.'];
  return data.flatMap((point, i) => {
    if (!isObject(point) || !isWholeNumber(point.x) || !isWholeNumber(point.y)) return [`Point ${i + 1} needs integer x and y.`];
    const inside = point.x >= 0 && point.y >= 0 && point.x <= media.image_width && point.y <= media.image_height;
    return inside ? [] : [`Point ${i + 1} is outside the media.`];
  });
}

function appDataProblems(type: string, answer: FeedbackSubjectAnswer, media: Media): string[] {
  const expected = type === 'box_detection' ? 'box_set' : type === 'static_count' ? 'count' : type;
  if (answer.app_data_type !== expected) return [`A True ${type} answer needs app_data_type "${expected}".`];
  const data: unknown = answer.app_data;
  switch (type) {
    case 'box_detection':
      return boxProblems(data, media);
    case 'point':
      return pointProblems(data, media);
    case 'static_count':
      return isWholeNumber(data) && data >= 0 ? [] : ['The count must be a non-negative integer.'];
    default: {
      const max = type === 'offset_x' ? media.image_width : media.image_height;
      return isWholeNumber(data) && data >= 0 && data <= max ? [] : [`The offset must be a whole number from 0 to ${max}.`];
    }
  }
}

function subjectProblems(app: Application, answer: FeedbackSubjectAnswer, media: Media): string[] {
  const problems: string[] = [];
  if (!app.output_subjects.includes(answer.subject_uid)) problems.push(`"${answer.subject_uid}" is not an output subject.`);
  if (answer.result !== 'True' && answer.result !== 'False') return [...problems, 'result must be "True" or "False".'];
  if (answer.result === 'False') {
    if (app.type === 'classification') problems.push('A classification answer cannot be False.');
    if (answer.app_data !== undefined || answer.app_data_type !== undefined) {
      problems.push('A False answer carries no app_data or app_data_type.');
    }
    return problems;
  }
  if (app.type === 'classification' || app.type === 'detection_fullframe') {
    if (answer.app_data !== undefined || answer.app_data_type !== undefined) problems.push(`A ${app.type} answer carries no app_data.`);
    return problems;
  }
  return [...problems, ...appDataProblems(app.type, answer, media)];
}

function subjectCountProblems(app: Application, subjects: readonly FeedbackSubjectAnswer[]): string[] {
  const uids = subjects.map((s) => s.subject_uid);
  if (new Set(uids).size !== uids.length) return ['Each subject may be answered only once.'];
  if (app.type === 'detection_fullframe') {
    const missing = app.output_subjects.filter((uid) => !uids.includes(uid));
    return missing.length === 0 ? [] : [`Answer every output subject in one message (missing ${missing.join(', ')}).`];
  }
  return subjects.length === 1 ? [] : ['Answer exactly one subject.'];
}

/** Every way the response breaks the interface's rules for the application's type; empty when it is valid. */
export function validateFeedback(app: Application, response: FeedbackResponse, media: Media): string[] {
  if (!(LABELLABLE_TYPES as readonly string[]).includes(app.type)) return [`${app.type} applications take no feedback here.`];
  const problems: string[] = [];
  if (response.media_id !== media.media_id) problems.push('media_id does not match the media.');
  problems.push(...subjectCountProblems(app, response.subjects));
  for (const answer of response.subjects) problems.push(...subjectProblems(app, answer, media));
  if (response.decision_time !== undefined && !(Number.isFinite(response.decision_time) && response.decision_time > 0)) {
    problems.push('decision_time must be a positive Unix time in seconds.');
  }
  if (response.client_data !== undefined) {
    const bytes = new TextEncoder().encode(JSON.stringify(response.client_data)).length;
    if (bytes > CLIENT_DATA_MAX_BYTES) problems.push(`client_data is larger than ${CLIENT_DATA_MAX_BYTES} bytes.`);
  }
  return problems;
}
