import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { makeRequest } from '../test-fixtures';
import { openLabellingStore } from './persistence';
import type { LabellingStore } from './persistence';
import { fakeFeedbackService } from './test-service';
import { WorkQueue } from './work-queue';

describe('WorkQueue', () => {
  let factory: IDBFactory;
  let service: ReturnType<typeof fakeFeedbackService>;
  let stores: LabellingStore[];

  beforeEach(() => {
    factory = new IDBFactory();
    service = fakeFeedbackService();
    stores = [];
  });
  afterEach(() => stores.forEach((s) => s.close()));

  async function open(batchSize = 5) {
    const store = await openLabellingStore({ userId: 'u', tenantId: 't', appId: 'a' }, factory);
    stores.push(store);
    const queue = await WorkQueue.open({ client: service.client, appId: 'a', store, batchSize });
    await queue.refill();
    return queue;
  }

  const ids = (queue: WorkQueue) => queue.snapshot.items.map((i) => i.media_id);

  it('pulls a batch on open and refills only when three or fewer remain', async () => {
    service.queue.push(...['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => makeRequest(id)));
    const queue = await open();
    expect(ids(queue)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(service.pullLimits).toEqual([5]);
    await queue.complete('a');
    expect(service.pullLimits).toEqual([5]);
    await queue.complete('b');
    expect(service.pullLimits).toEqual([5, 5]);
    expect(ids(queue)).toEqual(['c', 'd', 'e', 'f', 'g']);
    expect(queue.snapshot.recent.map((i) => i.media_id)).toEqual(['a', 'b']);
  });

  it('pulls the new batch size after setBatchSize, clamped to 1..10', async () => {
    service.queue.push(...Array.from({ length: 30 }, (_, i) => makeRequest(`m${i}`)));
    const queue = await open(2);
    queue.setBatchSize(25);
    await queue.refill();
    queue.setBatchSize(0);
    await queue.refill();
    expect(service.pullLimits).toEqual([2, 10, 1]);
  });

  it('never runs two pulls at once', async () => {
    const release = service.holdPulls();
    const store = await openLabellingStore({ userId: 'u', tenantId: 't', appId: 'a' }, factory);
    stores.push(store);
    service.queue.push(makeRequest('a'));
    const queue = await WorkQueue.open({ client: service.client, appId: 'a', store, batchSize: 5 });
    const second = queue.refill();
    expect(queue.snapshot.pull).toBe('pulling');
    release();
    await second;
    expect(service.pullLimits).toEqual([5]);
    expect(ids(queue)).toEqual(['a']);
  });

  it('drops items it already holds (by media_id) and says when the service had nothing new', async () => {
    service.queue.push(makeRequest('a'), makeRequest('a'));
    const queue = await open();
    expect(ids(queue)).toEqual(['a']);
    await queue.refill();
    expect(queue.snapshot.pull).toBe('empty');
  });

  it('keeps pulled, unanswered items across a reload', async () => {
    service.queue.push(makeRequest('a'), makeRequest('b'));
    const first = await open();
    await first.complete('a');
    const reloaded = await open();
    expect(ids(reloaded)).toEqual(['b']);
    expect(service.pullLimits).toEqual([5, 5, 5]);
  });

  it('reports a failed pull and keeps its items', async () => {
    service.queue.push(makeRequest('a'));
    const queue = await open();
    const failing = fakeFeedbackService();
    const store = stores[0]!;
    const broken = await WorkQueue.open({
      client: { ...failing.client, request: () => Promise.reject(new Error('boom')) },
      appId: 'a',
      store,
    });
    await broken.refill();
    expect(broken.snapshot.pull).toBe('error');
    expect(ids(broken)).toEqual(ids(queue));
  });
});
