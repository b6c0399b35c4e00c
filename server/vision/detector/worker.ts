import { parentPort } from 'node:worker_threads';
import { loadCenterNet, type CenterNetOutput } from './centernet';

/** A request to the worker: the square input image's RGB bytes. */
export interface DetectorRequest {
  id: number;
  pixels: Uint8Array;
}

/** The worker's answer: the detector's raw output, or why it failed. */
export type DetectorReply = ({ id: number } & CenterNetOutput) | { id: number; error: string };

if (!parentPort) throw new Error('The detector runs in a worker thread.');
const port = parentPort;
// Loaded once, when the thread starts; requests that arrive meanwhile wait for it.
const detector = loadCenterNet();

port.on('message', ({ id, pixels }: DetectorRequest) => {
  void detector
    .then((run) => run(pixels))
    .then(
      (output) =>
        port.postMessage({ id, ...output } satisfies DetectorReply, [output.regionFeatures.buffer as ArrayBuffer, output.imageFeatures.buffer as ArrayBuffer]),
      (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies DetectorReply),
    );
});
