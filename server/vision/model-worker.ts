import { parentPort } from 'node:worker_threads';
import type { ThreadReply, ThreadRequest } from './model-thread';

/**
 * The worker thread's side of a ModelThread: loads the model once, when the thread starts (requests that arrive
 * meanwhile wait for it), and answers each request with the model's output, handing over the buffers `transfer` names.
 */
export function serveModel<I, O>(load: () => Promise<(input: I) => Promise<O>>, transfer: (output: O) => ArrayBuffer[] = () => []): void {
  if (!parentPort) throw new Error('A model runs in a worker thread.');
  const port = parentPort;
  const model = load();
  port.on('message', ({ id, input }: ThreadRequest<I>) => {
    void model
      .then((run) => run(input))
      .then(
        (output) => port.postMessage({ id, output } satisfies ThreadReply<O>, transfer(output)),
        (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies ThreadReply<O>),
      );
  });
}
