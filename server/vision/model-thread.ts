import { Worker, type ResourceLimits } from 'node:worker_threads';
import { unavailable } from '../errors';

/** A request to a model's worker thread: its input, numbered. */
export interface ThreadRequest<I> {
  id: number;
  input: I;
}

/** The thread's answer: the model's output, or why it failed. */
export type ThreadReply<O> = { id: number; output: O } | { id: number; error: string };

interface Waiting<O> {
  resolve: (output: O) => void;
  reject: (error: Error) => void;
}

export interface ModelThreadOptions {
  /** What the model is called in messages ("the detector"). */
  name: string;
  /** The thread's entry module, `new URL('./<entry>.mjs', import.meta.url)` beside the caller (see scripts/build-service.ts). */
  entry: URL;
  /** At most this many inputs wait for the model; more are refused ('unavailable') rather than queued. */
  queueLimit: number;
  resourceLimits?: ResourceLimits;
  /** The thread ends after this long without work, giving its model's memory back (the next input starts it again). */
  idleMs?: number;
}

/**
 * A pretrained model in one worker thread per process, started on first use, which loads the model once and answers
 * one input at a time (./model-worker.ts), so that requests never wait on it. The thread keeps the process alive only
 * while it has work.
 */
export class ModelThread<I, O> {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting<O>>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: ModelThreadOptions) {}

  /** The model's output for the input; the buffers in `transfer` are handed to the thread, not copied. */
  run(input: I, transfer: readonly ArrayBuffer[] = []): Promise<O> {
    const { name, queueLimit } = this.options;
    if (this.waiting.size >= queueLimit) return Promise.reject(unavailable(`${capitalised(name)} is busy; try again in a few seconds.`, 5));
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    if (this.waiting.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, input } satisfies ThreadRequest<I>, [...transfer]);
    });
  }

  private start(): Worker {
    const { name, entry, resourceLimits } = this.options;
    const worker = new Worker(entry, resourceLimits ? { resourceLimits } : {});
    worker.unref();
    worker.on('message', (reply: ThreadReply<O>) => {
      const waiting = this.waiting.get(reply.id);
      if (!waiting) return;
      this.waiting.delete(reply.id);
      if (this.waiting.size === 0) this.rest(worker);
      if ('error' in reply) waiting.reject(new Error(`${capitalised(name)} failed: ${reply.error}`));
      else waiting.resolve(reply.output);
    });
    const fail = (error: Error) => {
      if (this.worker !== worker) return; // a thread that ended for being idle
      this.worker = null;
      for (const waiting of this.waiting.values()) waiting.reject(error);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The thread of ${name} stopped (exit code ${code}).`)));
    this.worker = worker;
    return worker;
  }

  /** No work left: the thread no longer keeps the process alive, and ends once it has been idle for `idleMs`. */
  private rest(worker: Worker) {
    worker.unref();
    const { idleMs } = this.options;
    if (idleMs === undefined) return;
    this.idleTimer = setTimeout(() => {
      if (this.worker !== worker || this.waiting.size > 0) return;
      this.worker = null;
      void worker.terminate();
    }, idleMs).unref();
  }
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
