// A detection-post receiver for tests: a real HTTP server on 127.0.0.1 that records each post it gets.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPost {
  headers: IncomingHttpHeaders;
  body: string;
  /** When it arrived, in `performance.now()` milliseconds. */
  at: number;
}

/** How a receiver answers a post: a status, or `'hang'` to never answer. */
type Answer = number | 'hang';

export interface Receiver {
  url: string;
  received: ReceivedPost[];
  close(): Promise<void>;
}

const open: Receiver[] = [];

/**
 * A receiver that answers each post by `answer`: a number n fails the first n posts with 500 and accepts the rest
 * with 204, a function decides by the post and how many came before it. Closing it drops any connection still open,
 * so a hanging receiver closes at once.
 */
export async function startReceiver(answer: number | ((post: ReceivedPost, index: number) => Answer)): Promise<Receiver> {
  const received: ReceivedPost[] = [];
  const answerOf = typeof answer === 'number' ? (_: ReceivedPost, index: number) => (index < answer ? 500 : 204) : answer;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const post = { headers: request.headers, body, at: performance.now() };
      const status = answerOf(post, received.length);
      received.push(post);
      if (status === 'hang') return;
      response.statusCode = status;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  open.push(receiver);
  return receiver;
}

/** Closes every receiver started since the last call (for `afterEach`). */
export async function closeReceivers(): Promise<void> {
  await Promise.all(open.splice(0).map((receiver) => receiver.close()));
}
