// The labelling app's durable state in IndexedDB, one database per user: answers the service has not confirmed
// (every application of every tenant), the items each application's queue holds and those it answered last, drafts
// of items in progress, and the application each queue belongs to (to show its items offline).
import { type DBSchema, openDB } from 'idb';
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

interface Draft {
  readonly tenantId: string;
  readonly appId: string;
  readonly mediaId: string;
  /** The annotation as its type module made it (checked against the application's type when read back). */
  readonly annotation: { readonly type: string };
  /** Its undo and redo steps (absent in drafts kept before they were): undo works after a reload too. */
  readonly past?: readonly { readonly type: string }[];
  readonly future?: readonly { readonly type: string }[];
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

interface LabellingDb extends DBSchema {
  items: { key: [string, string]; value: QueueKey & Partial<QueueState> };
  answers: { key: string; value: OutboxEntry; indexes: { tenantId: string } };
  drafts: { key: [string, string, string]; value: Draft };
  applications: { key: [string, string]; value: QueueKey & ApplicationSnapshot };
}

export async function openLabellingStore(userId: string): Promise<LabellingStore> {
  const db = await openDB<LabellingDb>(labellingDbName(userId), 2, {
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        database.createObjectStore('items', { keyPath: ['tenantId', 'appId'] });
        database.createObjectStore('answers', { keyPath: 'id' }).createIndex('tenantId', 'tenantId');
        database.createObjectStore('drafts', { keyPath: ['tenantId', 'appId', 'mediaId'] });
      }
      if (oldVersion < 2) database.createObjectStore('applications', { keyPath: ['tenantId', 'appId'] });
    },
  });
  const draftsOf = ({ tenantId, appId }: QueueKey) => IDBKeyRange.bound([tenantId, appId, ''], [tenantId, appId, '\uffff']);

  return {
    answers: (tenantId) => ({
      loadAnswers: async () => (await db.getAllFromIndex('answers', 'tenantId', tenantId)).sort((a, b) => a.sequence - b.sequence),
      putAnswer: async (entry, queue) => {
        const transaction = db.transaction(['answers', 'drafts', 'items'], 'readwrite');
        await Promise.all([
          transaction.objectStore('answers').put(entry),
          transaction.objectStore('drafts').delete([entry.tenantId, entry.appId, entry.body.media_id]),
          queue && transaction.objectStore('items').put({ tenantId: entry.tenantId, appId: entry.appId, ...queue }),
          transaction.done,
        ]);
      },
      deleteAnswer: (id) => db.delete('answers', id),
    }),
    loadQueue: async ({ tenantId, appId }) => {
      // A row of an older version has no answered items.
      const row = await db.get('items', [tenantId, appId]);
      return { items: row?.items ?? [], recent: row?.recent ?? [] };
    },
    saveQueue: async ({ tenantId, appId }, queue) => {
      await db.put('items', { tenantId, appId, ...queue });
    },
    loadDrafts: (key) => db.getAll('drafts', draftsOf(key)),
    saveDraft: async (draft) => {
      await db.put('drafts', draft);
    },
    deleteDraft: ({ tenantId, appId }, mediaId) => db.delete('drafts', [tenantId, appId, mediaId]),
    loadApplication: async ({ tenantId, appId }) => {
      const row = await db.get('applications', [tenantId, appId]);
      return row ? { application: row.application, subjectNames: row.subjectNames } : null;
    },
    saveApplication: async ({ tenantId, appId }, snapshot) => {
      await db.put('applications', { tenantId, appId, ...snapshot });
    },
    close: () => db.close(),
  };
}
