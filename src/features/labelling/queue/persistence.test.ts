import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { labellingDbName, openLabellingStore } from './persistence';
import { makeApp } from '../testing/fixtures';

const key = { tenantId: 't1', appId: 'app-1' };

describe('the labelling store', () => {
  it('keeps the application of a queue with its subject names, per tenant and application', async () => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    const store = await openLabellingStore('u1');
    expect(await store.loadApplication(key)).toBeNull();
    const snapshot = { application: makeApp(), subjectNames: { cat: 'Cat' } };
    await store.saveApplication(key, snapshot);
    store.close();
    const reopened = await openLabellingStore('u1');
    expect(await reopened.loadApplication(key)).toEqual(snapshot);
    expect(await reopened.loadApplication({ tenantId: 't2', appId: 'app-1' })).toBeNull();
    reopened.close();
  });

  it('upgrades a store of the first version without losing its items or answers', async () => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    const old = await openDB(labellingDbName('u1'), 1, {
      upgrade(database) {
        database.createObjectStore('items', { keyPath: ['tenantId', 'appId'] });
        database.createObjectStore('answers', { keyPath: 'id' }).createIndex('tenantId', 'tenantId');
        database.createObjectStore('drafts', { keyPath: ['tenantId', 'appId', 'mediaId'] });
      },
    });
    await old.put('items', { ...key, items: [{ media_id: 'm1' }] });
    old.close();

    const store = await openLabellingStore('u1');
    expect(await store.loadQueue(key)).toEqual({ items: [{ media_id: 'm1' }], recent: [] });
    await store.saveApplication(key, { application: makeApp(), subjectNames: {} });
    expect((await store.loadApplication(key))?.application.application_id).toBe(makeApp().application_id);
    store.close();
  });
});
