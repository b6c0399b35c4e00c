import type { Labeller } from '../../../api/schemas/labellers';
import { FORMER_MEMBER } from '../../../lib/queries/current-tenant';

/** A column of the people table: how it is headed and explained, the value it sorts by, and how it reads. */
export interface LabellerColumn {
  key: string;
  label: string;
  help: string;
  numeric: boolean;
  /** Null sorts last, whichever the direction. */
  value: (labeller: Labeller) => number | string | null;
  text: (labeller: Labeller) => string;
}

const DASH = '–';
const percent = (ratio: number | null) => (ratio === null ? DASH : `${Math.round(ratio * 100)} %`);
const seconds = (value: number | null) => (value === null ? DASH : `${value < 10 ? value.toFixed(1) : Math.round(value)} s`);
const whole = (value: number) => value.toLocaleString('en');

/** How long, in hours and minutes (or seconds under a minute). */
function duration(totalSeconds: number): string {
  if (totalSeconds < 60) return `${Math.round(totalSeconds)} s`;
  const minutes = Math.round(totalSeconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
}

export const labellerName = (labeller: Pick<Labeller, 'name' | 'email'>) => labeller.name ?? labeller.email ?? FORMER_MEMBER;

export const LABELLER_COLUMNS: readonly LabellerColumn[] = [
  { key: 'name', label: 'Labeller', help: 'Who answered', numeric: false, value: (l) => labellerName(l).toLowerCase(), text: labellerName },
  { key: 'answers', label: 'Answers', help: 'Items answered, gold items included', numeric: true, value: (l) => l.answers, text: (l) => whole(l.answers) },
  {
    key: 'answers_per_hour',
    label: 'Per hour',
    help: 'Answers per hour of active time (gaps over five minutes are breaks, not work)',
    numeric: true,
    value: (l) => l.answers_per_hour,
    text: (l) => (l.answers_per_hour === null ? DASH : whole(Math.round(l.answers_per_hour))),
  },
  {
    key: 'median_decision_time',
    label: 'Median time',
    help: 'Median seconds an answer took, from the previous answer (breaks left out)',
    numeric: true,
    value: (l) => l.median_decision_time,
    text: (l) => seconds(l.median_decision_time),
  },
  { key: 'p90_decision_time', label: 'p90 time', help: 'Nine answers in ten took at most this long', numeric: true, value: (l) => l.p90_decision_time, text: (l) => seconds(l.p90_decision_time) },
  { key: 'active_seconds', label: 'Active', help: 'Time spent answering, breaks left out', numeric: true, value: (l) => l.active_seconds, text: (l) => duration(l.active_seconds) },
  { key: 'skips', label: 'Skips', help: 'Items handed back unanswered', numeric: true, value: (l) => l.skips, text: (l) => whole(l.skips) },
  {
    key: 'agreement',
    label: 'Agreement',
    help: 'Share of their answers that agree with the decided answer, where several labellers answered (the type\'s own rule)',
    numeric: true,
    value: (l) => l.agreement,
    text: (l) => (l.agreement === null ? DASH : `${percent(l.agreement)} of ${whole(l.decided_items)}`),
  },
  {
    key: 'gold_accuracy',
    label: 'Gold accuracy',
    help: 'Mean score on gold items by the type\'s measure (matched boxes, point distance, count error, class)',
    numeric: true,
    value: (l) => l.gold_accuracy,
    text: (l) => (l.gold_accuracy === null ? DASH : `${percent(l.gold_accuracy)} of ${whole(l.gold_answers)}`),
  },
  {
    key: 'corrected_in_review',
    label: 'Overruled',
    help: 'Their answers a manager\'s review decided against',
    numeric: true,
    value: (l) => l.corrected_in_review,
    text: (l) => whole(l.corrected_in_review),
  },
];

export type SortDirection = 'ascending' | 'descending';

/** The labellers sorted by a column; those without a figure last, then by name. */
export function sortLabellers(labellers: readonly Labeller[], column: LabellerColumn, direction: SortDirection): Labeller[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...labellers].sort((a, b) => {
    const x = column.value(a);
    const y = column.value(b);
    if (x === null || y === null) return x === y ? labellerName(a).localeCompare(labellerName(b)) : x === null ? 1 : -1;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return sign * order || labellerName(a).localeCompare(labellerName(b));
  });
}
