import { ApiError } from '../../../api/errors';

/** The filters of the detections browser that the service can refuse, as the form names them. */
export type FilterField = 'start' | 'end' | 'probabilityLower' | 'probabilityUpper' | 'source';

export interface FilterProblems {
  /** A sentence beside each refused filter. */
  byField: Partial<Record<FilterField, string>>;
  /** What the service refused that no filter of the form sets; null when every problem has its field. */
  general: string | null;
}

/** Which filter sets each of the service's query parameters. */
const FIELD_OF_PARAMETER: Readonly<Record<string, FilterField>> = {
  start: 'start',
  end: 'end',
  probability_lower: 'probabilityLower',
  probability_upper: 'probabilityUpper',
  only_user: 'source',
  only_model: 'source',
  model_version: 'source',
};

interface Sentence {
  parameter: string;
  /** Matches the service's message when the parameter has more than one way to be wrong; absent: any message. */
  when?: RegExp;
  says: string;
}

// The service speaks of query parameters ("probability_lower cannot be above probability_upper"); people see fields.
const SENTENCES: readonly Sentence[] = [
  { parameter: 'probability_lower', when: /probability_upper/, says: 'The lowest probability cannot be above the highest.' },
  { parameter: 'probability_upper', when: /probability_lower/, says: 'The highest probability cannot be below the lowest.' },
  { parameter: 'probability_lower', says: 'The lowest probability is a number from 0 to 1, such as 0.25.' },
  { parameter: 'probability_upper', says: 'The highest probability is a number from 0 to 1, such as 0.75.' },
  { parameter: 'start', says: 'Give the date and time the results are updated after.' },
  { parameter: 'end', says: 'Give the date and time the results are updated before.' },
  { parameter: 'only_user', says: 'Choose one source: people or the model, not both.' },
  { parameter: 'only_model', says: 'Choose one source: people or the model, not both.' },
  { parameter: 'model_version', says: 'This application has no model of that version: choose another.' },
];

const sentenceFor = (parameter: string, message: string) =>
  SENTENCES.find((sentence) => sentence.parameter === parameter && (!sentence.when || sentence.when.test(message)));

/** The parameter a message without a field speaks of first ("probability_lower cannot be above …"). */
const parameterIn = (message: string) =>
  Object.keys(FIELD_OF_PARAMETER)
    .map((parameter) => ({ parameter, at: message.indexOf(parameter) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at)[0]?.parameter;

/**
 * The service's refusal of a detections query as sentences beside the filters concerned; null when the error is not
 * a refusal of the query (a network failure, a missing application), which the page shows as it is.
 */
export function filterProblems(error: unknown): FilterProblems | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const byField: Partial<Record<FilterField, string>> = {};
  const unplaced: string[] = [];
  const issues = error.fieldErrors.length > 0 ? error.fieldErrors : [{ field: parameterIn(error.message) ?? '', message: error.message }];
  for (const { field, message } of issues) {
    const target = FIELD_OF_PARAMETER[field];
    const sentence = sentenceFor(field, message);
    if (target && sentence) byField[target] ??= sentence.says;
    else unplaced.push(message);
  }
  return { byField, general: unplaced.length > 0 ? `The service did not accept these filters: ${error.message}` : null };
}
