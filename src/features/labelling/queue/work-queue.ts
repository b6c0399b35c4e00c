import type { ApiClient } from '../../../api/client';
import { MAX_FEEDBACK_PULL, pullFeedback } from '../../../api/endpoints/feedback';
import type { FeedbackRequest } from '../../../api/types';
import { createListeners } from './environment';
import type { LabellingStore } from './persistence';

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
  readonly appId: string;
  readonly store: LabellingStore;
  /** Items per pull, 1..10. */
  readonly batchSize?: number;
  /** Pull more when this many or fewer remain. */
  readonly refillAt?: number;
  readonly recentLimit?: number;
}

/**
 * The labeller's local queue. Pulled items have left the service's queue, so they are saved before anything else
 * happens and restored on reload. Refills in the background when `refillAt` or fewer remain; one pull at a time.
 */
export class WorkQueue {
  private state: WorkQueueSnapshot;
  private readonly listeners = createListeners<WorkQueueSnapshot>();
  private inFlight: Promise<void> | null = null;
  private batchSize: number;

  private constructor(
    private readonly options: WorkQueueOptions,
    items: FeedbackRequest[],
  ) {
    this.state = { items, recent: [], pull: 'idle', error: null };
    this.batchSize = options.batchSize ?? MAX_FEEDBACK_PULL;
  }

  static async open(options: WorkQueueOptions): Promise<WorkQueue> {
    const queue = new WorkQueue(options, await options.store.loadItems());
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
   * The item was answered. Call it after `outbox.enqueue` resolved, so that a crash in between leaves the item
   * to answer again rather than losing the answer.
   */
  async complete(mediaId: string): Promise<void> {
    const done = this.state.items.find((item) => item.media_id === mediaId);
    if (!done) return;
    const recent = [...this.state.recent.filter((item) => item.media_id !== mediaId), done].slice(-(this.options.recentLimit ?? 20));
    this.update({ items: this.state.items.filter((item) => item !== done), recent });
    await this.options.store.saveItems(this.state.items);
    await this.ensureFilled();
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

  private ensureFilled(): Promise<void> {
    return this.state.items.length <= (this.options.refillAt ?? 3) ? this.refill() : Promise.resolve();
  }

  private async pull(): Promise<void> {
    this.update({ pull: 'pulling', error: null });
    const limit = Math.min(MAX_FEEDBACK_PULL, Math.max(1, this.batchSize));
    try {
      const pulled = await pullFeedback(this.options.client, this.options.appId, limit);
      const known = new Set(this.state.items.map((item) => item.media_id));
      const fresh = pulled.filter((item) => !known.has(item.media_id) && known.add(item.media_id));
      const items = [...this.state.items, ...fresh];
      await this.options.store.saveItems(items);
      this.update({ items, pull: fresh.length === 0 ? 'empty' : 'idle' });
    } catch (error) {
      this.update({ pull: 'error', error });
    }
  }

  private update(change: Partial<WorkQueueSnapshot>) {
    this.state = { ...this.state, ...change };
    this.listeners.emit(this.state);
  }
}
