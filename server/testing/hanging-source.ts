// A camera or feed on loopback that answers nothing until the test releases it: each request is held open, and counted.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HangingSource {
  /** A URL of it: `http://127.0.0.1:<port><path>`. */
  url(path: string): string;
  /** Requests it received in all. */
  received(): number;
  /** Requests held open now: received, unanswered, and not given up by the client. */
  open(): number;
  /** Answers every held request and all later ones with 503. */
  release(): void;
  close(): Promise<void>;
}

export async function startHangingSource(): Promise<HangingSource> {
  const held = new Set<ServerResponse>();
  let received = 0;
  let released = false;
  const answer = (response: ServerResponse) => response.writeHead(503).end();
  const server = createServer((_, response) => {
    received += 1;
    if (released) return answer(response);
    held.add(response);
    response.on('close', () => held.delete(response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => `${base}${path}`,
    received: () => received,
    open: () => held.size,
    release: () => {
      released = true;
      for (const response of held) answer(response);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
