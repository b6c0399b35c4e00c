import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { DemoLabellableType } from '../types/registry';
import type { GeneratedScene } from '../vision/scenes';

/** Scene `index` of the demo set of `type` made from `seed` (see generateDemoScene). */
export interface SceneRequest {
  type: DemoLabellableType;
  seed: number;
  index: number;
}

/** A worker's answer: the scene, or why it failed. */
export type SceneReply = { scene: GeneratedScene } | { error: string };

/**
 * Demo scenes made on worker threads, so that painting and encoding them (some 30 ms each) leaves the service's
 * thread to the service: its requests, its database and its models.
 */
export interface ScenePool {
  /** Started in the order asked for, as threads come free. */
  generate(request: SceneRequest): Promise<GeneratedScene>;
  /** Stops the threads; scenes not made yet are refused. */
  close(): Promise<void>;
}

/** One thread fewer than the machine has cores (at least one, at most three): the service keeps a core. */
const defaultScenePoolSize = () => Math.max(1, Math.min(3, availableParallelism() - 1));

/** A thread with nothing to do for this long ends; the next request starts a new one (in about half a second). */
const IDLE_MS = 20_000;

const WORKER_URL = new URL('./scene-worker.mjs', import.meta.url);

interface Task {
  request: SceneRequest;
  resolve(scene: GeneratedScene): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  task: Task | null;
  idleTimer: NodeJS.Timeout | null;
}

class ScenePoolClosedError extends Error {
  constructor() {
    super('The scene pool is closed.');
    this.name = 'ScenePoolClosedError';
  }
}

export function createScenePool(size = defaultScenePoolSize()): ScenePool {
  const queue: Task[] = [];
  const threads = new Set<Thread>();
  let closed = false;

  function finish(thread: Thread, reply: SceneReply) {
    const task = thread.task;
    thread.task = null;
    if (task) {
      if ('scene' in reply) {
        // the image crossed the thread boundary as a plain Uint8Array
        const image = reply.scene.image as Uint8Array;
        task.resolve({ ...reply.scene, image: Buffer.from(image.buffer, image.byteOffset, image.byteLength) });
      } else task.reject(new Error(`Making demo scene ${task.request.type} #${task.request.index} failed: ${reply.error}`));
    }
    next(thread);
  }

  /** Gives the thread the next task, or lets it rest (and end after a while). */
  function next(thread: Thread) {
    const task = queue.shift();
    if (!task) {
      thread.worker.unref();
      thread.idleTimer = setTimeout(() => {
        threads.delete(thread);
        void thread.worker.terminate();
      }, IDLE_MS);
      thread.idleTimer.unref();
      return;
    }
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    thread.idleTimer = null;
    thread.task = task;
    thread.worker.ref();
    thread.worker.postMessage(task.request);
  }

  function spawn() {
    const thread: Thread = { worker: new Worker(WORKER_URL), task: null, idleTimer: null };
    threads.add(thread);
    thread.worker.on('message', (message: SceneReply | { ready: true }) => {
      if ('ready' in message) next(thread);
      else finish(thread, message);
    });
    const fail = (error: Error) => {
      threads.delete(thread);
      if (thread.idleTimer) clearTimeout(thread.idleTimer);
      thread.task?.reject(error);
      thread.task = null;
      if (!closed && queue.length > 0) spawn();
    };
    thread.worker.on('error', fail);
    thread.worker.on('exit', (code) => {
      if (threads.has(thread)) fail(new Error(`A scene worker stopped (exit code ${code}).`));
    });
  }

  return {
    generate(request) {
      if (closed) return Promise.reject(new ScenePoolClosedError());
      return new Promise<GeneratedScene>((resolve, reject) => {
        queue.push({ request, resolve, reject });
        const resting = [...threads].find((thread) => thread.task === null && thread.idleTimer !== null);
        if (resting) next(resting);
        else if (threads.size < size) spawn();
      });
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new ScenePoolClosedError());
      const ending = [...threads];
      threads.clear();
      for (const thread of ending) {
        if (thread.idleTimer) clearTimeout(thread.idleTimer);
        thread.task?.reject(new ScenePoolClosedError());
      }
      await Promise.all(ending.map((thread) => thread.worker.terminate()));
    },
  };
}
