// The labelling app's durable state in IndexedDB, one database per user: answers the service has not confirmed
// (every application of every tenant), the items each application's queue holds and those it answered last, drafts
// of items in progress, and the application each queue belongs to (to show its items offline).
import type { Application } from '../../../api/schemas/application';
import type { FeedbackRequest } from '../../../api/schemas/feedback-requests';
import type { FeedbackResponse } from '../../../api/schemas/feedback';

export interface OutboxEntry {
  /** Also the Idempotency-Key of every attempt, across reloads. */
  readonly id: string;
  readonly tenantId: string;
  readonly appId: string;
  readonly body: FeedbackResponse;
  /** When it was enqueued, ms since epoch. */
  readonly enqueuedAt: number;
  /** Sending order, increasing. */
  readonly sequence: number;
}

export interface Draft {
  readonly tenantId: string;
  readonly appId: string;
  readonly mediaId: string;
  /** The annotation as its type module made it (checked against the application's type when read back). */
  readonly annotation: { readonly type: string };
  readonly savedAt: number;
}

export interface QueueKey {
  readonly tenantId: string;
  readonly appId: string;
}

/** An item answered from a queue, with the annotation as it was answered (of the item's type), to go back to it. */
export interface AnsweredItem {
  readonly request: FeedbackRequest;
  readonly answer: { readonly type: string } | null;
}

/** What a queue keeps: the items in hand (the first is the current one), and those answered last, newest last. */
export interface QueueState {
  readonly items: readonly FeedbackRequest[];
  readonly recent: readonly AnsweredItem[];
}

/** What the outbox keeps: its entries, each answer stored together with what it changes. */
export interface AnswerStore {
  loadAnswers(): Promise<OutboxEntry[]>;
  /**
   * In one transaction: the answer, its item's draft gone and, when given, the queue without the item in hand (and
   * with it among those answered). After a crash at any point the answer and its item are never both lost, nor both kept.
   */
  putAnswer(entry: OutboxEntry, queue?: QueueState): Promise<void>;
  deleteAnswer(id: string): Promise<void>;
}

/** What the workspace needs to show an application's items without the network: its settings and subject names. */
export interface ApplicationSnapshot {
  readonly application: Application;
  readonly subjectNames: Readonly<Record<string, string>>;
}

export interface LabellingStore {
  answers(tenantId: string): AnswerStore;
  loadQueue(key: QueueKey): Promise<QueueState>;
  saveQueue(key: QueueKey, queue: QueueState): Promise<void>;
  loadDrafts(key: QueueKey): Promise<Draft[]>;
  saveDraft(draft: Draft): Promise<void>;
  deleteDraft(key: QueueKey, mediaId: string): Promise<void>;
  loadApplication(key: QueueKey): Promise<ApplicationSnapshot | null>;
  saveApplication(key: QueueKey, snapshot: ApplicationSnapshot): Promise<void>;
  close(): void;
}

export const labellingDbName = (userId: string) => `looplabel:${encodeURIComponent(userId)}`;

const ITEMS = 'items';
const ANSWERS = 'answers';
const DRAFTS = 'drafts';
const APPLICATIONS = 'applications';

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

export async function openLabellingStore(userId: string, factory: IDBFactory = indexedDB): Promise<LabellingStore> {
  const open = factory.open(labellingDbName(userId), 2);
  open.onupgradeneeded = (event) => {
    if (event.oldVersion < 1) {
      open.result.createObjectStore(ITEMS, { keyPath: ['tenantId', 'appId'] });
      open.result.createObjectStore(ANSWERS, { keyPath: 'id' }).createIndex('tenantId', 'tenantId');
      open.result.createObjectStore(DRAFTS, { keyPath: ['tenantId', 'appId', 'mediaId'] });
    }
    if (event.oldVersion < 2) open.result.createObjectStore(APPLICATIONS, { keyPath: ['tenantId', 'appId'] });
  };
  const db = await requestDone(open);

  async function write(stores: string[], change: (transaction: IDBTransaction) => void): Promise<void> {
    const transaction = db.transaction(stores, 'readwrite');
    change(transaction);
    await transactionDone(transaction);
  }
  const read = <T>(store: string, query: (objects: IDBObjectStore) => IDBRequest<T>) =>
    requestDone(query(db.transaction(store, 'readonly').objectStore(store)));
  const draftsOf = ({ tenantId, appId }: QueueKey) => IDBKeyRange.bound([tenantId, appId, ''], [tenantId, appId, '\uffff']);

  return {
    answers: (tenantId) => ({
      loadAnswers: async () =>
        ((await read(ANSWERS, (objects) => objects.index('tenantId').getAll(tenantId))) as OutboxEntry[]).sort((a, b) => a.sequence - b.sequence),
      putAnswer: (entry, queue) =>
        write([ANSWERS, DRAFTS, ITEMS], (transaction) => {
          transaction.objectStore(ANSWERS).put(entry);
          transaction.objectStore(DRAFTS).delete([entry.tenantId, entry.appId, entry.body.media_id]);
          if (queue) transaction.objectStore(ITEMS).put({ tenantId: entry.tenantId, appId: entry.appId, ...queue });
        }),
      deleteAnswer: (id) => write([ANSWERS], (transaction) => transaction.objectStore(ANSWERS).delete(id)),
    }),
    loadQueue: async ({ tenantId, appId }) => {
      // A row of an older version has no answered items.
      const row = (await read(ITEMS, (objects) => objects.get([tenantId, appId]))) as Partial<QueueState> | undefined;
      return { items: row?.items ?? [], recent: row?.recent ?? [] };
    },
    saveQueue: ({ tenantId, appId }, queue) => write([ITEMS], (transaction) => transaction.objectStore(ITEMS).put({ tenantId, appId, ...queue })),
    loadDrafts: async (key) => (await read(DRAFTS, (objects) => objects.getAll(draftsOf(key)))) as Draft[],
    saveDraft: (draft) => write([DRAFTS], (transaction) => transaction.objectStore(DRAFTS).put(draft)),
    deleteDraft: ({ tenantId, appId }, mediaId) => write([DRAFTS], (transaction) => transaction.objectStore(DRAFTS).delete([tenantId, appId, mediaId])),
    loadApplication: async ({ tenantId, appId }) => {
      const row = (await read(APPLICATIONS, (objects) => objects.get([tenantId, appId]))) as ApplicationSnapshot | undefined;
      return row ? { application: row.application, subjectNames: row.subjectNames } : null;
    },
    saveApplication: ({ tenantId, appId }, snapshot) =>
      write([APPLICATIONS], (transaction) => transaction.objectStore(APPLICATIONS).put({ tenantId, appId, ...snapshot })),
    close: () => db.close(),
  };
}
