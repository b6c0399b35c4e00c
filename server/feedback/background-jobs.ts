import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** In-process work a request starts but need not wait for: preparing a label export. */
    backgroundJobs: BackgroundJobs;
  }
}

/** Runs work after the request that asked for it has been answered, at most one job per key at a time. */
export interface BackgroundJobs {
  /** Starts the work unless a job with this key is still running (then the running one stands for it). */
  run(key: string, work: () => Promise<void>): void;
  /** Whether a job with this key is running now. */
  isRunning(key: string): boolean;
  /** Resolves once every job started so far, and any they started, has finished. */
  drain(): Promise<void>;
  /** Refuses new jobs and waits for the running ones. */
  close(): Promise<void>;
}

export function createBackgroundJobs(log: FastifyBaseLogger): BackgroundJobs {
  const running = new Map<string, Promise<void>>();
  let closed = false;
  const drain = async () => {
    while (running.size > 0) await Promise.all(running.values());
  };
  return {
    run(key, work) {
      if (closed || running.has(key)) return;
      const job = work()
        .catch((error: unknown) => log.error({ err: error, job: key }, 'A background job failed.'))
        .finally(() => running.delete(key));
      running.set(key, job);
    },
    isRunning: (key) => running.has(key),
    drain,
    async close() {
      closed = true;
      await drain();
    },
  };
}

/** Decorates the app with its background jobs, which the app waits for when it closes. */
export function registerBackgroundJobs(app: FastifyInstance): void {
  app.decorate('backgroundJobs', createBackgroundJobs(app.log));
  app.addHook('preClose', () => app.backgroundJobs.close());
}
