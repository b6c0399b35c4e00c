/** The boundary of a `multipart/x-mixed-replace; boundary=…` content type; null for any other type. */
export function mjpegBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^\s*multipart\/x-mixed-replace\b/i.test(contentType)) return null;
  const match = /boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  return boundary ? boundary.replace(/^--/, '') : null;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** The first whole part's body in what arrived so far, or null while it is incomplete. */
function firstPart(buffer: Buffer, delimiter: Buffer): Buffer | null {
  const start = buffer.indexOf(delimiter);
  if (start < 0) return null;
  const headersEnd = buffer.indexOf(HEADER_END, start + delimiter.length);
  if (headersEnd < 0) return null;
  const headers = buffer.toString('latin1', start + delimiter.length, headersEnd);
  const bodyStart = headersEnd + HEADER_END.length;
  const length = /^content-length:\s*(\d+)\s*$/im.exec(headers)?.[1];
  if (length !== undefined) return buffer.length >= bodyStart + Number(length) ? buffer.subarray(bodyStart, bodyStart + Number(length)) : null;
  // Without a length, the part ends where the next delimiter starts (a CRLF before it belongs to the delimiter).
  const next = buffer.indexOf(delimiter, bodyStart);
  if (next < 0) return null;
  return buffer.subarray(bodyStart, buffer[next - 2] === 0x0d && buffer[next - 1] === 0x0a ? next - 2 : next);
}

/**
 * The first frame of an MJPEG stream (RFC 2046 multipart, each part one JPEG), read as it arrives and no further:
 * at most `maxBytes` are read before the frame is complete, else it throws. The caller closes the stream.
 */
export async function readFirstMjpegFrame(stream: AsyncIterable<Buffer>, boundary: string, maxBytes: number): Promise<Buffer> {
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  // Grown by doubling, so that a frame arriving in many small chunks is not copied once per chunk.
  let store = Buffer.alloc(64 * 1024);
  let used = 0;
  for await (const chunk of stream) {
    if (used + chunk.length > maxBytes) throw new RangeError(`The stream sent more than ${maxBytes.toLocaleString('en')} bytes without a whole frame.`);
    if (used + chunk.length > store.length) store = Buffer.concat([store.subarray(0, used)], Math.max(store.length * 2, used + chunk.length));
    chunk.copy(store, used);
    used += chunk.length;
    const part = firstPart(store.subarray(0, used), delimiter);
    if (part) return Buffer.from(part);
  }
  throw new RangeError('The stream ended before a whole frame.');
}
