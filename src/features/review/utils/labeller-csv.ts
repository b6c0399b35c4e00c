import type { Labeller } from '../../../api/schemas/labellers';

/** The CSV's columns: the service's field names, so that a script reads the download as it reads the API. */
const FIELDS = [
  'user_id',
  'email',
  'name',
  'answers',
  'skips',
  'active_seconds',
  'answers_per_hour',
  'median_decision_time',
  'p90_decision_time',
  'decided_items',
  'agreement',
  'corrected_in_review',
  'gold_answers',
  'gold_accuracy',
  'flagged',
  'flags',
] as const satisfies readonly (keyof Labeller)[];

/**
 * One cell: quoted when it holds a comma, quote or line break; text a spreadsheet would run as a formula (a name
 * beginning with =, +, - or @) is led by an apostrophe.
 */
function cell(value: Labeller[(typeof FIELDS)[number]]): string {
  if (value === null) return '';
  const text = Array.isArray(value) ? value.join(' ') : String(value);
  const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The labellers' figures as CSV (RFC 4180, CRLF line ends), a header row first. */
export const labellersCsv = (labellers: readonly Labeller[]): string =>
  [FIELDS.join(','), ...labellers.map((labeller) => FIELDS.map((field) => cell(labeller[field])).join(','))].join('\r\n') + '\r\n';
