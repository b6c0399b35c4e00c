import type { UnixSeconds } from '../../../api/types';

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatDateTime = (seconds: UnixSeconds | null | undefined): string =>
  seconds === null || seconds === undefined ? '—' : dateTimeFormat.format(new Date(seconds * 1000));

export const formatProbability = (probability: number | null | undefined): string =>
  probability === null || probability === undefined ? '—' : probability.toFixed(2);
