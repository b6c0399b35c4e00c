import { fieldErrorsOf } from '../field-errors';
import { z } from '../zod';
import { answerRuleOf, ruleOfAppDataType } from '../application-types';
import type { AppData, FeedbackSubjectAnswer } from '../application-types/answer';
import type { AnswerPlace, AnswerRule } from '../application-types/rule';
import { ANSWERS_MAX, CLIENT_DATA_MAX_BYTES, EARLIEST_DECISION_TIME } from '../limits';
import { APP_DATA_TYPES, type AppDataType, type BoxCoords, type FieldError, type Focus } from '../types';

const focusBox = z
  .object({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() })
  .check(z.refine(({ x0, y0, x1, y1 }) => x0 < x1 && y0 < y1, 'The focus needs x0 < x1 and y0 < y1.'));

export const focusSchema = z.object({ box: focusBox }) satisfies z.ZodMiniType<Focus>;

/** Problems with the shape of app_data, by the rule of the app_data_type it names (none when it names none). */
export function appDataShapeIssues({ app_data_type, app_data }: { app_data_type?: AppDataType | null; app_data?: unknown }) {
  if (!app_data_type) return [];
  const parsed = ruleOfAppDataType(app_data_type)?.appData?.safeParse(app_data);
  return (parsed?.error?.issues ?? []).map((issue) => ({ code: 'custom' as const, path: ['app_data', ...issue.path], message: issue.message }));
}

/** One answer. A True answer's app_data must have the shape its app_data_type names; which type, and where its marks lie, depend on the application. */
const feedbackAnswer = z
  .object({
    subject_uid: z.string().check(z.minLength(1, 'Give a subject_uid.'), z.maxLength(100)),
    result: z.enum(['True', 'False'], { error: 'result is True or False.' }),
    app_data_type: z.optional(z.nullable(z.enum(APP_DATA_TYPES, { error: `app_data_type is one of ${APP_DATA_TYPES.join(', ')}.` }))),
    app_data: z.optional(z.nullable(z.custom<AppData>())),
  })
  .check(
    z.superRefine((answer, context) => {
      if (answer.result !== 'True') return;
      for (const issue of appDataShapeIssues(answer)) context.addIssue(issue);
    }),
  ) satisfies z.ZodMiniType<FeedbackSubjectAnswer>;

const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/** The body of `POST /1/applications/{id}/feedback`, as far as it can be checked without the application and media. */
export const feedbackResponse = z.object({
  media_id: z.string().check(z.minLength(1, 'Give a media_id.'), z.maxLength(100)),
  subjects: z
    .array(feedbackAnswer, { error: 'subjects is a list of answers.' })
    .check(z.minLength(1, 'Give at least one subject answer.'), z.maxLength(ANSWERS_MAX, `Give at most ${ANSWERS_MAX} subject answers.`)),
  focus: z.optional(z.nullable(focusSchema)),
  client_data: z.optional(
    z
      .record(z.string(), z.unknown())
      .check(z.refine((data) => jsonBytes(data) <= CLIENT_DATA_MAX_BYTES, `client_data may hold at most ${CLIENT_DATA_MAX_BYTES} bytes of JSON.`)),
  ),
  decision_time: z.optional(
    z
      .number({ error: 'decision_time is a Unix time in seconds.' })
      .check(z.gte(EARLIEST_DECISION_TIME, 'decision_time is a Unix time in seconds, after 2000-01-01.')),
  ),
});

export type FeedbackResponse = z.input<typeof feedbackResponse>;

/** What the answers are judged against: the application and the answered media's size in pixels. */
export interface AnswerContext {
  type: string;
  outputSubjects: readonly string[];
  width: number;
  height: number;
}

/** The focus must lie inside the media. */
export function focusErrors(focus: BoxCoords, { width, height }: Pick<AnswerContext, 'width' | 'height'>): FieldError[] {
  if (focus.x0 < 0 || focus.y0 < 0 || focus.x1 > width || focus.y1 > height) {
    return [{ field: 'focus.box', message: `The focus must lie inside the media (${width} × ${height} pixels).` }];
  }
  return [];
}

const hasValue = (value: unknown) => value !== undefined && value !== null;

/** False for every output subject, each once: "none of them applies", where the rule takes it (`allowsNone`). */
function isNoneAnswer(rule: AnswerRule, answers: readonly FeedbackSubjectAnswer[], context: AnswerContext): boolean {
  if (!rule.allowsNone || answers.some((answer) => answer.result !== 'False')) return false;
  const uids = new Set(answers.map((answer) => answer.subject_uid));
  return uids.size === answers.length && uids.size === context.outputSubjects.length && context.outputSubjects.every((uid) => uids.has(uid));
}

function answerErrors(
  rule: AnswerRule,
  answer: FeedbackSubjectAnswer,
  at: string,
  context: AnswerContext,
  place: AnswerPlace,
  allowsFalse: boolean,
): FieldError[] {
  if (!context.outputSubjects.includes(answer.subject_uid)) {
    return [{ field: `${at}.subject_uid`, message: `${answer.subject_uid} is not an output subject of the application.` }];
  }
  const carriesData = hasValue(answer.app_data) || hasValue(answer.app_data_type);
  if (answer.result === 'False') {
    if (!allowsFalse) return [{ field: `${at}.result`, message: `A ${context.type} answer cannot be False.` }];
    return carriesData ? [{ field: at, message: 'A False answer carries no app_data or app_data_type.' }] : [];
  }
  if (rule.appDataType === null) {
    return carriesData ? [{ field: at, message: `A ${context.type} answer carries no app_data.` }] : [];
  }
  if (answer.app_data_type !== rule.appDataType) {
    return [{ field: `${at}.app_data_type`, message: `A True ${context.type} answer has app_data_type ${rule.appDataType}.` }];
  }
  return placementErrors(rule, answer.app_data, at, place);
}

/** Where the marks of a well-shaped app_data lie wrong, with fields under `<at>.app_data`. */
export function placementErrors(rule: AnswerRule, appData: unknown, at: string, place: AnswerPlace): FieldError[] {
  return (rule.placementErrors?.(appData, place) ?? []).map(({ field, message }) => ({
    field: field ? `${at}.app_data.${field}` : `${at}.app_data`,
    message,
  }));
}

function subjectCountErrors(rule: AnswerRule, answers: readonly FeedbackSubjectAnswer[], context: AnswerContext): FieldError[] {
  const uids = answers.map((answer) => answer.subject_uid);
  if (new Set(uids).size !== uids.length) return [{ field: 'subjects', message: 'Answer each subject at most once.' }];
  if (rule.subjects === 'one') {
    return uids.length === 1 ? [] : [{ field: 'subjects', message: `A ${context.type} answer names exactly one subject.` }];
  }
  if (rule.subjects === 'some') return [];
  const missing = context.outputSubjects.filter((uid) => !uids.includes(uid));
  return missing.length === 0
    ? []
    : [{ field: 'subjects', message: `Answer True or False for every output subject; missing ${missing.join(', ')}.` }];
}

/**
 * Every problem of a well-shaped feedback body (one that {@link feedbackResponse} accepted) under the rules of the
 * application's type; empty when it is valid.
 */
export function feedbackAnswerErrors(body: FeedbackResponse, context: AnswerContext): FieldError[] {
  const rule = answerRuleOf(context.type);
  if (!rule) return [{ field: 'subjects', message: `Applications of type ${context.type} take no feedback.` }];
  const focus = body.focus?.box ?? null;
  const focusProblems = focus ? focusErrors(focus, context) : [];
  const place = { width: context.width, height: context.height, focus: focusProblems.length === 0 ? focus : null };
  const none = isNoneAnswer(rule, body.subjects, context);
  const perAnswer = body.subjects.flatMap((answer, index) => answerErrors(rule, answer, `subjects.${index}`, context, place, rule.allowsFalse || none));
  if (perAnswer.length > 0 || none) return [...focusProblems, ...perAnswer];
  return [...focusProblems, ...subjectCountErrors(rule, body.subjects, context)];
}

/**
 * Every problem of a feedback body from anywhere, such as an imported label file: its shape (finite numbers, the
 * limits), then the rules of the application's type. The check `POST …/feedback` makes, as one function.
 */
export function feedbackBodyErrors(body: unknown, context: AnswerContext): FieldError[] {
  const parsed = feedbackResponse.safeParse(body);
  return parsed.success ? feedbackAnswerErrors(parsed.data, context) : fieldErrorsOf(parsed.error, 'body');
}
