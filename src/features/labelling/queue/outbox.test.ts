import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import type { FeedbackResponse } from '../../../api/schemas/feedback';
import { Outbox, type OutboxOptions, type OutboxStatus } from './outbox';
import { type LabellingStore, openLabellingStore } from './persistence';
import { fakeFeedbackService, manualNetwork, manualScheduler } from './test-service';

const answer = (mediaId: string): FeedbackResponse => ({
  media_id: mediaId,
  subjects: [{ subject_uid: 'cat', result: 'False' }],
  decision_time: 1_700_000_000,
});

describe('Outbox', () => {
  let service: ReturnType<typeof fakeFeedbackService>;
  let timers: ReturnType<typeof manualScheduler>;
  let network: ReturnType<typeof manualNetwork>;
  let stores: LabellingStore[];
  let outboxes: Outbox[];
  let ids: number;

  beforeEach(() => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    service = fakeFeedbackService();
    timers = manualScheduler();
    network = manualNetwork();
    stores = [];
    outboxes = [];
    ids = 0;
  });

  afterEach(() => {
    outboxes.forEach((o) => o.close());
    stores.forEach((s) => s.close());
  });

  async function open(extra: Partial<OutboxOptions> = {}) {
    const store = await openLabellingStore('u');
    stores.push(store);
    const outbox = await Outbox.open({
      client: service.client,
      tenantId: 't',
      store: store.answers('t'),
      network: network.signal,
      scheduler: timers.scheduler,
      random: () => 0.5,
      now: () => 1000,
      newId: () => `key-${++ids}`,
      ...extra,
    });
    outboxes.push(outbox);
    return outbox;
  }

  it('sends answers in order, with an Idempotency-Key each, and reports all sent', async () => {
    const delivered: string[] = [];
    const outbox = await open({ onDelivered: (entry) => delivered.push(entry.body.media_id) });
    const seen: OutboxStatus['state'][] = [];
    outbox.subscribe((s) => seen.push(s.state));
    await outbox.enqueue('a', answer('m1'));
    await outbox.enqueue('a', answer('m2'));
    await outbox.settled();
    expect(service.recorded.map((r) => [r.key, r.body.media_id])).toEqual([
      ['key-1', 'm1'],
      ['key-2', 'm2'],
    ]);
    expect(outbox.status).toEqual({ state: 'all-sent', waiting: 0 });
    expect(seen).toContain('sending');
    expect(delivered).toEqual(['m1', 'm2']);
  });

  it('retries 5xx and network errors with growing backoff, reusing the idempotency key', async () => {
    service.postOutcomes.push({ status: 503 }, 'network-down', { status: 500 });
    const outbox = await open();
    await outbox.enqueue('a', answer('m1'));
    await outbox.settled();
    expect(outbox.status).toEqual({ state: 'waiting', waiting: 1 });
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) {
      delays.push(...timers.delays());
      timers.runAll();
      await outbox.settled();
    }
    expect(delays).toEqual([750, 1500, 3000]);
    expect(service.recorded).toEqual([{ key: 'key-1', body: answer('m1') }]);
    expect(outbox.status.state).toBe('all-sent');
  });

  it('caps the backoff at 30 s', async () => {
    service.postOutcomes.push(...Array.from({ length: 8 }, () => ({ status: 502 })));
    const outbox = await open({ random: () => 1 });
    await outbox.enqueue('a', answer('m1'));
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      await outbox.settled();
      delays.push(...timers.delays());
      timers.runAll();
    }
    expect(delays.at(-1)).toBe(30_000);
    expect(Math.max(...delays)).toBe(30_000);
  });

  it('honours Retry-After on 429', async () => {
    service.postOutcomes.push({ status: 429, body: { message: 'Slow down.' }, headers: { 'Retry-After': '42' } });
    const outbox = await open();
    await outbox.enqueue('a', answer('m1'));
    await outbox.settled();
    expect(timers.delays()).toEqual([42_000]);
  });

  it('counts an answer once when the 204 was lost after the service stored it', async () => {
    service.postOutcomes.push('lost-after-commit');
    const outbox = await open();
    await outbox.enqueue('a', answer('m1'));
    await outbox.settled();
    timers.runAll();
    await outbox.settled();
    expect(service.recorded).toHaveLength(1);
    expect(outbox.status).toEqual({ state: 'all-sent', waiting: 0 });
  });

  it('drops a refused answer and reports the service message', async () => {
    service.postOutcomes.push({ status: 400, body: { message: 'Box 1 is outside the media.' } });
    const rejected: [string, string][] = [];
    const outbox = await open({ onRejected: (entry, message) => rejected.push([entry.body.media_id, message]) });
    await outbox.enqueue('a', answer('m1'));
    await outbox.enqueue('a', answer('m2'));
    await outbox.settled();
    expect(rejected).toEqual([['m1', 'Box 1 is outside the media.']]);
    expect(service.recorded.map((r) => r.body.media_id)).toEqual(['m2']);
  });

  it('pauses on 401 keeping everything, and sends after resume()', async () => {
    service.postOutcomes.push({ status: 401 });
    const outbox = await open();
    await outbox.enqueue('a', answer('m1'));
    await outbox.enqueue('a', answer('m2'));
    await outbox.settled();
    expect(outbox.status).toEqual({ state: 'paused-auth', waiting: 2 });
    expect(timers.delays()).toEqual([]);
    outbox.resume();
    await outbox.settled();
    expect(service.recorded.map((r) => r.body.media_id)).toEqual(['m1', 'm2']);
  });

  it('holds answers while offline and sends them when the network returns', async () => {
    network.set(false);
    const outbox = await open();
    await outbox.enqueue('a', answer('m1'));
    await outbox.settled();
    expect(outbox.status).toEqual({ state: 'offline', waiting: 1 });
    expect(service.recorded).toEqual([]);
    network.set(true);
    await outbox.settled();
    expect(service.recorded).toHaveLength(1);
  });

  it('shows offline when a send finds no service though the browser says online, and all sent once one goes through', async () => {
    service.postOutcomes.push('network-down');
    const outbox = await open();
    await outbox.enqueue('a', answer('m1'));
    await outbox.settled();
    expect(outbox.status).toEqual({ state: 'offline', waiting: 1 });
    timers.runAll();
    await outbox.settled();
    expect(outbox.status).toEqual({ state: 'all-sent', waiting: 0 });
  });

  it("shows offline while the app's other requests reach no service, and sends at once when one does", async () => {
    let reached = false;
    const listeners = new Set<(reached: boolean) => void>();
    const reach = { isReached: () => reached, subscribe: (listener: (reached: boolean) => void) => (listeners.add(listener), () => listeners.delete(listener)) };
    service.postOutcomes.push('network-down');
    const outbox = await open({ reach });
    expect(outbox.status.state).toBe('offline');
    await outbox.enqueue('a', answer('m1'));
    await outbox.settled();
    expect(timers.delays()).toHaveLength(1);
    reached = true;
    listeners.forEach((listener) => listener(true));
    await outbox.settled();
    expect(service.recorded.map((r) => r.body.media_id)).toEqual(['m1']);
    expect(outbox.status).toEqual({ state: 'all-sent', waiting: 0 });
  });

  it('restores unsent answers after a reload and sends them with their original keys', async () => {
    network.set(false);
    const first = await open();
    await first.enqueue('a', answer('m1'));
    await first.enqueue('a', answer('m2'));
    first.close();
    network.set(true);
    const second = await open();
    await second.settled();
    expect(service.recorded.map((r) => [r.key, r.body.media_id])).toEqual([
      ['key-1', 'm1'],
      ['key-2', 'm2'],
    ]);
    expect(await stores.at(-1)!.answers('t').loadAnswers()).toEqual([]);
  });
});
