export interface PeriodicTask {
  /** Waits for a run in progress, then stops for good. */
  stop(): Promise<void>;
}

/**
 * Runs `work` every `intervalMs` (never two runs at once; a failing run is reported and the next one still
 * happens). The timer does not keep the process alive.
 */
export function startPeriodicTask(
  work: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
): PeriodicTask {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = work()
      .then(
        () => undefined,
        (error: unknown) => {
          if (!stopped) onError(error);
        },
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
