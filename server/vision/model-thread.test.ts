import { describe, expect, it } from 'vitest';
import { ModelThread } from './model-thread';

/** A "model" thread that answers each number with itself doubled and its thread's id. */
const ENTRY = new URL(
  `data:text/javascript,${encodeURIComponent(`
    import { parentPort, threadId } from 'node:worker_threads';
    parentPort.on('message', ({ id, input }) => parentPort.postMessage({ id, output: { doubled: input * 2, threadId } }));
  `)}`,
);

describe('a model thread', () => {
  it('answers in a thread of its own, and ends after being idle for idleMs: the next input starts another', async () => {
    const thread = new ModelThread<number, { doubled: number; threadId: number }>({ name: 'the doubler', entry: ENTRY, queueLimit: 4, idleMs: 50 });
    const first = await thread.run(2);
    expect(first.doubled).toBe(4);
    expect((await thread.run(3)).threadId).toBe(first.threadId); // still busy enough: the same thread
    await new Promise((resolve) => setTimeout(resolve, 300));
    const later = await thread.run(5);
    expect(later.doubled).toBe(10);
    expect(later.threadId).not.toBe(first.threadId);
  });

  it('keeps its thread without idleMs', async () => {
    const thread = new ModelThread<number, { doubled: number; threadId: number }>({ name: 'the doubler', entry: ENTRY, queueLimit: 4 });
    const first = await thread.run(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await thread.run(1)).threadId).toBe(first.threadId);
  });
});
