import { describe, expect, it } from 'vitest';
import { readFeedInThread } from './feed-thread';
import { FeedUnreadable } from './formats';

// A feed's document is read in a thread of its own (issue 37: a 0.26 MB feed held the event loop for 28 s): whatever
// it holds, the service's loop goes on turning while it is read.

const declarations = (count: number) => Array.from({ length: count }, (_, index) => ` xmlns:p${index}="urn:ns:${index}"`).join('');
const base = new URL('https://feeds.example/feed.xml');

/** Reads the document in the thread, and whether the event loop turned before its answer came. */
async function read(text: string, signal = new AbortController().signal): Promise<{ images?: unknown[]; error?: Error; loopTurned: boolean }> {
  let loopTurned = false;
  setImmediate(() => (loopTurned = true));
  const outcome = await readFeedInThread(Buffer.from(text), base, 500, signal).then(
    (images) => ({ images }),
    (error: Error) => ({ error }),
  );
  return { ...outcome, loopTurned };
}

describe('readFeedInThread', () => {
  it('refuses the feed of 5,000 namespace declarations over 40,000 elements, while the loop turns', async () => {
    const { error, loopTurned } = await read(`<rss${declarations(5000)}><channel>${'<a/>'.repeat(40_000)}</channel></rss>`);
    expect(error).toBeInstanceOf(FeedUnreadable);
    expect(error?.message).toBe('An element of the document has more than 100 attributes.');
    expect(loopTurned).toBe(true);
  });

  it('reads a feed at the limits (100 attributes, 99 of them declarations, in scope of 99,000 elements) while the loop turns', async () => {
    const item = '<item><guid>g</guid><p99:content url="https://feeds.example/a.jpg" medium="image"/></item>';
    const text = `<rss version="2.0"${declarations(98)} xmlns:p99="http://search.yahoo.com/mrss/"><channel>${item}${'<p0:x/>'.repeat(99_000)}</channel></rss>`;
    const { images, loopTurned } = await read(text);
    expect(images).toEqual([expect.objectContaining({ entryId: 'g', imageUrl: 'https://feeds.example/a.jpg' })]);
    expect(loopTurned).toBe(true);
  });

  it('refuses JSON nested past the depth rule', async () => {
    const { error } = await read(`${'['.repeat(33)}${']'.repeat(33)}`);
    expect(error?.message).toBe('The feed nests JSON deeper than 32 levels.');
  });

  it('stops reading when the capture is stopped', async () => {
    const controller = new AbortController();
    controller.abort(new Error('The service is stopping.'));
    expect((await read('<rss/>', controller.signal)).error?.message).toBe('The service is stopping.');
  });
});
