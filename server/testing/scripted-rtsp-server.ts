// RTSP servers for hostile-input tests, on loopback: one whose answer to DESCRIBE a test writes byte for byte (any
// spelling, or none: it hangs), and a listener that counts who connects to it (where a redirect would lead).
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export interface ScriptedRtspServer {
  url: string;
  /** The Authorization header of each DESCRIBE it got ('' for none). */
  authorizations: string[];
  close(): Promise<void>;
}

/** What DESCRIBE is answered with, given its CSeq and Authorization: bytes to write, or null to leave it unanswered. */
export type DescribeScript = (cseq: string, authorization: string) => string | Buffer | null;

async function listen(server: Server): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Answers OPTIONS with a plain 200 and DESCRIBE as `describe` says; any other request is left unanswered. */
export async function startScriptedRtspServer(describe: DescribeScript): Promise<ScriptedRtspServer> {
  const authorizations: string[] = [];
  const server = createServer((socket) => {
    let pending = '';
    socket.on('data', (chunk) => {
      pending += chunk.toString('latin1');
      for (let end = pending.indexOf('\r\n\r\n'); end >= 0; end = pending.indexOf('\r\n\r\n')) {
        const request = pending.slice(0, end);
        pending = pending.slice(end + 4);
        const cseq = /^CSeq:\s*(\d+)/im.exec(request)?.[1] ?? '0';
        if (request.startsWith('OPTIONS ')) socket.write(`RTSP/1.0 200 OK\r\nCSeq: ${cseq}\r\nPublic: OPTIONS, DESCRIBE, SETUP, PLAY, TEARDOWN\r\n\r\n`);
        if (!request.startsWith('DESCRIBE ')) continue;
        const authorization = /^Authorization:\s*(.*)$/im.exec(request)?.[1]?.trim() ?? '';
        authorizations.push(authorization);
        const answer = describe(cseq, authorization);
        if (answer !== null) socket.write(answer);
      }
    });
  });
  const listening = await listen(server);
  return { url: `rtsp://127.0.0.1:${listening.port}/live`, authorizations, close: listening.close };
}

export interface ConnectionCounter {
  /** `127.0.0.1:<port>`. */
  host: string;
  connections(): number;
  close(): Promise<void>;
}

/** A listener that only counts connections: the place a redirect points to, which nothing should reach. */
export async function startConnectionCounter(): Promise<ConnectionCounter> {
  let connections = 0;
  const listening = await listen(createServer(() => (connections += 1)));
  return { host: `127.0.0.1:${listening.port}`, connections: () => connections, close: listening.close };
}
