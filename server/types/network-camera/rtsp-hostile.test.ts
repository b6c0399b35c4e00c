// An RTSP camera that answers as no plain camera would: every spelling of a redirect, and what is not RTSP at all. The
// relay between ffmpeg and the camera passes on only plain 2xx answers, so ffmpeg never goes elsewhere; and ffmpeg holds
// no credentials (the relay logs in for it), so none are on its command line.
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchFailed } from '../../net/http-fetch';
import { startConnectionCounter, startScriptedRtspServer, type ConnectionCounter, type DescribeScript } from '../../testing/scripted-rtsp-server';
import { rtspFrame } from './rtsp-frame';

const RULES = { allowedNetworks: [], listensOnLoopback: true, ownPort: () => 0 };
const CREDENTIALS = { username: 'viewer', password: `pw-${randomBytes(6).toString('hex')}` };
const closing: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(closing.map((server) => server.close())));

let elsewhere: ConnectionCounter;
beforeAll(async () => {
  elsewhere = await startConnectionCounter();
  closing.push(elsewhere);
});

async function camera(describe: DescribeScript) {
  const server = await startScriptedRtspServer(describe);
  closing.push(server);
  return server;
}

const frameOf = (url: string, signal = AbortSignal.timeout(20_000)) => rtspFrame({ url, rules: RULES, credentials: CREDENTIALS, timeoutMs: 10_000, signal });

/** Each answer to DESCRIBE, given its CSeq and where it sends ffmpeg. */
const SPELLINGS: [string, (cseq: string, location: string) => string][] = [
  ['a 302 in CRLF', (cseq, to) => `RTSP/1.0 302 Found\r\nCSeq: ${cseq}\r\nLocation: ${to}\r\n\r\n`],
  ['a 302 with LF-only line ends', (cseq, to) => `RTSP/1.0 302 Found\nCSeq: ${cseq}\nLocation: ${to}\n\n`],
  ['a 302 with CR-only line ends', (cseq, to) => `RTSP/1.0 302 Found\rCSeq: ${cseq}\rLocation: ${to}\r\r`],
  ['a 302 whose line ends mix CRLF and LF', (cseq, to) => `RTSP/1.0 302 Found\r\nCSeq: ${cseq}\nLocation: ${to}\r\n\r\n`],
  ['the status 0302', (cseq, to) => `RTSP/1.0 0302 Found\r\nCSeq: ${cseq}\r\nLocation: ${to}\r\n\r\n`],
  ['a leading space', (cseq, to) => ` RTSP/1.0 302 Found\r\nCSeq: ${cseq}\r\nLocation: ${to}\r\n\r\n`],
  ['two spaces before the status', (cseq, to) => `RTSP/1.0  302 Found\r\nCSeq: ${cseq}\r\nLocation: ${to}\r\n\r\n`],
  ['a tab before the status', (cseq, to) => `RTSP/1.0\t302 Found\r\nCSeq: ${cseq}\r\nLocation: ${to}\r\n\r\n`],
  ['a 302 in lower case', (cseq, to) => `rtsp/1.0 302 found\r\nCSeq: ${cseq}\r\nLocation: ${to}\r\n\r\n`],
  ['a 302 of another version', (cseq, to) => `RTSP/2.0 302 Found\r\nCSeq: ${cseq}\r\nLocation: ${to}\r\n\r\n`],
  ['a 302 without a reason', (cseq, to) => `RTSP/1.0 302\r\nCSeq: ${cseq}\r\nLocation: ${to}\r\n\r\n`],
  ['a 301', (cseq, to) => `RTSP/1.0 301 Moved Permanently\r\nCSeq: ${cseq}\r\nLocation: ${to}\r\n\r\n`],
  ['a 303', (cseq, to) => `RTSP/1.0 303 See Other\r\nCSeq: ${cseq}\r\nLocation: ${to}\r\n\r\n`],
  ['a 305', (cseq, to) => `RTSP/1.0 305 Use Proxy\r\nCSeq: ${cseq}\r\nLocation: ${to}\r\n\r\n`],
  ['a 307', (cseq, to) => `RTSP/1.0 307 Temporary Redirect\r\nCSeq: ${cseq}\r\nLocation: ${to}\r\n\r\n`],
  ['a 399', (cseq, to) => `RTSP/1.0 399 Elsewhere\r\nCSeq: ${cseq}\r\nLocation: ${to}\r\n\r\n`],
  ['a 302 behind an empty interleaved frame', (cseq, to) => `$\x00\x00\x00RTSP/1.0 302 Found\r\nCSeq: ${cseq}\r\nLocation: ${to}\r\n\r\n`],
  ['a folded Location of a 302', (cseq, to) => `RTSP/1.0 302 Found\r\nCSeq: ${cseq}\r\nLocation:\r\n ${to}\r\n\r\n`],
  ['a folded header in a 200', (cseq, to) => `RTSP/1.0 200 OK\r\nCSeq: ${cseq}\r\n Location: ${to}\r\n\r\n`],
  [
    'a 302 hidden behind a 200 with two Content-Lengths',
    (cseq, to) => {
      const hidden = `RTSP/1.0 302 Found\r\nCSeq: ${cseq}\r\nLocation: ${to}\r\n\r\n`;
      return `RTSP/1.0 200 OK\r\nCSeq: ${cseq}\r\nContent-Length: 0\r\nContent-Length: ${hidden.length}\r\n\r\n${hidden}`;
    },
  ],
  ['a 302 answering a request never made', (cseq, to) => `RTSP/1.0 302 Found\r\nCSeq: ${Number(cseq) + 7}\r\nLocation: ${to}\r\n\r\n`],
  ['a request of the camera', (_, to) => `REDIRECT ${to} RTSP/1.0\r\nCSeq: 1\r\nLocation: ${to}\r\n\r\n`],
  ['an HTTP redirect', (_, to) => `HTTP/1.1 302 Found\r\nLocation: ${to.replace('rtsp:', 'http:')}\r\n\r\n`],
  ['garbage', () => `\x00\xff\x13garbage ${randomBytes(8).toString('hex')}\r\n\r\n`],
];

describe('the RTSP relay, before a camera that answers DESCRIBE as a hostile server would', () => {
  it.each(SPELLINGS)('ends the session at %s, and nothing goes elsewhere', async (_, answer) => {
    const before = elsewhere.connections();
    const server = await camera((cseq) => answer(cseq, `rtsp://${elsewhere.host}/stolen`));
    const failure = await frameOf(server.url).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(FetchFailed);
    expect((failure as Error).message).toMatch(/redirected the stream elsewhere|does not read as RTSP|answered RTSP|gave no frame/);
    expect((failure as Error).message).not.toContain(CREDENTIALS.password);
    expect(elsewhere.connections()).toBe(before);
  });
});

/** Every process's command line, as /proc shows it to anyone on the machine. */
async function everyCommandLine(): Promise<string[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const lines = await Promise.all(pids.map((pid) => readFile(`/proc/${pid}/cmdline`, 'latin1').catch(() => '')));
  return lines.map((line) => line.replaceAll('\0', ' '));
}

describe("an RTSP camera's credentials", () => {
  it("never travel on ffmpeg's command line: the relay logs in for it", async () => {
    let loggedIn!: () => void;
    const asked = new Promise<void>((resolve) => (loggedIn = resolve));
    const server = await camera((cseq, authorization) => {
      if (authorization === '') return `RTSP/1.0 401 Unauthorized\r\nCSeq: ${cseq}\r\nWWW-Authenticate: Basic realm="camera"\r\n\r\n`;
      loggedIn();
      return null; // ffmpeg waits for the answer, its command line in /proc meanwhile
    });
    const stop = new AbortController();
    const frame = frameOf(server.url, stop.signal).catch((error: unknown) => error);
    await asked;
    const commandLines = await everyCommandLine();
    expect(commandLines.some((line) => line.includes('ffmpeg') && line.includes('rtsp://127.0.0.1:'))).toBe(true);
    expect(commandLines.filter((line) => line.includes(CREDENTIALS.password) || line.includes(encodeURIComponent(CREDENTIALS.password)))).toEqual([]);
    expect(server.authorizations.at(-1)).toBe(`Basic ${Buffer.from(`${CREDENTIALS.username}:${CREDENTIALS.password}`).toString('base64')}`);
    stop.abort();
    expect(await frame).toBeInstanceOf(FetchFailed);
  });
});
