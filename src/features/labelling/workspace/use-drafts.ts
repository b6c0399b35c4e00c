import { useCallback, useEffect, useState } from 'react';
import type { Application } from '../../../api/schemas/application';
import { useLabellingData } from '../outbox/outbox-provider';
import type { Annotation } from '../contract/type-module';
import { useTypeRegistry } from '../contract/registry-context';

/** An item being edited: what it shows, with its undo and redo steps. */
export interface EditedItem {
  readonly past: readonly Annotation[];
  readonly present: Annotation;
  readonly future: readonly Annotation[];
}

export interface Drafts {
  /** The draft of this media, when one of the application's type was kept. */
  get(mediaId: string): EditedItem | undefined;
  save(mediaId: string, item: EditedItem): void;
  discard(mediaId: string): void;
  readonly loaded: boolean;
}

/**
 * Every edit of an item in progress is kept per user, application and media, with its undo steps, so a reload or a
 * return shows it and can still undo it.
 */
export function useDrafts(tenantId: string, app: Pick<Application, 'application_id' | 'type'> | undefined): Drafts {
  const { store } = useLabellingData();
  const types = useTypeRegistry();
  const appId = app?.application_id ?? '';
  const [drafts, setDrafts] = useState<{ appId: string; map: ReadonlyMap<string, EditedItem> } | null>(null);

  const type = app?.type;
  useEffect(() => {
    if (!store || !appId) return;
    let live = true;
    const revive = (stored: { readonly type: string }) => (type ? types.restoredAnnotation(stored, type) : null);
    // A step that no longer reads as the application's type ends the steps there: what is left is still in order.
    const steps = (stored: readonly { readonly type: string }[] = []) => {
      const revived = stored.map(revive);
      const broken = revived.findIndex((step) => step === null);
      return (broken < 0 ? revived : revived.slice(0, broken)) as Annotation[];
    };
    store.loadDrafts({ tenantId, appId }).then(
      (rows) => {
        const kept = rows.flatMap((row) => {
          const present = revive(row.annotation);
          if (!present) return [];
          const item: EditedItem = { past: steps(row.past?.toReversed()).toReversed(), present, future: steps(row.future) };
          return [[row.mediaId, item] as const];
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
    (mediaId: string, item: EditedItem) => {
      setDrafts((d) => (d && d.appId === appId ? { appId, map: new Map(d.map).set(mediaId, item) } : d));
      void store?.saveDraft({ tenantId, appId, mediaId, annotation: item.present, past: item.past, future: item.future, savedAt: Date.now() });
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
