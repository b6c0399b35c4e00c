import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';
import { answerChallenge, type Credentials } from './http-auth';
import { headerValue, REQUEST_LINE, RESPONSE_LINE, rtspReader, RtspUnreadable, writeRtspMessage, type RtspHeader, type RtspMessage } from './rtsp-messages';

/**
 * A one-connection TCP relay on loopback between ffmpeg and a camera's RTSP server, at an address the camera rule
 * allowed. ffmpeg resolves no name (it is given the relay) and holds no credentials: the relay answers the camera's
 * login challenge itself (Basic or Digest, net/http-auth.ts). It passes on only what it fully reads (rtsp-messages.ts):
 * a plain 2xx answer to a request ffmpeg made, and interleaved frames. Anything else, a redirect in any spelling, an
 * error, a request of the camera's, bytes it cannot read, ends the session, and `refusal` says why.
 */
export interface RtspGuard {
  /** `127.0.0.1:<port>`, for the URL ffmpeg is given. */
  host: string;
  /** Why the relay ended the session, a sentence naming the camera; null while it has not. */
  refusal(): string | null;
  close(): void;
}

export interface RtspGuardOptions {
  /** The address the camera rule allowed. */
  target: { address: string; port: number };
  /** The camera as the sentences name it: its URL's host. */
  cameraName: string;
  credentials: Credentials | undefined;
}

/** A request of ffmpeg's on its way: its CSeq as ffmpeg wrote it, and as the camera got it. */
interface Outstanding {
  message: Extract<RtspMessage, { kind: 'message' }>;
  cseq: string;
  sentCseq: number;
  answeredChallenge: boolean;
}

const withoutHeaders = (headers: readonly RtspHeader[], names: readonly string[]) => headers.filter((header) => !names.includes(header.name.toLowerCase()));

/** The sentence for an answer the relay does not pass on. */
function refusalOf(status: number, cameraName: string, withCredentials: boolean): string {
  if (status >= 300 && status < 400) return `${cameraName} redirected the stream elsewhere; the service does not follow RTSP redirects.`;
  if (status === 401) return withCredentials ? `${cameraName} refused the user name and password (RTSP 401).` : `${cameraName} asks for a user name and password (RTSP 401).`;
  return `${cameraName} answered RTSP ${status}.`;
}

export async function startRtspGuard({ target, cameraName, credentials }: RtspGuardOptions): Promise<RtspGuard> {
  let refusal: string | null = null;
  const sockets: Socket[] = [];
  const endSession = (why: string) => {
    refusal ??= why;
    sockets.forEach((socket) => socket.destroy());
  };

  const server = createServer({ pauseOnConnect: true }, (player) => {
    server.close(); // one connection: ffmpeg's
    const camera = createConnection({ host: target.address, port: target.port });
    sockets.push(player, camera);
    const outstanding: Outstanding[] = [];
    /** How far the camera's CSeq runs ahead of ffmpeg's: one more for each request sent again with a login. */
    let cseqOffset = 0;
    let challenge: string[] | null = null;

    function sendRequest(entry: Outstanding) {
      const { startLine, headers, body } = entry.message;
      const [method = '', uri = ''] = startLine.split(' ');
      const authorization = challenge && credentials ? answerChallenge(challenge, credentials, method, uri) : null;
      const sent = [
        { name: 'CSeq', value: String(entry.sentCseq) },
        ...withoutHeaders(headers, ['cseq', 'authorization']),
        ...(authorization ? [{ name: 'Authorization', value: authorization }] : []),
      ];
      camera.write(writeRtspMessage(startLine, sent, body));
    }

    function fromPlayer(message: RtspMessage) {
      if (message.kind === 'frame') return void camera.write(message.bytes);
      const cseq = headerValue(message.headers, 'cseq') ?? '';
      if (!/^[0-9]{1,9}$/.test(cseq)) throw new RtspUnreadable('a request without a CSeq');
      const entry = { message, cseq, sentCseq: Number(cseq) + cseqOffset, answeredChallenge: false };
      outstanding.push(entry);
      sendRequest(entry);
    }

    function fromCamera(message: RtspMessage) {
      if (message.kind === 'frame') return void player.write(message.bytes);
      const status = Number(message.startLine.slice(9, 12));
      const index = outstanding.findIndex((entry) => String(entry.sentCseq) === headerValue(message.headers, 'cseq'));
      if (index < 0) throw new RtspUnreadable('an answer to no request');
      const entry = outstanding[index]!;
      const challenges = message.headers.filter((header) => header.name.toLowerCase() === 'www-authenticate').map((header) => header.value);
      // a challenge in a scheme the service speaks (answerChallenge answers null to others) is answered once per request
      if (status === 401 && credentials && !entry.answeredChallenge && answerChallenge(challenges, credentials, 'OPTIONS', '*') !== null) {
        challenge = challenges;
        cseqOffset += 1;
        entry.answeredChallenge = true;
        entry.sentCseq = Number(entry.cseq) + cseqOffset;
        return sendRequest(entry);
      }
      if (status < 200 || status >= 300) return endSession(refusalOf(status, cameraName, credentials !== undefined));
      outstanding.splice(index, 1);
      const headers = [{ name: 'CSeq', value: entry.cseq }, ...withoutHeaders(message.headers, ['cseq'])];
      player.write(writeRtspMessage(message.startLine, headers, message.body));
    }

    const relay = (read: (chunk: Buffer) => RtspMessage[], handle: (message: RtspMessage) => void, sender: string) => (chunk: Buffer) => {
      try {
        for (const message of read(chunk)) {
          if (refusal === null) handle(message);
        }
      } catch (error) {
        if (!(error instanceof RtspUnreadable)) throw error;
        endSession(`${sender} sent what the service does not read as RTSP (${error.message}); the connection was closed.`);
      }
    };
    camera.on('data', relay(rtspReader(RESPONSE_LINE), fromCamera, cameraName));
    player.on('data', relay(rtspReader(REQUEST_LINE), fromPlayer, 'ffmpeg'));
    player.resume();
    for (const socket of [player, camera]) {
      socket.on('error', () => sockets.forEach((each) => each.destroy()));
      socket.on('close', () => sockets.forEach((each) => each.destroy()));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    refusal: () => refusal,
    close: () => {
      server.close();
      sockets.forEach((socket) => socket.destroy());
    },
  };
}
