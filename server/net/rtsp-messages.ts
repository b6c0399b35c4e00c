/**
 * RTSP 1.0 messages (RFC 2326) read from a byte stream in one strict spelling: a start line, header lines, each ending in
 * CRLF, an empty line, then as many body bytes as Content-Length says; between messages, interleaved binary frames
 * (`$`, a channel, a 16-bit length, the data). Whatever else arrives (a bare LF, a folded header line, a status of four
 * digits, a leading space, bytes that cannot begin a message) throws `RtspUnreadable`: the reader never guesses.
 */

export interface RtspHeader {
  name: string;
  value: string;
}

export type RtspMessage =
  | { kind: 'frame'; bytes: Buffer }
  | { kind: 'message'; startLine: string; headers: RtspHeader[]; body: Buffer };

export class RtspUnreadable extends Error {
  override name = 'RtspUnreadable';
}

/** What a stream's start lines look like: the whole line, and whether the bytes begun so far may still become one. */
export interface StartLineRule {
  line: RegExp;
  begins(text: string): boolean;
}

const RESPONSE_PREFIX = 'RTSP/1.0 ';
/** `RTSP/1.0 200 OK`: the version, one space, three digits, one space, a reason of visible characters and spaces. */
export const RESPONSE_LINE: StartLineRule = {
  line: /^RTSP\/1\.0 [1-5][0-9]{2} [\x20-\x7e\x80-\xff]*$/,
  begins: (text) => RESPONSE_PREFIX.startsWith(text.slice(0, RESPONSE_PREFIX.length)),
};
/** `DESCRIBE rtsp://127.0.0.1:5540/live RTSP/1.0`, as ffmpeg writes its requests. */
export const REQUEST_LINE: StartLineRule = {
  line: /^[A-Z_]{1,32} [\x21-\x7e]{1,4096} RTSP\/1\.0$/,
  begins: (text) => /^[A-Z_]*(?: |$)/.test(text),
};

const MAX_HEAD_BYTES = 16 * 1024;
const MAX_HEADERS = 64;
/** A session description or a parameter answer; nothing RTSP sends in a body is larger. */
const MAX_BODY_BYTES = 64 * 1024;
const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}):[ \t]*([\x20-\x7e\x80-\xff\t]*?)[ \t]*$/;
const FRAME_MARK = 0x24;
const CR = 0x0d;
const LF = 0x0a;

/** A control character other than tab, CR and LF, which no head holds. */
const isForbiddenControl = (byte: number) => (byte < 0x20 && byte !== 0x09 && byte !== CR && byte !== LF) || byte === 0x7f;

function parseHead(head: string, rule: StartLineRule): { startLine: string; headers: RtspHeader[]; bodyLength: number } {
  const [startLine = '', ...lines] = head.split('\r\n');
  if (!rule.line.test(startLine)) throw new RtspUnreadable('a start line that is not plain RTSP/1.0');
  if (lines.length > MAX_HEADERS) throw new RtspUnreadable('too many header lines');
  const headers = lines.map((line) => {
    const match = HEADER_LINE.exec(line);
    if (!match) throw new RtspUnreadable('a header line that is not "Name: value"');
    return { name: match[1]!, value: match[2]! };
  });
  const lengths = headers.filter((header) => header.name.toLowerCase() === 'content-length');
  if (lengths.length > 1 || (lengths[0] && !/^[0-9]{1,6}$/.test(lengths[0].value))) throw new RtspUnreadable('a Content-Length that is not one number');
  const bodyLength = lengths[0] ? Number(lengths[0].value) : 0;
  if (bodyLength > MAX_BODY_BYTES) throw new RtspUnreadable('a body larger than RTSP sends');
  return { startLine, headers, bodyLength };
}

/** A reader of one direction of an RTSP connection: `push` the bytes as they come, take the whole messages it answers. */
export function rtspReader(rule: StartLineRule): (chunk: Buffer) => RtspMessage[] {
  let pending: Buffer = Buffer.alloc(0);
  /** Bytes of the head in progress already checked for bare CR, bare LF and control characters. */
  let checked = 0;
  return (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    const messages: RtspMessage[] = [];
    for (;;) {
      if (pending.length === 0) return messages;
      if (pending[0] === FRAME_MARK) {
        if (pending.length < 4) return messages;
        const end = 4 + pending.readUInt16BE(2);
        if (pending.length < end) return messages;
        messages.push({ kind: 'frame', bytes: pending.subarray(0, end) });
        pending = pending.subarray(end);
        continue;
      }
      if (!rule.begins(pending.toString('latin1', 0, 64).split('\r')[0]!)) throw new RtspUnreadable('bytes that begin no RTSP message');
      const headEnd = pending.indexOf('\r\n\r\n');
      const headLength = headEnd < 0 ? pending.length : headEnd + 4;
      for (; checked < headLength; checked += 1) {
        const byte = pending[checked]!;
        if (isForbiddenControl(byte)) throw new RtspUnreadable('a control character in the head');
        if (byte === LF && pending[checked - 1] !== CR) throw new RtspUnreadable('a line ending in LF alone');
        if (byte === CR && checked + 1 < pending.length && pending[checked + 1] !== LF) throw new RtspUnreadable('a CR alone');
      }
      if (headEnd < 0) {
        if (pending.length > MAX_HEAD_BYTES) throw new RtspUnreadable('a head longer than RTSP sends');
        // a CR at the very end may be followed by its LF in the next chunk
        if (pending[checked - 1] === CR) checked -= 1;
        return messages;
      }
      if (headEnd > MAX_HEAD_BYTES) throw new RtspUnreadable('a head longer than RTSP sends');
      const { startLine, headers, bodyLength } = parseHead(pending.toString('latin1', 0, headEnd), rule);
      if (pending.length < headLength + bodyLength) return messages;
      messages.push({ kind: 'message', startLine, headers, body: Buffer.from(pending.subarray(headLength, headLength + bodyLength)) });
      pending = pending.subarray(headLength + bodyLength);
      checked = 0;
    }
  };
}

/** The value of a header (the first of its name, of any case); undefined when absent. */
export const headerValue = (headers: readonly RtspHeader[], name: string) => headers.find((header) => header.name.toLowerCase() === name.toLowerCase())?.value;

/** A message as bytes, in the spelling the reader reads, with Content-Length as long as its body. */
export function writeRtspMessage(startLine: string, headers: readonly RtspHeader[], body: Buffer): Buffer {
  const lines = [startLine, ...headers.filter((header) => header.name.toLowerCase() !== 'content-length').map(({ name, value }) => `${name}: ${value}`)];
  if (body.length > 0) lines.push(`Content-Length: ${body.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
}
