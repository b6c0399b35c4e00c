import { useCallback, useEffect, useState } from 'react';
import type { Application } from '../../../api/schemas/application';
import { useLabellingData } from '../outbox/outbox-provider';
import type { Annotation } from '../contract/type-module';
import { useTypeRegistry } from '../contract/registry-context';

export interface Drafts {
  /** The draft of this media, when one of the application's type was kept. */
  get(mediaId: string): Annotation | undefined;
  save(mediaId: string, annotation: Annotation): void;
  discard(mediaId: string): void;
  readonly loaded: boolean;
}

/** Every edit of an item in progress is kept per user, application and media, so a reload or a return shows it. */
export function useDrafts(tenantId: string, app: Pick<Application, 'application_id' | 'type'> | undefined): Drafts {
  const { store } = useLabellingData();
  const types = useTypeRegistry();
  const appId = app?.application_id ?? '';
  const [drafts, setDrafts] = useState<{ appId: string; map: ReadonlyMap<string, Annotation> } | null>(null);

  const type = app?.type;
  useEffect(() => {
    if (!store || !appId) return;
    let live = true;
    store.loadDrafts({ tenantId, appId }).then(
      (rows) => {
        const kept = rows.flatMap((row) => {
          const annotation = type ? types.restoredAnnotation(row.annotation, type) : null;
          return annotation ? [[row.mediaId, annotation] as const] : [];
        });
        if (live) setDrafts({ appId, map: new Map(kept) });
      },
      () => live && setDrafts({ appId, map: new Map() }),
    );
    return () => {
      live = false;
    };
  }, [store, tenantId, appId, type, types]);

  const current = drafts?.appId === appId ? drafts.map : null;
  const save = useCallback(
    (mediaId: string, annotation: Annotation) => {
      setDrafts((d) => (d && d.appId === appId ? { appId, map: new Map(d.map).set(mediaId, annotation) } : d));
      void store?.saveDraft({ tenantId, appId, mediaId, annotation, savedAt: Date.now() });
    },
    [store, tenantId, appId],
  );
  const discard = useCallback(
    (mediaId: string) => {
      setDrafts((d) => {
        if (!d || d.appId !== appId) return d;
        const map = new Map(d.map);
        map.delete(mediaId);
        return { appId, map };
      });
      void store?.deleteDraft({ tenantId, appId }, mediaId);
    },
    [store, tenantId, appId],
  );
  return { get: (mediaId) => current?.get(mediaId), save, discard, loaded: current !== null };
}
