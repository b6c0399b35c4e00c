import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import type { FeedbackResponse } from '../../../api/schemas/feedback';
import { makeRequest } from '../testing/fixtures';
import { Outbox } from './outbox';
import { type LabellingStore, openLabellingStore } from './persistence';
import { fakeFeedbackService, manualNetwork, manualScheduler } from './test-service';
import { type QueueOutbox, WorkQueue } from './work-queue';

const key = { tenantId: 't', appId: 'a' };
/** Where the answers of queues that these tests do not reload go: nowhere. */
const noOutbox: QueueOutbox = { holds: () => false, enqueue: () => Promise.resolve() };
const answer = (mediaId: string): FeedbackResponse => ({ media_id: mediaId, subjects: [{ subject_uid: 'cat', result: 'False' }], decision_time: 1_700_000_000 });

describe('WorkQueue', () => {
  let service: ReturnType<typeof fakeFeedbackService>;
  let stores: LabellingStore[];
  let outboxes: Outbox[];

  beforeEach(() => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    service = fakeFeedbackService();
    stores = [];
    outboxes = [];
  });
  afterEach(() => {
    outboxes.forEach((o) => o.close());
    stores.forEach((s) => s.close());
  });

  async function openStore() {
    const store = await openLabellingStore('u');
    stores.push(store);
    return store;
  }

  async function open(batchSize = 5, store?: LabellingStore, outbox?: QueueOutbox) {
    const queue = await WorkQueue.open({
      client: service.client,
      key,
      store: store ?? (await openStore()),
      batchSize,
      outbox: outbox ?? noOutbox,
    });
    await queue.refill();
    return queue;
  }

  /** An outbox that cannot send yet (offline), so its answers stay pending. */
  async function offlineOutbox(store: LabellingStore) {
    const network = manualNetwork(false);
    const outbox = await Outbox.open({ client: service.client, tenantId: 't', store: store.answers('t'), network: network.signal, scheduler: manualScheduler().scheduler });
    outboxes.push(outbox);
    return outbox;
  }

  const ids = (queue: WorkQueue) => queue.snapshot.items.map((i) => i.media_id);

  it('pulls a batch on open and refills only when three or fewer remain', async () => {
    service.queue.push(...['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => makeRequest(id)));
    const queue = await open();
    expect(ids(queue)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(service.pullLimits).toEqual([5]);
    await queue.answerItem(answer('a'));
    expect(service.pullLimits).toEqual([5]);
    await queue.answerItem(answer('b'));
    expect(service.pullLimits).toEqual([5, 5]);
    expect(ids(queue)).toEqual(['c', 'd', 'e', 'f', 'g']);
    expect(queue.snapshot.recent.map((i) => i.request.media_id)).toEqual(['a', 'b']);
  });

  it('recovers what the service says the labeller holds before pulling new work, without duplicates', async () => {
    const store = await openStore();
    await store.saveQueue(key, { items: [makeRequest('kept'), makeRequest('h1')], recent: [] });
    service.held.push(makeRequest('h1'), makeRequest('h2'));
    service.queue.push(makeRequest('new1'), makeRequest('new2'));
    const queue = await open(5, store);
    expect(ids(queue)).toEqual(['kept', 'h1', 'h2', 'new1', 'new2']);
    expect(service.heldCalls).toBe(1);
    expect((await store.loadQueue(key)).items).toHaveLength(5);
    await queue.refill();
    expect(service.heldCalls).toBe(1);
  });

  it('asks for no new work when what the labeller holds fills the queue', async () => {
    service.held.push(...['h1', 'h2', 'h3', 'h4', 'h5'].map((id) => makeRequest(id)));
    service.queue.push(makeRequest('new'));
    const queue = await open(5);
    expect(ids(queue)).toEqual(['h1', 'h2', 'h3', 'h4', 'h5']);
    expect(service.pullLimits).toEqual([]);
    expect(queue.snapshot.pull).toBe('idle');
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

  it('holds about one batch: a small batch refills only when it is down to one fewer', async () => {
    service.queue.push(...Array.from({ length: 10 }, (_, i) => makeRequest(`m${i}`)));
    const queue = await open(2);
    await vi.waitFor(() => expect(queue.snapshot.items).toHaveLength(2));
    expect(service.pullLimits).toEqual([2]);
    await queue.answerItem(answer('m0'));
    await vi.waitFor(() => expect(queue.snapshot.items).toHaveLength(3));
    expect(service.pullLimits).toEqual([2, 2]);
  });

  it('never runs two pulls at once', async () => {
    const release = service.holdPulls();
    service.queue.push(makeRequest('a'));
    const queue = await WorkQueue.open({ client: service.client, key, store: await openStore(), outbox: noOutbox, batchSize: 5 });
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
    const store = await openStore();
    const outbox = await offlineOutbox(store);
    const first = await open(5, store, outbox);
    await first.answerItem(answer('a'));
    const reloaded = await open(5, store, outbox);
    expect(ids(reloaded)).toEqual(['b']);
  });

  it('keeps the items answered last with their answers across a reload; answering one again replaces its answer', async () => {
    service.queue.push(makeRequest('a'), makeRequest('b'));
    const store = await openStore();
    const outbox = await offlineOutbox(store);
    const first = await open(5, store, outbox);
    const given = { type: 'point', points: [{ x: 1, y: 2 }] };
    await first.answerItem(answer('a'), given);
    const reloaded = await open(5, store, outbox);
    expect(reloaded.snapshot.recent).toEqual([{ request: makeRequest('a'), answer: given }]);
    const changed = { type: 'point', points: [] };
    await reloaded.answerItem(answer('a'), changed);
    expect(ids(reloaded)).toEqual(['b']);
    expect((await store.loadQueue(key)).recent).toEqual([{ request: makeRequest('a'), answer: changed }]);
  });

  it('stores the answer and the remaining items at once: leaving right after the last answer never brings it back', async () => {
    service.queue.push(makeRequest('last'));
    const store = await openStore();
    const outbox = await offlineOutbox(store);
    const queue = await open(5, store, outbox);
    // The answer is recorded while the labeller is already leaving; nothing waits for the outbox to send it.
    const answering = queue.answerItem(answer('last'));
    const leaving = queue.handBack();
    await Promise.all([answering, leaving]);
    expect(service.returned).toEqual([]);
    // The service still has the item (the answer is not sent yet) and hands it out again: the queue knows better.
    service.queue.push(makeRequest('last'));
    const reopened = await open(5, store, outbox);
    expect(ids(reopened)).toEqual([]);
    expect(outbox.pending.map((e) => e.body.media_id)).toEqual(['last']);
  });

  it('puts the item back when the answer could not be stored', async () => {
    service.queue.push(makeRequest('a'), makeRequest('b'));
    const queue = await open(5, undefined, { holds: () => false, enqueue: () => Promise.reject(new Error('disk full')) });
    await expect(queue.answerItem(answer('a'))).rejects.toThrow('disk full');
    expect(ids(queue)).toEqual(['a', 'b']);
  });

  it('skips an item: it goes back to the service as a skip, and the queue moves on', async () => {
    service.queue.push(makeRequest('a'), makeRequest('b'));
    const queue = await open();
    await queue.skip('a');
    expect(ids(queue)).toEqual(['b']);
    expect(service.returned).toEqual([{ media_ids: ['a'], skip: true }]);
  });

  it('hands every item in hand back when the labeller leaves, and forgets them', async () => {
    service.queue.push(makeRequest('a'), makeRequest('b'));
    const store = await openStore();
    const queue = await open(5, store);
    await queue.handBack();
    expect(service.returned).toEqual([{ media_ids: ['a', 'b'], skip: false }]);
    expect((await store.loadQueue(key)).items).toEqual([]);
    expect(ids(queue)).toEqual([]);
  });

  it('reports a failed pull and keeps its items', async () => {
    service.queue.push(makeRequest('a'));
    const store = await openStore();
    const queue = await open(5, store);
    const failing = fakeFeedbackService();
    const broken = await WorkQueue.open({ client: { ...failing.client, request: () => Promise.reject(new Error('boom')) }, key, store, outbox: noOutbox });
    await broken.refill();
    expect(broken.snapshot.pull).toBe('error');
    expect(ids(broken)).toEqual(ids(queue));
  });
});
