import type { ByteRange } from './blob-store';

/**
 * The one range of a `Range: bytes=…` header within a file of `size` bytes (RFC 9110 §14.1.2): `bytes=0-99`,
 * `bytes=100-` or `bytes=-100` (the last 100). 'unsatisfiable' when it starts past the end (416); null when the
 * header is absent, malformed, of another unit or asks for several ranges: then the whole file is the answer.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (last !== '' && end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
