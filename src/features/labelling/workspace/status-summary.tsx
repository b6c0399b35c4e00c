import type { OutboxStatus } from '../queue/outbox';
import { SyncIndicator } from '../outbox/sync-indicator';

export interface StatusSummaryProps {
  /** Items leased to this labeller, in this browser. */
  inHand?: number;
  /** Items waiting in the service's queue. */
  waiting?: number;
  answered: number;
  startedAt: number;
  now: number;
  sync: OutboxStatus;
}

const MIN_PACE_WINDOW_MS = 60_000;

/** Answers per hour since the session started, counting at least one minute so the first answers don't spike it. */
const pacePerHour = (answered: number, startedAt: number, now: number) =>
  Math.round((answered * 3_600_000) / Math.max(MIN_PACE_WINDOW_MS, now - startedAt));

export function StatusSummary({ inHand, waiting, answered, startedAt, now, sync }: StatusSummaryProps) {
  return (
    <>
      {inHand !== undefined && <span title="Items given to you to label, held for you for a while">{inHand} in hand</span>}
      {waiting !== undefined && <span title="Items waiting in the application's queue">{waiting} waiting</span>}
      <span>
        {answered} answered · {pacePerHour(answered, startedAt, now)}/h
      </span>
      <SyncIndicator status={sync} />
    </>
  );
}
