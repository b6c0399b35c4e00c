import type { OutboxStatus } from '../queue/outbox';
import { SyncIndicator } from './sync-indicator';

export interface StatusSummaryProps {
  pending?: number;
  answered: number;
  startedAt: number;
  now: number;
  sync: OutboxStatus;
}

const MIN_PACE_WINDOW_MS = 60_000;

/** Answers per hour since the session started, counting at least one minute so the first answers don't spike it. */
export const pacePerHour = (answered: number, startedAt: number, now: number) =>
  Math.round((answered * 3_600_000) / Math.max(MIN_PACE_WINDOW_MS, now - startedAt));

export function StatusSummary({ pending, answered, startedAt, now, sync }: StatusSummaryProps) {
  return (
    <>
      {pending !== undefined && <span>{pending} pending</span>}
      <span>
        {answered} answered · {pacePerHour(answered, startedAt, now)}/h
      </span>
      <SyncIndicator status={sync} />
    </>
  );
}
