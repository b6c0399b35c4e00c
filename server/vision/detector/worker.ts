import { parentPort } from 'node:worker_threads';
import { loadCenterNet } from './centernet';

/** A request to the worker: the square input image's RGB bytes. */
export interface DetectorRequest {
  id: number;
  pixels: Uint8Array;
}

/** The worker's answer: the detector's raw rows, or why it failed. */
export type DetectorReply = { id: number; rows: number[][] } | { id: number; error: string };

if (!parentPort) throw new Error('The detector runs in a worker thread.');
const port = parentPort;
// Loaded once, when the thread starts; requests that arrive meanwhile wait for it.
const detector = loadCenterNet();

port.on('message', ({ id, pixels }: DetectorRequest) => {
  void detector
    .then((run) => run(pixels))
    .then(
      (rows) => port.postMessage({ id, rows } satisfies DetectorReply),
      (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies DetectorReply),
    );
});
