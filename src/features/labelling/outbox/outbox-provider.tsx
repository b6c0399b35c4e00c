import type { ReactNode } from 'react';
import { createContext, useContext, useEffect, useState } from 'react';
import { getApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { applicationKeys, mediaKeys } from '../../../lib/queries/keys';
import { useSession } from '../../../lib/session/session-store';
import type { OutboxStatus } from '../queue/outbox';
import { Outbox } from '../queue/outbox';
import type { LabellingStore, OutboxEntry } from '../queue/persistence';
import { importLegacyAnswers } from '../queue/legacy-stores';
import { openLabellingStore } from '../queue/persistence';
import { useOutboxLifecycle } from './use-outbox-lifecycle';

/** An answer the service refused (400 and the like): shown where it can be corrected. */
export interface Refusal {
  readonly entry: OutboxEntry;
  readonly message: string;
}

export interface LabellingData {
  readonly store: LabellingStore | null;
  readonly outbox: Outbox | null;
  readonly status: OutboxStatus;
  readonly error: unknown;
  readonly refusals: readonly Refusal[];
  dismissRefusal(entry: OutboxEntry): void;
}

const NO_STATUS: OutboxStatus = { state: 'idle', waiting: 0 };
const OutboxContext = createContext<LabellingData | null>(null);

/**
 * The signed-in user's answers, sent from whichever page is open: one store and one outbox for the session's
 * user and tenant, retrying with backoff until the service confirms each answer.
 */
export function OutboxProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const userId = session?.userId ?? '';
  const tenantId = session?.tenantId ?? '';
  const [opened, setOpened] = useState<{ key: string; store: LabellingStore | null; outbox: Outbox | null; error: unknown }>({
    key: '',
    store: null,
    outbox: null,
    error: null,
  });
  const [status, setStatus] = useState<OutboxStatus>(NO_STATUS);
  const [refusals, setRefusals] = useState<readonly Refusal[]>([]);
  const key = `${userId}\n${tenantId}`;

  useEffect(() => {
    if (!userId || !tenantId) return;
    let closed = false;
    let cleanup = () => {};
    (async () => {
      const store = await openLabellingStore(userId);
      await importLegacyAnswers(userId, store);
      const outbox = await Outbox.open({
        client: getApiClient(),
        tenantId,
        store: store.answers(tenantId),
        onRejected: (entry, message) => setRefusals((list) => [...list.filter((r) => r.entry.id !== entry.id), { entry, message }]),
        onDelivered: (entry) => {
          void queryClient.invalidateQueries({ queryKey: mediaKeys.detail(entry.body.media_id) });
          void queryClient.invalidateQueries({ queryKey: applicationKeys.detail(entry.appId) });
        },
      });
      const unsubscribe = outbox.subscribe(setStatus);
      cleanup = () => {
        unsubscribe();
        outbox.close();
        store.close();
      };
      if (closed) return cleanup();
      setStatus(outbox.status);
      setOpened({ key, store, outbox, error: null });
    })().catch((error: unknown) => !closed && setOpened({ key, store: null, outbox: null, error }));
    return () => {
      closed = true;
      cleanup();
    };
  }, [key, userId, tenantId]);

  const current = opened.key === key ? opened : { store: null, outbox: null, error: null };
  useOutboxLifecycle(current.outbox, status);
  const value: LabellingData = {
    store: current.store,
    outbox: current.outbox,
    status: current.outbox ? status : NO_STATUS,
    error: current.error,
    refusals,
    dismissRefusal: (entry) => setRefusals((list) => list.filter((r) => r.entry.id !== entry.id)),
  };
  return <OutboxContext.Provider value={value}>{children}</OutboxContext.Provider>;
}

export function useLabellingData(): LabellingData {
  const value = useContext(OutboxContext);
  if (!value) throw new Error('useLabellingData needs an OutboxProvider above it.');
  return value;
}
