// What both job runners' tests play: one tenant's captures that hang until released, and meanwhile another tenant's
// capture and a processing job, which must run while the slow ones still hang. No clock: a runner that makes them wait
// never gets there, and the test runs out of time.
import type { Database } from '../db';
import type { Job, JobHandlers, JobQueue } from '../jobs/queue';

const SLOW_TENANT = 'ten_slow';
const OTHER_TENANT = 'ten_other';
const SLOW_CAPTURES = 3;

export interface LaneOutcome {
  /**
   * The slow tenant's captures in hand when the processing job and the other tenant's capture had run (they are
   * released only then: the scenario gets there only when the runner runs those beside the hanging ones).
   */
  slowInHand: number;
  /** The slow tenant's captures that ran in all, once released. */
  slowRan: number;
}

/** A promise and its resolve. */
function signal(): { done: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const done = new Promise<void>((settle) => (resolve = settle));
  return { done, resolve };
}

export async function playLaneScenario(db: Database, createRunner: (handlers: Partial<JobHandlers>) => JobQueue, perTenant: number): Promise<LaneOutcome> {
  const release = signal();
  const slowShareTaken = signal();
  const processed = signal();
  const otherCaptured = signal();
  let slowInHand = 0;
  let slowRan = 0;
  const runner = createRunner({
    capture: async ({ data }: Job<'capture'>) => {
      if (data.tenantId === OTHER_TENANT) return otherCaptured.resolve();
      slowInHand += 1;
      slowRan += 1;
      if (slowInHand === perTenant) slowShareTaken.resolve();
      await release.done; // a camera that does not answer
      slowInHand -= 1;
    },
    'process-media': async () => processed.resolve(),
  });
  await runner.start();
  try {
    const sendCapture = (tenantId: string, applicationId: string) =>
      db.transaction((tx) => runner.send(tx, 'capture', { tenantId, applicationId, generation: 1 }, { singletonKey: `${applicationId}:1` }));
    for (let i = 0; i < SLOW_CAPTURES; i += 1) await sendCapture(SLOW_TENANT, `app_slow${i}`);
    runner.kick();
    await slowShareTaken.done;
    await sendCapture(OTHER_TENANT, 'app_other');
    await db.transaction((tx) => runner.send(tx, 'process-media', { appId: 'app_detector', mediaId: 'med_upload', focus: null, chain: [] }));
    runner.kick();
    await Promise.all([processed.done, otherCaptured.done]);
    const inHandMeanwhile = slowInHand;
    release.resolve();
    await runner.drain();
    return { slowInHand: inHandMeanwhile, slowRan };
  } finally {
    release.resolve();
    await runner.stop();
  }
}
