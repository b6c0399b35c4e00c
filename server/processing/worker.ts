import type { FastifyBaseLogger } from 'fastify';

/** Runs queued processing jobs in the background, one at a time. */
export interface ProcessingWorker {
  /** Asks for a pass over the queue soon (after the current one, if any). */
  kick(): void;
  /** Resolves once a pass that started after this call has emptied the queue of due jobs. */
  drain(): Promise<void>;
  /** Polls for due jobs (also those left by an earlier run of the service) until stopped. */
  start(): void;
  /** Stops polling and waits for the job in hand. */
  stop(): Promise<void>;
}

const POLL_INTERVAL_MS = 2000;

/** `runNextJob` runs one due job and says whether there was one. */
export function createProcessingWorker(runNextJob: () => Promise<boolean>, log: FastifyBaseLogger): ProcessingWorker {
  let tail: Promise<void> = Promise.resolve();
  let passQueued = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  async function pass(): Promise<void> {
    passQueued = false;
    try {
      while (!stopped && (await runNextJob()));
    } catch (error) {
      log.error({ err: error }, 'media processing pass failed');
    }
  }

  function kick() {
    if (stopped || passQueued) return;
    passQueued = true;
    tail = tail.then(pass);
  }

  return {
    kick,
    drain() {
      kick();
      return tail;
    },
    start() {
      if (timer || stopped) return;
      timer = setInterval(kick, POLL_INTERVAL_MS);
      timer.unref();
      kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await tail;
    },
  };
}
