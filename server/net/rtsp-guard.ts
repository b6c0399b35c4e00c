import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A one-connection TCP relay on loopback between ffmpeg and a camera's RTSP server, at an address the camera rule
 * allowed. ffmpeg resolves no name (it is given the relay) and, as ffmpeg follows an RTSP redirect by itself, the relay
 * reads the server's messages and ends the connection at a 3xx answer: the only hop ffmpeg could make elsewhere.
 * RTP travels interleaved in the same connection (`-rtsp_transport tcp`), as `$`, a channel, a 16-bit length.
 */
export interface RtspGuard {
  /** `127.0.0.1:<port>`, for the URL ffmpeg is given. */
  host: string;
  /** Whether the relay ended the connection at a redirect. */
  redirected(): boolean;
  close(): void;
}

/** Watches a server's byte stream message by message; calls `onRedirect` at an RTSP status line of 3xx. */
function redirectWatcher(onRedirect: () => void): (chunk: Buffer) => void {
  let pending = Buffer.alloc(0);
  let skip = 0;
  return (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      if (skip > 0) {
        const dropped = Math.min(skip, pending.length);
        pending = pending.subarray(dropped);
        skip -= dropped;
        if (skip > 0) return;
      }
      if (pending.length === 0) return;
      if (pending[0] === 0x24) {
        if (pending.length < 4) return;
        skip = 4 + pending.readUInt16BE(2);
        continue;
      }
      const end = pending.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = pending.toString('latin1', 0, end);
      if (/^RTSP\/\d\.\d\s+3\d\d\b/.test(head)) return onRedirect();
      skip = end + 4 + Number(/^content-length:\s*(\d+)/im.exec(head)?.[1] ?? 0);
    }
  };
}

export async function startRtspGuard(target: { address: string; port: number }): Promise<RtspGuard> {
  let redirected = false;
  const sockets: Socket[] = [];
  const server = createServer({ pauseOnConnect: true }, (client) => {
    server.close(); // one connection: ffmpeg's
    const upstream = createConnection({ host: target.address, port: target.port });
    sockets.push(client, upstream);
    const watch = redirectWatcher(() => {
      redirected = true;
      client.destroy();
      upstream.destroy();
    });
    upstream.on('data', (chunk: Buffer) => {
      watch(chunk);
      if (!redirected) client.write(chunk);
    });
    client.pipe(upstream);
    client.resume();
    for (const socket of [client, upstream]) {
      socket.on('error', () => sockets.forEach((each) => each.destroy()));
      socket.on('close', () => sockets.forEach((each) => each.destroy()));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    redirected: () => redirected,
    close: () => {
      server.close();
      sockets.forEach((socket) => socket.destroy());
    },
  };
}
