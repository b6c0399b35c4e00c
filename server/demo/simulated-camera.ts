import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback-listen';

/** Who may watch a simulated camera, and how it asks: Basic, or Digest (MD5, qop=auth). */
export interface CameraLogin {
  username: string;
  password: string;
  scheme: 'basic' | 'digest';
}

export interface SimulatedCameraOptions {
  /** The frames it shows in a loop, JPEGs. */
  frames: readonly Buffer[];
  framesPerSecond: number;
  login?: CameraLogin;
  /** The port to listen on when it is free; any otherwise, and without one. */
  port?: number | undefined;
}

/** A camera on loopback: a JPEG snapshot (`/snapshot.jpg`) and an MJPEG stream (`/stream.mjpg`) of its frames. */
export interface SimulatedCamera {
  snapshotUrl: string;
  mjpegUrl: string;
  /** Requests it answered, by path. */
  requests: string[];
  close(): Promise<void>;
}

const BOUNDARY = 'looplabelframe';
const REALM = 'simulated-camera';
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Whether the request carries the login, as its scheme asks. */
function authorized(request: IncomingMessage, login: CameraLogin): boolean {
  const header = request.headers.authorization ?? '';
  if (login.scheme === 'basic') return header === `Basic ${Buffer.from(`${login.username}:${login.password}`).toString('base64')}`;
  const fields = new Map([...header.matchAll(/(\w+)=(?:"([^"]*)"|([^\s,]+))/g)].map((match) => [match[1]!, match[2] ?? match[3] ?? '']));
  if (!header.startsWith('Digest ') || fields.get('username') !== login.username) return false;
  const ha1 = md5(`${login.username}:${REALM}:${login.password}`);
  const ha2 = md5(`${request.method}:${fields.get('uri')}`);
  const expected = md5(`${ha1}:${fields.get('nonce')}:${fields.get('nc')}:${fields.get('cnonce')}:${fields.get('qop')}:${ha2}`);
  return fields.get('response') === expected;
}

function challenge(response: ServerResponse, login: CameraLogin): void {
  const header = login.scheme === 'basic' ? `Basic realm="${REALM}"` : `Digest realm="${REALM}", qop="auth", nonce="${randomBytes(8).toString('hex')}", algorithm=MD5`;
  response.writeHead(401, { 'www-authenticate': header }).end();
}

/** Starts a simulated camera on 127.0.0.1 (at `port` when free, else an ephemeral one); it shows frame n at n / framesPerSecond seconds. */
export async function startSimulatedCamera({ frames, framesPerSecond, login, port }: SimulatedCameraOptions): Promise<SimulatedCamera> {
  const started = performance.now();
  const frameNow = () => frames[Math.floor(((performance.now() - started) / 1000) * framesPerSecond) % frames.length]!;
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    if (login && !authorized(request, login)) return challenge(response, login);
    if (request.url === '/snapshot.jpg') return void response.writeHead(200, { 'content-type': 'image/jpeg', 'cache-control': 'no-store' }).end(frameNow());
    if (request.url !== '/stream.mjpg') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': `multipart/x-mixed-replace; boundary=${BOUNDARY}`, 'cache-control': 'no-store' });
    const send = () => {
      const frame = frameNow();
      response.write(`--${BOUNDARY}\r\nContent-Type: image/jpeg\r\nContent-Length: ${frame.length}\r\n\r\n`);
      response.write(frame);
      response.write('\r\n');
    };
    send();
    const timer = setInterval(send, 1000 / framesPerSecond);
    response.on('close', () => clearInterval(timer));
  });
  const base = `http://127.0.0.1:${await listenOnLoopback(server, port)}`;
  return {
    snapshotUrl: `${base}/snapshot.jpg`,
    mjpegUrl: `${base}/stream.mjpg`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
