import { csvRow } from '../../../api/csv-cells';
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

/** A figure as the text of its cell: empty when there is none, a list's items apart by spaces. */
function cellText(value: Labeller[(typeof FIELDS)[number]]): string {
  if (value === null) return '';
  return Array.isArray(value) ? value.join(' ') : String(value);
}

/** The labellers' figures as CSV (src/api/csv-cells.ts: every cell quoted, none a formula), a header row first. */
export const labellersCsv = (labellers: readonly Labeller[]): string =>
  [FIELDS, ...labellers.map((labeller) => FIELDS.map((field) => cellText(labeller[field])))].map(csvRow).join('');
