// The feed reading thread: parses one feed's document (XML or JSON) into its images, off the service's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { FeedUnreadable, feedImages } from './formats';
import type { FeedReply, FeedThreadInput } from './feed-thread';

const { bytes, base, maxImages } = workerData as FeedThreadInput;

function read(): FeedReply {
  try {
    return { images: feedImages(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), new URL(base)).slice(0, maxImages) };
  } catch (error) {
    if (error instanceof FeedUnreadable) return { unreadable: error.message };
    return { failed: String((error as Error)?.stack ?? error) };
  }
}

parentPort!.postMessage(read());
