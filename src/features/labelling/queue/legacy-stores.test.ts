import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { importLegacyAnswers } from './legacy-stores';
import { openLabellingStore } from './persistence';

async function legacyDatabase(name: string, answers: object[]) {
  const db = await openDB(name, 1, {
    upgrade(database) {
      database.createObjectStore('items', { keyPath: 'position' });
      database.createObjectStore('answers', { keyPath: 'id' });
    },
  });
  const transaction = db.transaction('answers', 'readwrite');
  await Promise.all([...answers.map((answer) => transaction.store.put(answer)), transaction.done]);
  db.close();
}

describe('importLegacyAnswers', () => {
  it('moves waiting answers of the old per-application databases into the user store, once', async () => {
    const factory = new IDBFactory();
    vi.stubGlobal('indexedDB', factory);
    const body = { media_id: 'm1', subjects: [{ subject_uid: 'cat', result: 'True' as const }] };
    await legacyDatabase('looplabel-labelling:u%201:t1:app%2F1', [{ id: 'k1', body, enqueuedAt: 5, sequence: 1 }]);
    await legacyDatabase('looplabel-labelling:someone-else:t1:a', [{ id: 'k2', body, enqueuedAt: 5, sequence: 1 }]);
    const store = await openLabellingStore('u 1');

    expect(await importLegacyAnswers('u 1', store)).toBe(1);
    expect(await store.answers('t1').loadAnswers()).toEqual([{ id: 'k1', tenantId: 't1', appId: 'app/1', body, enqueuedAt: 5, sequence: 1 }]);
    expect((await factory.databases()).map((db) => db.name).sort()).toEqual(['looplabel-labelling:someone-else:t1:a', 'looplabel:u%201']);
    expect(await importLegacyAnswers('u 1', store)).toBe(0);
    store.close();
  });
});
