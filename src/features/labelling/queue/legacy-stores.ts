// Before answers were kept per user, the app kept one database per user, tenant and application. Answers still
// waiting in one of those move into the user's store once, so that an update of the app loses none of them.
import { deleteDB, openDB } from 'idb';
import type { FeedbackResponse } from '../../../api/schemas/feedback';
import type { LabellingStore, OutboxEntry } from './persistence';

const legacyPrefix = (userId: string) => `looplabel-labelling:${encodeURIComponent(userId)}:`;

interface LegacyAnswer {
  readonly id: string;
  readonly body: FeedbackResponse;
  readonly enqueuedAt: number;
  readonly sequence: number;
}

async function readLegacyAnswers(name: string): Promise<LegacyAnswer[]> {
  const db = await openDB(name);
  try {
    if (!db.objectStoreNames.contains('answers')) return [];
    return (await db.getAll('answers')) as LegacyAnswer[];
  } finally {
    db.close();
  }
}

/** Moves the user's waiting answers out of the old per-application databases, then deletes those. */
export async function importLegacyAnswers(userId: string, store: LabellingStore): Promise<number> {
  if (typeof indexedDB.databases !== 'function') return 0;
  const prefix = legacyPrefix(userId);
  const names = (await indexedDB.databases()).map((db) => db.name ?? '').filter((name) => name.startsWith(prefix));
  let moved = 0;
  for (const name of names) {
    const [tenant, app] = name.slice(prefix.length).split(':');
    if (tenant === undefined || app === undefined) continue;
    const tenantId = decodeURIComponent(tenant);
    const appId = decodeURIComponent(app);
    for (const answer of await readLegacyAnswers(name)) {
      const entry: OutboxEntry = { ...answer, tenantId, appId };
      await store.answers(tenantId).putAnswer(entry);
      moved += 1;
    }
    await deleteDB(name);
  }
  return moved;
}
