import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { importLegacyAnswers } from './legacy-stores';
import { openLabellingStore } from './persistence';

async function legacyDatabase(factory: IDBFactory, name: string, answers: object[]) {
  const open = factory.open(name, 1);
  open.onupgradeneeded = () => {
    open.result.createObjectStore('items', { keyPath: 'position' });
    open.result.createObjectStore('answers', { keyPath: 'id' });
  };
  const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
  const transaction = db.transaction('answers', 'readwrite');
  answers.forEach((answer) => transaction.objectStore('answers').put(answer));
  await new Promise((resolve) => (transaction.oncomplete = resolve));
  db.close();
}

describe('importLegacyAnswers', () => {
  it('moves waiting answers of the old per-application databases into the user store, once', async () => {
    const factory = new IDBFactory();
    const body = { media_id: 'm1', subjects: [{ subject_uid: 'cat', result: 'True' as const }] };
    await legacyDatabase(factory, 'looplabel-labelling:u%201:t1:app%2F1', [{ id: 'k1', body, enqueuedAt: 5, sequence: 1 }]);
    await legacyDatabase(factory, 'looplabel-labelling:someone-else:t1:a', [{ id: 'k2', body, enqueuedAt: 5, sequence: 1 }]);
    const store = await openLabellingStore('u 1', factory);

    expect(await importLegacyAnswers('u 1', store, factory)).toBe(1);
    expect(await store.answers('t1').loadAnswers()).toEqual([{ id: 'k1', tenantId: 't1', appId: 'app/1', body, enqueuedAt: 5, sequence: 1 }]);
    expect((await factory.databases()).map((db) => db.name).sort()).toEqual(['looplabel-labelling:someone-else:t1:a', 'looplabel:u%201']);
    expect(await importLegacyAnswers('u 1', store, factory)).toBe(0);
    store.close();
  });
});
