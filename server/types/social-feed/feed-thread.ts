import { Worker } from 'node:worker_threads';
import { createConcurrencyLimit } from '../../media/concurrency-limit';
import type { FeedImage } from './formats/feed-image';
import { FeedUnreadable } from './formats';

/** What the reading thread is given: the document's bytes, the URL it came from, and how many images to answer. */
export interface FeedThreadInput {
  bytes: Uint8Array;
  base: string;
  maxImages: number;
}

/** The thread's answer: the images, or why the feed cannot be read, or how the thread failed. */
export type FeedReply = { images: FeedImage[] } | { unreadable: string } | { failed: string };

/** A 5 MiB feed at the XML limits reads in well under a second and a hundred MiB; these stop one that would not. */
const THREAD_HEAP_MB = 192;
const THREAD_TIMEOUT_MS = 20_000;

/** One feed is read at a time: reading takes a core, and the other serves requests. */
const readOneAtATime = createConcurrencyLimit(1);

function runThread(input: FeedThreadInput, signal: AbortSignal): Promise<FeedImage[]> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./feed-worker-entry.mjs', import.meta.url), {
      workerData: input,
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
    const abort = () => end(() => reject(signal.reason as Error));
    const timer = setTimeout(() => end(() => reject(new FeedUnreadable(`Reading the feed took longer than ${THREAD_TIMEOUT_MS / 1000} s.`))), THREAD_TIMEOUT_MS);
    function end(settle: () => void) {
      clearTimeout(timer);
      signal.removeEventListener('abort', abort);
      void worker.terminate();
      settle();
    }
    signal.addEventListener('abort', abort, { once: true });
    worker.once('message', (reply: FeedReply) => {
      if ('images' in reply) end(() => resolve(reply.images));
      else if ('unreadable' in reply) end(() => reject(new FeedUnreadable(reply.unreadable)));
      else end(() => reject(new Error(`Reading the feed failed: ${reply.failed}`)));
    });
    worker.once('error', (error: Error & { code?: string }) => {
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      end(() => reject(outOfMemory ? new FeedUnreadable(`The feed takes more memory to read than a feed may (${THREAD_HEAP_MB} MiB).`) : error));
    });
    // after an answer, a settled promise ignores this
    worker.once('exit', (code) => end(() => reject(new Error(`The feed's reading thread stopped (exit code ${code}).`))));
  });
}

/**
 * The first `maxImages` images of a feed's document, read in a thread of its own: parsing never holds up the
 * service's requests, whatever the document holds, and one that would take too long or too much memory ends that
 * thread (FeedUnreadable), not the service. `signal` (the capture's deadline) stops the reading too.
 */
export function readFeedInThread(bytes: Buffer, base: URL, maxImages: number, signal: AbortSignal): Promise<FeedImage[]> {
  return readOneAtATime(() => runThread({ bytes, base: base.href, maxImages }, signal));
}
