import type { UnixSeconds } from '../../../api/types';

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatDateTime = (seconds: UnixSeconds | null | undefined): string =>
  seconds === null || seconds === undefined ? '—' : dateTimeFormat.format(new Date(seconds * 1000));

export const formatProbability = (probability: number | null | undefined): string =>
  probability === null || probability === undefined ? '—' : probability.toFixed(2);

const sameYearFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** For narrow columns: without the year when it is this year's. */
export function formatShortDateTime(seconds: UnixSeconds, nowMs = Date.now()): string {
  const date = new Date(seconds * 1000);
  return date.getFullYear() === new Date(nowMs).getFullYear() ? sameYearFormat.format(date) : dateTimeFormat.format(date);
}

const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const hourFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** A chart bucket's start: its day, or its hour. */
export const formatBucket = (seconds: UnixSeconds, bucket: 'hour' | 'day'): string =>
  (bucket === 'day' ? dayFormat : hourFormat).format(new Date(seconds * 1000));
