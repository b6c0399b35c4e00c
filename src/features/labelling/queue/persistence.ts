// The labelling app's durable state in IndexedDB, one database per user, tenant and application:
// items pulled from the service but not yet answered, and answers the service has not confirmed.
import type { FeedbackRequest, FeedbackResponse } from '../../../api/types';

export interface StoreKey {
  readonly userId: string;
  readonly tenantId: string;
  readonly appId: string;
}

export interface OutboxEntry {
  /** Also the Idempotency-Key of every attempt, across reloads. */
  readonly id: string;
  readonly body: FeedbackResponse;
  /** When it was enqueued, ms since epoch. */
  readonly enqueuedAt: number;
  /** Sending order, increasing. */
  readonly sequence: number;
}

export interface LabellingStore {
  loadItems(): Promise<FeedbackRequest[]>;
  /** Replaces the whole item list (it holds a handful of items) in one transaction. */
  saveItems(items: readonly FeedbackRequest[]): Promise<void>;
  loadAnswers(): Promise<OutboxEntry[]>;
  putAnswer(entry: OutboxEntry): Promise<void>;
  deleteAnswer(id: string): Promise<void>;
  close(): void;
}

export const labellingDbName = ({ userId, tenantId, appId }: StoreKey) =>
  `looplabel-labelling:${encodeURIComponent(userId)}:${encodeURIComponent(tenantId)}:${encodeURIComponent(appId)}`;

const ITEMS = 'items';
const ANSWERS = 'answers';

function requestDone<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed.'));
  });
}

function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed.'));
  });
}

function readAll<T>(db: IDBDatabase, store: string): Promise<T[]> {
  return requestDone(db.transaction(store, 'readonly').objectStore(store).getAll()) as Promise<T[]>;
}

export async function openLabellingStore(key: StoreKey, factory: IDBFactory = indexedDB): Promise<LabellingStore> {
  const open = factory.open(labellingDbName(key), 1);
  open.onupgradeneeded = () => {
    open.result.createObjectStore(ITEMS, { keyPath: 'position' });
    open.result.createObjectStore(ANSWERS, { keyPath: 'id' });
  };
  const db = await requestDone(open);

  async function write(store: string, change: (objects: IDBObjectStore) => void): Promise<void> {
    const transaction = db.transaction(store, 'readwrite');
    change(transaction.objectStore(store));
    await transactionDone(transaction);
  }

  return {
    loadItems: async () => {
      const rows = await readAll<{ position: number; request: FeedbackRequest }>(db, ITEMS);
      return rows.sort((a, b) => a.position - b.position).map((row) => row.request);
    },
    saveItems: (items) =>
      write(ITEMS, (objects) => {
        objects.clear();
        items.forEach((request, position) => objects.put({ position, request }));
      }),
    loadAnswers: async () => (await readAll<OutboxEntry>(db, ANSWERS)).sort((a, b) => a.sequence - b.sequence),
    putAnswer: (entry) => write(ANSWERS, (objects) => objects.put(entry)),
    deleteAnswer: (id) => write(ANSWERS, (objects) => objects.delete(id)),
    close: () => db.close(),
  };
}
