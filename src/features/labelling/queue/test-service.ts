// Test helper: a fake feedback service behind a real ApiClient (its fetch is replaced, no socket is opened).
import { createApiClient } from '../../../api/client';
import type { FeedbackRequest } from '../../../api/schemas/feedback-requests';
import type { FeedbackResponse } from '../../../api/schemas/feedback';
import type { Scheduler } from './environment';

/** What the next POST does: succeed, fail with a status, or reach the service but lose the answer on the way back. */
type PostOutcome =
  | 'ok'
  | 'network-down'
  | 'lost-after-commit'
  | { status: number; body?: unknown; headers?: Record<string, string> };

export function fakeFeedbackService() {
  const queue: FeedbackRequest[] = [];
  /** What the service says the caller holds already (`GET …/feedback/held`). */
  const held: FeedbackRequest[] = [];
  let heldCalls = 0;
  const recorded: { key: string | null; body: FeedbackResponse }[] = [];
  const seenKeys = new Set<string>();
  const postOutcomes: PostOutcome[] = [];
  const pullLimits: number[] = [];
  const returned: { media_ids: string[]; skip: boolean }[] = [];
  let pullGate: Promise<void> = Promise.resolve();

  const json = (status: number, body?: unknown, headers: Record<string, string> = {}) =>
    new Response(body === undefined ? null : JSON.stringify(body), { status, headers });

  async function handle(url: URL, init: RequestInit): Promise<Response> {
    if (init.method === 'GET' && url.pathname.endsWith('/held')) {
      heldCalls += 1;
      return json(200, held);
    }
    if (init.method === 'GET') {
      await pullGate;
      const limit = Number(url.searchParams.get('limit'));
      pullLimits.push(limit);
      return json(200, queue.splice(0, limit));
    }
    if (url.pathname.endsWith('/return')) {
      returned.push(JSON.parse(String(init.body)) as { media_ids: string[]; skip: boolean });
      return json(204);
    }
    const outcome = postOutcomes.shift() ?? 'ok';
    if (outcome === 'network-down') throw new TypeError('Failed to fetch');
    if (typeof outcome === 'object') return json(outcome.status, outcome.body, outcome.headers);
    const key = new Headers(init.headers).get('Idempotency-Key');
    if (key === null || !seenKeys.has(key)) recorded.push({ key, body: JSON.parse(String(init.body)) as FeedbackResponse });
    if (key !== null) seenKeys.add(key);
    if (outcome === 'lost-after-commit') throw new TypeError('Failed to fetch');
    return json(204);
  }

  const client = createApiClient({
    baseUrl: 'http://127.0.0.1:9',
    getToken: () => 'token',
    fetch: (input, init = {}) => handle(new URL(String(input)), init),
  });

  return {
    client,
    queue,
    held,
    get heldCalls() {
      return heldCalls;
    },
    recorded,
    postOutcomes,
    pullLimits,
    returned,
    /** Holds pulls until the returned function is called. */
    holdPulls(): () => void {
      let release = () => {};
      pullGate = new Promise((resolve) => (release = resolve));
      return release;
    },
  };
}

/** A scheduler whose timers run only when the test says so. */
export function manualScheduler() {
  const timers = new Map<number, { callback: () => void; ms: number }>();
  let next = 1;
  const scheduler: Scheduler = {
    setTimeout: (callback, ms) => {
      timers.set(next, { callback, ms });
      return next++;
    },
    clearTimeout: (handle) => timers.delete(handle as number),
  };
  return {
    scheduler,
    delays: () => [...timers.values()].map((t) => t.ms),
    runAll() {
      const due = [...timers];
      timers.clear();
      for (const [, timer] of due) timer.callback();
    },
  };
}

export function manualNetwork(initiallyOnline = true) {
  let online = initiallyOnline;
  const listeners = new Set<(online: boolean) => void>();
  return {
    signal: {
      isOnline: () => online,
      subscribe: (listener: (online: boolean) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    set(value: boolean) {
      online = value;
      for (const listener of listeners) listener(value);
    },
  };
}
