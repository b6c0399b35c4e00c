import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ApiClient } from '../../../api/client';
import { Outbox } from '../queue/outbox';
import type { OutboxEntry, StoreKey } from '../queue/persistence';
import { openLabellingStore } from '../queue/persistence';
import type { OutboxStatus } from '../queue/outbox';
import { WorkQueue } from '../queue/work-queue';
import type { WorkQueueSnapshot } from '../queue/work-queue';

export interface LabellingQueue {
  readonly queue: WorkQueue | null;
  readonly outbox: Outbox | null;
  readonly error: unknown;
}

interface Options extends StoreKey {
  readonly client: ApiClient;
  readonly batchSize: number;
  /** The service refused an answer: reopen its item with the message. */
  readonly onRejected: (entry: OutboxEntry, message: string) => void;
  /** Open only the outbox (labelling one media item needs no queue). */
  readonly outboxOnly?: boolean;
}

/** Opens this user's, tenant's and application's IndexedDB store, its work queue and its outbox; closes them after. */
export function useLabellingQueue(options: Options): LabellingQueue {
  const { userId, tenantId, appId, client, outboxOnly = false } = options;
  const [opened, setOpened] = useState<LabellingQueue>({ queue: null, outbox: null, error: null });
  const latest = useLatest(options);

  useEffect(() => {
    let closed = false;
    let cleanup = () => {};
    (async () => {
      const store = await openLabellingStore({ userId, tenantId, appId });
      const outbox = await Outbox.open({ client, appId, store, onRejected: (entry, message) => latest.current.onRejected(entry, message) });
      const queue = outboxOnly ? null : await WorkQueue.open({ client, appId, store, batchSize: latest.current.batchSize });
      cleanup = () => {
        outbox.close();
        store.close();
      };
      if (closed) cleanup();
      else setOpened({ queue, outbox, error: null });
    })().catch((error: unknown) => !closed && setOpened({ queue: null, outbox: null, error }));
    return () => {
      closed = true;
      cleanup();
    };
  }, [userId, tenantId, appId, client, outboxOnly, latest]);

  useEffect(() => opened.queue?.setBatchSize(options.batchSize), [opened.queue, options.batchSize]);
  return opened;
}

function useLatest<T>(value: T) {
  const [ref] = useState(() => ({ current: value }));
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

const EMPTY_SNAPSHOT: WorkQueueSnapshot = { items: [], recent: [], pull: 'pulling', error: null };
const noSubscription = () => () => {};

export function useQueueSnapshot(queue: WorkQueue | null): WorkQueueSnapshot {
  return useSyncExternalStore(
    queue ? (listener) => queue.subscribe(listener) : noSubscription,
    () => queue?.snapshot ?? EMPTY_SNAPSHOT,
  );
}

const NO_STATUS: OutboxStatus = { state: 'idle', waiting: 0 };

/** The outbox's status, as a stable value between changes (its getter builds a new object each time). */
export function useOutboxStatus(outbox: Outbox | null): OutboxStatus {
  const [status, setStatus] = useState<OutboxStatus>(NO_STATUS);
  useEffect(() => {
    if (!outbox) return;
    setStatus(outbox.status);
    return outbox.subscribe(setStatus);
  }, [outbox]);
  return outbox ? status : NO_STATUS;
}
