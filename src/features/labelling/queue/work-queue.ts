import type { ApiClient } from '../../../api/client';
import { getHeldFeedback, MAX_FEEDBACK_PULL, pullFeedback, returnFeedback } from '../../../api/endpoints/feedback';
import type { FeedbackRequest } from '../../../api/types';
import { createListeners } from './environment';
import type { LabellingStore, QueueKey } from './persistence';

export type PullState = 'idle' | 'pulling' | 'empty' | 'error';

export interface WorkQueueSnapshot {
  /** Pulled and not yet answered; the first is the current item. */
  readonly items: readonly FeedbackRequest[];
  /** Answered in this session, newest last, for going back to change an answer. */
  readonly recent: readonly FeedbackRequest[];
  readonly pull: PullState;
  readonly error: unknown;
}

export interface WorkQueueOptions {
  readonly client: ApiClient;
  readonly key: QueueKey;
  readonly store: Pick<LabellingStore, 'loadItems' | 'saveItems'>;
  /** An answer for this media is still on its way (the outbox holds it): a pull that hands it out again is stale. */
  readonly answerPending?: (mediaId: string) => boolean;
  /** Items per pull, 1..10. */
  readonly batchSize?: number;
  /** Pull more when this many or fewer remain; by default 3, or one fewer than a smaller batch. */
  readonly refillAt?: number;
  readonly recentLimit?: number;
}

/**
 * The labeller's local queue of items leased from the service. They are saved before anything else happens and
 * restored on reload; leaving hands them back. Its first pull recovers what the service says the labeller holds
 * (another device, cleared storage, a crash) before it asks for new work. Refills in the background when
 * `refillAt` or fewer remain; one pull at a time.
 */
export class WorkQueue {
  private state: WorkQueueSnapshot;
  private readonly listeners = createListeners<WorkQueueSnapshot>();
  private inFlight: Promise<void> | null = null;
  private closed = false;
  private recovered = false;
  private batchSize: number;

  private constructor(
    private readonly options: WorkQueueOptions,
    items: FeedbackRequest[],
  ) {
    this.state = { items, recent: [], pull: 'idle', error: null };
    this.batchSize = options.batchSize ?? MAX_FEEDBACK_PULL;
  }

  static async open(options: WorkQueueOptions): Promise<WorkQueue> {
    const queue = new WorkQueue(options, await options.store.loadItems(options.key));
    void queue.ensureFilled();
    return queue;
  }

  get snapshot(): WorkQueueSnapshot {
    return this.state;
  }

  get current(): FeedbackRequest | undefined {
    return this.state.items[0];
  }

  subscribe(listener: (snapshot: WorkQueueSnapshot) => void): () => void {
    return this.listeners.subscribe(listener);
  }

  /**
   * The item was answered: it leaves the queue at once, and `record` stores the answer together with the items
   * that remain (one transaction), so that a reload never shows an answered item as new. When `record` fails the
   * item comes back.
   */
  async answered(mediaId: string, record: (remaining: readonly FeedbackRequest[]) => Promise<void>): Promise<void> {
    const done = this.state.items.find((item) => item.media_id === mediaId);
    if (!done) return record(this.state.items);
    const recent = [...this.state.recent.filter((item) => item.media_id !== mediaId), done].slice(-(this.options.recentLimit ?? 20));
    this.update({ items: this.state.items.filter((item) => item !== done), recent });
    try {
      await record(this.state.items);
    } catch (error) {
      this.update({ items: [done, ...this.state.items], recent: this.state.recent.filter((item) => item !== done) });
      throw error;
    }
    await this.ensureFilled();
  }

  /** Skip: the item goes back to the service, which will not serve it to this labeller again for a while. */
  async skip(mediaId: string): Promise<void> {
    const items = this.state.items.filter((item) => item.media_id !== mediaId);
    if (items.length === this.state.items.length) return;
    this.update({ items });
    await this.options.store.saveItems(this.options.key, items);
    await returnFeedback(this.options.client, this.options.key.appId, [mediaId], { skip: true }).catch(() => {});
    await this.ensureFilled();
  }

  /** Leaving the queue: every item in hand goes back to the front of the service's queue, for anyone. */
  async handBack(options: { keepalive?: boolean } = {}): Promise<void> {
    const ids = this.state.items.map((item) => item.media_id);
    this.closed = true;
    if (ids.length === 0) return;
    this.update({ items: [] });
    await Promise.all([
      this.options.store.saveItems(this.options.key, []),
      returnFeedback(this.options.client, this.options.key.appId, ids, { skip: false, keepalive: options.keepalive }).catch(() => {}),
    ]);
  }

  /** The media ids in hand, for a keep-alive hand-back when the page goes away. */
  get inHand(): readonly string[] {
    return this.state.items.map((item) => item.media_id);
  }

  /** Items per pull from the next pull on, clamped to 1..10. */
  setBatchSize(size: number): void {
    this.batchSize = Math.min(MAX_FEEDBACK_PULL, Math.max(1, Math.round(size)));
  }

  /** Pulls now (for example "check for more" when the queue ran empty); shares a pull already under way. */
  refill(): Promise<void> {
    this.inFlight ??= this.pull().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private get refillAt(): number {
    return this.options.refillAt ?? Math.min(3, this.batchSize - 1);
  }

  private ensureFilled(): Promise<void> {
    return !this.closed && this.state.items.length <= this.refillAt ? this.refill() : Promise.resolve();
  }

  private async pull(): Promise<void> {
    this.update({ pull: 'pulling', error: null });
    const { client, key } = this.options;
    try {
      if (!this.recovered) {
        await this.take(await getHeldFeedback(client, key.appId));
        this.recovered = true;
        if (this.closed || this.state.items.length > this.refillAt) return this.update({ pull: 'idle' });
      }
      const limit = Math.min(MAX_FEEDBACK_PULL, Math.max(1, this.batchSize));
      const fresh = await this.take(await pullFeedback(client, key.appId, limit));
      if (!this.closed) this.update({ pull: fresh === 0 ? 'empty' : 'idle' });
    } catch (error) {
      this.update({ pull: 'error', error });
    }
  }

  /** Adds the items the service handed over that are new here; returns how many. After leaving, hands them back. */
  private async take(handed: readonly FeedbackRequest[]): Promise<number> {
    const { client, key, store } = this.options;
    if (this.closed) {
      if (handed.length > 0) await returnFeedback(client, key.appId, handed.map((item) => item.media_id), { skip: false }).catch(() => {});
      return 0;
    }
    const known = new Set(this.state.items.map((item) => item.media_id));
    const answered = (id: string) => this.options.answerPending?.(id) || this.state.recent.some((item) => item.media_id === id);
    const fresh = handed.filter((item) => !known.has(item.media_id) && !answered(item.media_id) && known.add(item.media_id));
    if (fresh.length === 0) return 0;
    const items = [...this.state.items, ...fresh];
    await store.saveItems(key, items);
    this.update({ items });
    return fresh.length;
  }

  private update(change: Partial<WorkQueueSnapshot>) {
    this.state = { ...this.state, ...change };
    this.listeners.emit(this.state);
  }
}
