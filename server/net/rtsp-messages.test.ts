import { describe, expect, it } from 'vitest';
import { RESPONSE_LINE, rtspReader, RtspUnreadable, writeRtspMessage, type RtspMessage } from './rtsp-messages';

const SDP = 'v=0\r\ns=camera\r\n';
const DESCRIBED = `RTSP/1.0 200 OK\r\nCSeq: 2\r\nContent-Type: application/sdp\r\nContent-Length: ${SDP.length}\r\n\r\n${SDP}`;
const FRAME = Buffer.from([0x24, 0, 0, 3, 7, 8, 9]);

describe('the RTSP reader', () => {
  it('reads the same messages however the bytes are cut', () => {
    const bytes = Buffer.concat([FRAME, Buffer.from(DESCRIBED, 'latin1'), FRAME]);
    const whole = rtspReader(RESPONSE_LINE)(bytes);
    const read = rtspReader(RESPONSE_LINE);
    const byteByByte: RtspMessage[] = [];
    for (const byte of bytes) byteByByte.push(...read(Buffer.from([byte])));
    expect(byteByByte).toEqual(whole);
    expect(whole.map((message) => message.kind)).toEqual(['frame', 'message', 'frame']);
    expect(whole[1]).toMatchObject({ startLine: 'RTSP/1.0 200 OK', body: Buffer.from(SDP) });
  });

  it('writes a message back as it reads it', () => {
    const [message] = rtspReader(RESPONSE_LINE)(Buffer.from(DESCRIBED, 'latin1'));
    if (message?.kind !== 'message') throw new Error('no message');
    expect(writeRtspMessage(message.startLine, message.headers, message.body).toString('latin1')).toBe(DESCRIBED);
  });

  it.each([
    ['a bare LF', 'RTSP/1.0 200 OK\nCSeq: 2'],
    ['a leading space', ' RTSP'],
    ['another protocol', 'HTTP/1.1 '],
    ['a CR alone', 'RTSP/1.0 200 OK\rCSeq'],
  ])('refuses %s as soon as it arrives, before the head ends', (_, start) => {
    expect(() => rtspReader(RESPONSE_LINE)(Buffer.from(start, 'latin1'))).toThrow(RtspUnreadable);
  });

  it('refuses a head that never ends', () => {
    const read = rtspReader(RESPONSE_LINE);
    read(Buffer.from('RTSP/1.0 200 OK\r\n'));
    expect(() => read(Buffer.from(`X-Padding: ${'a'.repeat(20_000)}\r\n`))).toThrow(RtspUnreadable);
  });
});
