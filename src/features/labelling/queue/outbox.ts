import { ApiError, NetworkError, UnauthorizedError, isRetryable } from '../../../api/errors';
import type { ApiClient } from '../../../api/client';
import { postFeedback } from '../../../api/endpoints/feedback';
import type { FeedbackResponse } from '../../../api/schemas/feedback';
import { type BackoffPolicy, DEFAULT_BACKOFF, retryDelay } from './backoff';
import { serviceReach, type ReachSignal } from '../../../lib/service-reach';
import { browserNetwork, createListeners, type NetworkSignal, realScheduler, type Scheduler } from './environment';
import type { AnswerStore, OutboxEntry, QueueState } from './persistence';

type SyncState = 'idle' | 'saved-locally' | 'sending' | 'all-sent' | 'waiting' | 'paused-auth' | 'offline';

export interface OutboxStatus {
  readonly state: SyncState;
  /** Answers not yet confirmed by the service. */
  readonly waiting: number;
}

export interface OutboxOptions {
  readonly client: ApiClient;
  /** The tenant of the client's token: the outbox sends this tenant's answers, of every application. */
  readonly tenantId: string;
  readonly store: AnswerStore;
  /** The service refused the answer (400 and other non-retryable refusals): reopen the item with this message. */
  readonly onRejected?: (entry: OutboxEntry, message: string) => void;
  /** The service stored the answer: what shows it (the media page, the application's counts) is out of date. */
  readonly onDelivered?: (entry: OutboxEntry) => void;
  readonly network?: NetworkSignal;
  /** Whether the app's other requests reach the service: a failed one shows the outbox offline, an answered one retries. */
  readonly reach?: ReachSignal;
  readonly scheduler?: Scheduler;
  readonly backoff?: BackoffPolicy;
  readonly random?: () => number;
  readonly now?: () => number;
  readonly newId?: () => string;
}

/**
 * Answers waiting for the service's 204, kept in IndexedDB and sent one at a time in order. Network errors, 5xx
 * and 429 are retried with backoff (honouring Retry-After) under the same Idempotency-Key; a 401 that the client's
 * re-sign-in did not cure pauses sending until `resume()`.
 */
export class Outbox {
  private entries: OutboxEntry[];
  private readonly listeners = createListeners<OutboxStatus>();
  private readonly unsubscribeNetwork: () => void;
  private readonly unsubscribeReach: () => void;
  private running: Promise<void> | null = null;
  private sending = false;
  private retryTimer: { handle: unknown } | null = null;
  private failures = 0;
  private paused = false;
  private online: boolean;
  /** The browser says online, but the last request found no service: sending goes on, as the probe. */
  private unreached: boolean;
  private sentAny = false;
  private closed = false;

  private constructor(
    private readonly options: OutboxOptions,
    restored: OutboxEntry[],
  ) {
    this.entries = restored;
    const network = options.network ?? browserNetwork;
    this.online = network.isOnline();
    this.unsubscribeNetwork = network.subscribe((online) => {
      this.online = online;
      if (online) this.retryNow();
      this.emit();
    });
    const reach = options.reach ?? serviceReach;
    this.unreached = !reach.isReached();
    this.unsubscribeReach = reach.subscribe((reached) => {
      this.unreached = !reached;
      if (reached) this.retryNow();
      this.emit();
    });
  }

  /** Restores unsent answers from the store and starts sending them. */
  static async open(options: OutboxOptions): Promise<Outbox> {
    const outbox = new Outbox(options, await options.store.loadAnswers());
    outbox.kick();
    return outbox;
  }

  get status(): OutboxStatus {
    const waiting = this.entries.length;
    const state: SyncState = this.paused
      ? 'paused-auth'
      : !this.online || this.unreached
        ? 'offline'
        : this.sending
          ? 'sending'
          : waiting > 0
            ? this.retryTimer
              ? 'waiting'
              : 'saved-locally'
            : this.sentAny
              ? 'all-sent'
              : 'idle';
    return { state, waiting };
  }

  get pending(): readonly OutboxEntry[] {
    return this.entries;
  }

  subscribe(listener: (status: OutboxStatus) => void): () => void {
    return this.listeners.subscribe(listener);
  }

  /** Whether an answer for this media of this application is still to be sent. */
  holds(appId: string, mediaId: string): boolean {
    return this.entries.some((entry) => entry.appId === appId && entry.body.media_id === mediaId);
  }

  /**
   * Saves the answer durably first (with its queue as it is after the answer, in the same transaction), then sends it.
   */
  async enqueue(appId: string, body: FeedbackResponse, queue?: QueueState): Promise<OutboxEntry> {
    const entry: OutboxEntry = {
      id: (this.options.newId ?? (() => crypto.randomUUID()))(),
      tenantId: this.options.tenantId,
      appId,
      body,
      enqueuedAt: (this.options.now ?? Date.now)(),
      sequence: (this.entries.at(-1)?.sequence ?? 0) + 1,
    };
    await this.options.store.putAnswer(entry, queue);
    this.entries.push(entry);
    this.emit();
    this.kick();
    return entry;
  }

  /** After the person signed in again. */
  resume(): void {
    this.paused = false;
    this.retryNow();
  }

  /** Resolves once no send is in flight (the outbox may still be waiting for a retry). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  close(): void {
    this.closed = true;
    this.clearRetry();
    this.unsubscribeNetwork();
    this.unsubscribeReach();
  }

  private emit() {
    this.listeners.emit(this.status);
  }

  private clearRetry() {
    if (this.retryTimer) (this.options.scheduler ?? realScheduler).clearTimeout(this.retryTimer.handle);
    this.retryTimer = null;
  }

  private retryNow() {
    this.clearRetry();
    this.failures = 0;
    this.kick();
  }

  private kick() {
    if (this.running || this.closed) return;
    this.running = this.drain().finally(() => {
      this.running = null;
      this.emit();
    });
  }

  private async drain(): Promise<void> {
    while (!this.closed && !this.paused && this.online && !this.retryTimer) {
      const entry = this.entries[0];
      if (!entry) return;
      this.sending = true;
      this.emit();
      try {
        await postFeedback(this.options.client, entry.appId, entry.body, entry.id);
        this.failures = 0;
        this.sentAny = true;
        this.unreached = false;
        await this.remove(entry);
        this.options.onDelivered?.(entry);
      } catch (error) {
        await this.handleFailure(entry, error);
      } finally {
        this.sending = false;
      }
    }
  }

  private async remove(entry: OutboxEntry) {
    this.entries = this.entries.filter((e) => e.id !== entry.id);
    await this.options.store.deleteAnswer(entry.id);
  }

  private async handleFailure(entry: OutboxEntry, error: unknown) {
    if (error instanceof UnauthorizedError) {
      this.paused = true;
    } else if (error instanceof ApiError && !isRetryable(error)) {
      await this.remove(entry);
      this.options.onRejected?.(entry, error.message);
    } else {
      // Retryable, or not an API error at all (a bug or a storage hiccup): never drop the answer.
      if (error instanceof NetworkError) this.unreached = true;
      this.failures += 1;
      const delay = retryDelay(error, this.failures, this.options.backoff ?? DEFAULT_BACKOFF, this.options.random ?? Math.random);
      const scheduler = this.options.scheduler ?? realScheduler;
      this.retryTimer = {
        handle: scheduler.setTimeout(() => {
          this.retryTimer = null;
          this.kick();
        }, delay),
      };
    }
  }
}
