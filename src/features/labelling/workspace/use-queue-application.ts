import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Application } from '../../../api/schemas/application';
import { applicationQueryOptions } from '../../../lib/queries/application';
import { subjectsQueryOptions } from '../../../lib/queries/subjects';
import { useLabellingData } from '../outbox/outbox-provider';
import type { ApplicationSnapshot } from '../queue/persistence';

export interface QueueApplication {
  /** From the service, else (offline, or while it loads) as it was when this queue was last open here. */
  readonly application: Application | undefined;
  readonly subjectName: (uid: string) => string;
  /** Why there is no application at all. */
  readonly error: Error | null;
}

/**
 * The application of a queue and its subject names, kept in the labelling store as they arrive, so that a reload
 * without a network still shows the items in hand.
 */
export function useQueueApplication(tenantId: string, appId: string): QueueApplication {
  const app = useQuery(applicationQueryOptions(appId));
  const subjects = useQuery(subjectsQueryOptions(tenantId));
  const { store } = useLabellingData();
  const key = `${tenantId}\n${appId}`;
  const [saved, setSaved] = useState<{ key: string; snapshot: ApplicationSnapshot | null } | null>(null);

  useEffect(() => {
    if (!store) return;
    let live = true;
    store.loadApplication({ tenantId, appId }).then(
      (snapshot) => live && setSaved({ key, snapshot }),
      () => live && setSaved({ key, snapshot: null }),
    );
    return () => {
      live = false;
    };
  }, [store, tenantId, appId, key]);

  useEffect(() => {
    if (!store || !app.data || !subjects.data) return;
    const subjectNames = Object.fromEntries(subjects.data.map((s) => [s.subject_uid, s.name]));
    // Best effort: without the copy only an offline reload loses the application, never an answer.
    store.saveApplication({ tenantId, appId }, { application: app.data, subjectNames }).catch(() => {});
  }, [store, app.data, subjects.data, tenantId, appId]);

  const snapshot = saved?.key === key ? saved.snapshot : null;
  const application = app.data ?? snapshot?.application;
  const names = new Map(subjects.data ? subjects.data.map((s) => [s.subject_uid, s.name]) : Object.entries(snapshot?.subjectNames ?? {}));
  return {
    application,
    subjectName: (uid) => names.get(uid) ?? uid,
    error: application ? null : app.error,
  };
}
