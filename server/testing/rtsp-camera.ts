// An RTSP camera for tests, on loopback: the packaged ffmpeg plays a video in a loop as RTP/JPEG (RFC 2435) to a UDP
// port, and a small RTSP server (RFC 2326: OPTIONS, DESCRIBE, SETUP, PLAY, TEARDOWN) hands its packets to each player,
// interleaved in the player's TCP connection.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

export interface RtspCamera {
  url: string;
  /** Sessions that reached PLAY. */
  plays(): number;
  close(): Promise<void>;
}

export interface RtspCameraOptions {
  videoPath: string;
  /** Credentials the camera asks for, with Basic (the default) or Digest (MD5, qop=auth). */
  login?: { username: string; password: string; scheme?: 'basic' | 'digest' };
  /** Answer DESCRIBE with a redirect to this URL. */
  redirectTo?: string;
}

const REALM = 'rtsp-camera';
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Whether a request (its method and head) carries the login, as its scheme asks. */
function authorized(method: string, request: string, login: NonNullable<RtspCameraOptions['login']>, nonce: string): boolean {
  const header = /^Authorization:\s*(.*)$/im.exec(request)?.[1]?.trim() ?? '';
  if (login.scheme !== 'digest') return header === `Basic ${Buffer.from(`${login.username}:${login.password}`).toString('base64')}`;
  const fields = new Map([...header.matchAll(/(\w+)=(?:"([^"]*)"|([^\s,]+))/g)].map((match) => [match[1]!, match[2] ?? match[3] ?? '']));
  if (!header.startsWith('Digest ') || fields.get('username') !== login.username || fields.get('nonce') !== nonce) return false;
  const ha1 = md5(`${login.username}:${REALM}:${login.password}`);
  const ha2 = md5(`${method}:${fields.get('uri')}`);
  return fields.get('response') === md5(`${ha1}:${nonce}:${fields.get('nc')}:${fields.get('cnonce')}:${fields.get('qop')}:${ha2}`);
}

const SDP = ['v=0', 'o=- 0 0 IN IP4 127.0.0.1', 's=Simulated camera', 'c=IN IP4 127.0.0.1', 't=0 0', 'm=video 0 RTP/AVP 26', 'a=control:track1', ''].join('\r\n');

export async function startRtspCamera({ videoPath, login, redirectTo }: RtspCameraOptions): Promise<RtspCamera> {
  const players = new Set<Socket>();
  const nonce = randomBytes(8).toString('hex');
  const challenge = login?.scheme === 'digest' ? `Digest realm="${REALM}", nonce="${nonce}", qop="auth", algorithm=MD5` : `Basic realm="${REALM}"`;
  let plays = 0;
  const udp = createSocket('udp4');
  udp.on('message', (packet) => {
    const header = Buffer.from([0x24, 0, packet.length >> 8, packet.length & 0xff]);
    for (const player of players) player.write(Buffer.concat([header, packet]));
  });
  await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
  const ffmpeg = spawn(
    ffmpegInstaller.path,
    ['-nostdin', '-v', 'error', '-re', '-stream_loop', '-1', '-i', videoPath, '-an', '-c:v', 'mjpeg', '-huffman', 'default', '-pix_fmt', 'yuvj420p', '-q:v', '5', '-f', 'rtp', `rtp://127.0.0.1:${udp.address().port}?pkt_size=1400`],
    { stdio: ['ignore', 'ignore', 'ignore'] },
  );

  const server = createServer((socket) => {
    let pending = '';
    socket.on('error', () => players.delete(socket));
    socket.on('close', () => players.delete(socket));
    socket.on('data', (chunk) => {
      pending += chunk.toString('latin1');
      for (let end = pending.indexOf('\r\n\r\n'); end >= 0; end = pending.indexOf('\r\n\r\n')) {
        const request = pending.slice(0, end);
        pending = pending.slice(end + 4);
        answer(socket, request);
      }
    });
  });

  function answer(socket: Socket, request: string) {
    const [method = ''] = request.split(' ');
    const cseq = /^CSeq:\s*(\d+)/im.exec(request)?.[1] ?? '0';
    const reply = (status: string, headers: Record<string, string> = {}, body = '') => {
      const lines = [`RTSP/1.0 ${status}`, `CSeq: ${cseq}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
      socket.write(`${lines.join('\r\n')}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    };
    if (login && method !== 'OPTIONS' && !authorized(method, request, login, nonce)) return reply('401 Unauthorized', { 'WWW-Authenticate': challenge });
    if (method === 'OPTIONS') return reply('200 OK', { Public: 'OPTIONS, DESCRIBE, SETUP, PLAY, TEARDOWN, GET_PARAMETER' });
    if (method === 'DESCRIBE' && redirectTo) return reply('302 Found', { Location: redirectTo });
    if (method === 'DESCRIBE') return reply('200 OK', { 'Content-Type': 'application/sdp', 'Content-Base': `${url}/` }, SDP);
    if (method === 'SETUP') return reply('200 OK', { Transport: 'RTP/AVP/TCP;unicast;interleaved=0-1', Session: '5150' });
    if (method === 'PLAY') {
      reply('200 OK', { Session: '5150' });
      plays += 1;
      return players.add(socket);
    }
    reply('200 OK', { Session: '5150' });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `rtsp://127.0.0.1:${(server.address() as AddressInfo).port}/live`;
  return {
    url,
    plays: () => plays,
    close: async () => {
      ffmpeg.kill('SIGKILL');
      for (const player of players) player.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      udp.close();
    },
  };
}
