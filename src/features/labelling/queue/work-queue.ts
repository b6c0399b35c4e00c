import type { ApiClient } from '../../../api/client';
import { getHeldFeedback, MAX_FEEDBACK_PULL, pullFeedback, returnFeedback } from '../../../api/endpoints/feedback';
import type { FeedbackResponse } from '../../../api/schemas/feedback';
import type { FeedbackRequest } from '../../../api/schemas/feedback-requests';
import { createListeners } from './environment';
import type { ItemAnswers } from './item-answers';
import type { AnsweredItem, LabellingStore, QueueKey, QueueState } from './persistence';

type PullState = 'idle' | 'pulling' | 'empty' | 'error';

export interface WorkQueueSnapshot {
  /** Pulled and not yet answered; the first is the current item. */
  readonly items: readonly FeedbackRequest[];
  /** Answered last (kept across reloads), newest last, with what was answered: for going back to change an answer. */
  readonly recent: readonly AnsweredItem[];
  readonly pull: PullState;
  readonly error: unknown;
}

/** What the queue asks of the outbox (queue/outbox.ts). */
export interface QueueOutbox {
  /** Whether an answer for this media is still to be sent. */
  holds(appId: string, mediaId: string): boolean;
  /** Stores the answer together with the queue as it is after it, in one transaction. */
  enqueue(appId: string, body: FeedbackResponse, queue: QueueState): Promise<unknown>;
}

export interface WorkQueueOptions {
  readonly client: ApiClient;
  readonly key: QueueKey;
  readonly store: Pick<LabellingStore, 'loadQueue' | 'saveQueue'>;
  /**
   * Where the queue's answers go, each stored with the queue as it is then. An answer it still holds makes a pull
   * that hands its item out again stale.
   */
  readonly outbox: QueueOutbox;
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
export class WorkQueue implements ItemAnswers {
  private state: WorkQueueSnapshot;
  private readonly listeners = createListeners<WorkQueueSnapshot>();
  private inFlight: Promise<void> | null = null;
  private closed = false;
  private recovered = false;
  private batchSize: number;

  private constructor(
    private readonly options: WorkQueueOptions,
    { items, recent }: QueueState,
  ) {
    this.state = { items, recent, pull: 'idle', error: null };
    this.batchSize = options.batchSize ?? MAX_FEEDBACK_PULL;
  }

  static async open(options: WorkQueueOptions): Promise<WorkQueue> {
    const queue = new WorkQueue(options, await options.store.loadQueue(options.key));
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
   * Answers the item (`answer`: the annotation as answered): it leaves the items in hand for those answered at once,
   * and the outbox stores the answer together with the queue as it is then (one transaction), so that a reload never
   * shows an answered item as new, and going back shows the answer. An item answered again keeps its place among
   * those answered. When the answer cannot be stored, the queue is as it was.
   */
  async answerItem(body: FeedbackResponse, answer: AnsweredItem['answer'] = null): Promise<void> {
    const { outbox, key } = this.options;
    const mediaId = body.media_id;
    const before = this.state;
    const done = before.items.find((item) => item.media_id === mediaId);
    const again = before.recent.find((item) => item.request.media_id === mediaId);
    if (done) {
      const recent = [...before.recent.filter((item) => item !== again), { request: done, answer }].slice(-(this.options.recentLimit ?? 20));
      this.update({ items: before.items.filter((item) => item !== done), recent });
    } else if (again) {
      this.update({ recent: before.recent.map((item) => (item === again ? { request: again.request, answer } : item)) });
    }
    try {
      await outbox.enqueue(key.appId, body, this.kept);
    } catch (error) {
      this.update({ items: before.items, recent: before.recent });
      throw error;
    }
    if (done) await this.ensureFilled();
  }

  /** Skip: the item goes back to the service, which will not serve it to this labeller again for a while. */
  async skip(mediaId: string): Promise<void> {
    const items = this.state.items.filter((item) => item.media_id !== mediaId);
    if (items.length === this.state.items.length) return;
    this.update({ items });
    await this.options.store.saveQueue(this.options.key, this.kept);
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
      this.options.store.saveQueue(this.options.key, this.kept),
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
    const answered = (id: string) => this.options.outbox.holds(key.appId, id) || this.state.recent.some((item) => item.request.media_id === id);
    const fresh = handed.filter((item) => !known.has(item.media_id) && !answered(item.media_id) && known.add(item.media_id));
    if (fresh.length === 0) return 0;
    const items = [...this.state.items, ...fresh];
    await store.saveQueue(key, { items, recent: this.state.recent });
    this.update({ items });
    return fresh.length;
  }

  /** What the store keeps of the queue. */
  private get kept(): QueueState {
    return { items: this.state.items, recent: this.state.recent };
  }

  private update(change: Partial<WorkQueueSnapshot>) {
    this.state = { ...this.state, ...change };
    this.listeners.emit(this.state);
  }
}
