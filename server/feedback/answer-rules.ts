import type { ApplicationType, BoxCoords, FieldError, Focus } from '../../src/api/types';

/** A feedback answer as the edge schema lets it through; its app_data is checked here, per application type. */
export interface AnswerInput {
  subject_uid: string;
  result: 'True' | 'False';
  app_data_type?: string | null | undefined;
  app_data?: unknown;
}

export interface AnswerContext {
  type: ApplicationType;
  outputSubjects: readonly string[];
  /** The media's size in pixels. */
  width: number;
  height: number;
  focus: Focus | null;
}

/** The app_data_type a `True` answer must carry, per application type; null: no app_data. */
const REQUIRED_DATA_TYPE: Partial<Record<ApplicationType, string | null>> = {
  classification: null,
  detection_fullframe: null,
  box_detection: 'box_set',
  static_count: 'count',
  offset_x: 'offset_x',
  offset_y: 'offset_y',
  point: 'point',
};

type Area = BoxCoords;

const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where answers' coordinates must lie: the focus box when there is one, within the media. */
function allowedArea(context: AnswerContext): Area {
  const media = { x0: 0, y0: 0, x1: context.width, y1: context.height };
  return context.focus ? context.focus.box : media;
}

const areaName = (context: AnswerContext) => (context.focus ? 'the focus' : 'the media');

/** A focus must be a box with x0 < x1 and y0 < y1 inside the media. */
export function focusErrors(focus: Focus, width: number, height: number): FieldError[] {
  const { x0, y0, x1, y1 } = focus.box;
  if (!(x0 < x1 && y0 < y1)) return [{ field: 'focus.box', message: 'The focus needs x0 < x1 and y0 < y1.' }];
  if (x0 < 0 || y0 < 0 || x1 > width || y1 > height) {
    return [{ field: 'focus.box', message: `The focus must lie inside the media (${width} × ${height} pixels).` }];
  }
  return [];
}

function boxSetErrors(data: unknown, field: string, context: AnswerContext): FieldError[] {
  if (!Array.isArray(data) || data.length === 0) {
    return [{ field, message: 'A box_set is a non-empty list of {"box": {x0, y0, x1, y1}}.' }];
  }
  const area = allowedArea(context);
  return data.flatMap((region: unknown, index): FieldError[] => {
    const at = `${field}[${index}].box`;
    const box = isRecord(region) ? region['box'] : undefined;
    if (!isRecord(box) || !['x0', 'y0', 'x1', 'y1'].every((key) => isInteger(box[key]))) {
      return [{ field: at, message: 'A box needs integer pixel coordinates x0, y0, x1 and y1.' }];
    }
    const { x0, y0, x1, y1 } = box as unknown as BoxCoords;
    if (!(x0 < x1 && y0 < y1)) return [{ field: at, message: 'A box needs x0 < x1 and y0 < y1.' }];
    if (x0 < area.x0 || y0 < area.y0 || x1 > area.x1 || y1 > area.y1) {
      return [{ field: at, message: `The box must lie inside ${areaName(context)}.` }];
    }
    const probability = isRecord(region) ? region['probability'] : undefined;
    if (probability !== undefined && !(typeof probability === 'number' && probability >= 0 && probability <= 1)) {
      return [{ field: `${field}[${index}].probability`, message: 'A probability is a number from 0 to 1.' }];
    }
    return [];
  });
}

function pointErrors(data: unknown, field: string, context: AnswerContext): FieldError[] {
  if (!Array.isArray(data) || data.length === 0) {
    return [{ field, message: 'A point answer is a non-empty list of {"x", "y"}.' }];
  }
  const area = allowedArea(context);
  return data.flatMap((point: unknown, index): FieldError[] => {
    const at = `${field}[${index}]`;
    if (!isRecord(point) || !isInteger(point['x']) || !isInteger(point['y'])) {
      return [{ field: at, message: 'A point needs integer pixel coordinates x and y.' }];
    }
    const { x, y } = point as { x: number; y: number };
    if (x < area.x0 || y < area.y0 || x > area.x1 || y > area.y1) {
      return [{ field: at, message: `The point must lie inside ${areaName(context)}.` }];
    }
    return [];
  });
}

function dataErrors(dataType: string, data: unknown, field: string, context: AnswerContext): FieldError[] {
  switch (dataType) {
    case 'box_set':
      return boxSetErrors(data, field, context);
    case 'point':
      return pointErrors(data, field, context);
    case 'count':
      return isInteger(data) && data >= 0 ? [] : [{ field, message: 'A count is a non-negative whole number.' }];
    default: {
      const limit = dataType === 'offset_x' ? context.width : context.height;
      const valid = typeof data === 'number' && Number.isFinite(data) && data >= 0 && data <= limit;
      return valid ? [] : [{ field, message: `An ${dataType} is a number from 0 to ${limit} (the media's size).` }];
    }
  }
}

function answerErrors(answer: AnswerInput, index: number, context: AnswerContext): FieldError[] {
  const field = `subjects[${index}]`;
  if (!context.outputSubjects.includes(answer.subject_uid)) {
    return [{ field: `${field}.subject_uid`, message: `${answer.subject_uid} is not an output subject of the application.` }];
  }
  const required = REQUIRED_DATA_TYPE[context.type];
  const hasData = answer.app_data !== undefined && answer.app_data !== null;
  const hasType = answer.app_data_type !== undefined && answer.app_data_type !== null;
  if (answer.result === 'False') {
    if (context.type === 'classification') {
      return [{ field: `${field}.result`, message: 'A classification application does not allow False feedback.' }];
    }
    return hasData || hasType ? [{ field, message: 'A False answer carries no app_data or app_data_type.' }] : [];
  }
  if (required === null || required === undefined) {
    return hasData || hasType ? [{ field, message: `A ${context.type} answer carries no app_data.` }] : [];
  }
  if (answer.app_data_type !== required) {
    return [{ field: `${field}.app_data_type`, message: `A True answer of this application has app_data_type ${required}.` }];
  }
  return dataErrors(required, answer.app_data, `${field}.app_data`, context);
}

function shapeErrors(answers: readonly AnswerInput[], context: AnswerContext): FieldError[] {
  const uids = answers.map((answer) => answer.subject_uid);
  if (new Set(uids).size !== uids.length) {
    return [{ field: 'subjects', message: 'Answer each subject at most once.' }];
  }
  if (context.type === 'classification' && answers.length !== 1) {
    return [{ field: 'subjects', message: 'A classification answer names exactly one subject, with result True.' }];
  }
  if (context.type === 'detection_fullframe') {
    const missing = context.outputSubjects.filter((uid) => !uids.includes(uid));
    if (missing.length > 0) {
      return [{ field: 'subjects', message: `Answer True or False for every output subject; missing ${missing.join(', ')}.` }];
    }
  }
  return [];
}

/** Every problem of a feedback message's answers, under the rules of the application's type. */
export function feedbackAnswerErrors(answers: readonly AnswerInput[], context: AnswerContext): FieldError[] {
  if (!(context.type in REQUIRED_DATA_TYPE)) {
    return [{ field: 'subjects', message: `Applications of type ${context.type} do not take feedback.` }];
  }
  const perAnswer = answers.flatMap((answer, index) => answerErrors(answer, index, context));
  return perAnswer.length > 0 ? perAnswer : shapeErrors(answers, context);
}
