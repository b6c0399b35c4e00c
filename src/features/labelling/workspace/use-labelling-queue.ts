import { useEffect, useState, useSyncExternalStore } from 'react';
import { getApiClient } from '../../../lib/api-client';
import { beforeSignOut } from '../../../lib/session/before-sign-out';
import { useLabellingData } from '../outbox/outbox-provider';
import type { QueueKey } from '../queue/persistence';
import { WorkQueue } from '../queue/work-queue';
import type { WorkQueueSnapshot } from '../queue/work-queue';

/**
 * Opens this application's work queue on the user's store. Leaving the page (another route, sign-out, closing the
 * tab) hands the items in hand back to the service, so that nobody waits for a lease to run out.
 */
export function useWorkQueue(key: QueueKey, batchSize: number): { queue: WorkQueue | null; error: unknown } {
  const { store, outbox, error: storeError } = useLabellingData();
  const [opened, setOpened] = useState<{ queue: WorkQueue | null; error: unknown }>({ queue: null, error: null });
  const { tenantId, appId } = key;

  useEffect(() => {
    if (!store || !outbox) return;
    let queue: WorkQueue | null = null;
    let closed = false;
    const handBackOnExit = () => void queue?.handBack({ keepalive: true });
    const cancelOnSignOut = beforeSignOut(handBackOnExit);
    WorkQueue.open({ client: getApiClient(), key: { tenantId, appId }, store, outbox, batchSize }).then(
      (opened) => {
        queue = opened;
        if (closed) return void opened.handBack();
        window.addEventListener('pagehide', handBackOnExit);
        setOpened({ queue: opened, error: null });
      },
      (error: unknown) => !closed && setOpened({ queue: null, error }),
    );
    return () => {
      closed = true;
      cancelOnSignOut();
      window.removeEventListener('pagehide', handBackOnExit);
      void queue?.handBack();
      setOpened({ queue: null, error: null });
    };
    // The batch size applies from the next pull on (below); it must not reopen the queue.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, outbox, tenantId, appId]);

  useEffect(() => opened.queue?.setBatchSize(batchSize), [opened.queue, batchSize]);
  return { queue: opened.queue, error: opened.error ?? storeError };
}

const EMPTY_SNAPSHOT: WorkQueueSnapshot = { items: [], recent: [], pull: 'pulling', error: null };
const noSubscription = () => () => {};

export function useQueueSnapshot(queue: WorkQueue | null): WorkQueueSnapshot {
  return useSyncExternalStore(
    queue ? (listener) => queue.subscribe(listener) : noSubscription,
    () => queue?.snapshot ?? EMPTY_SNAPSHOT,
  );
}
