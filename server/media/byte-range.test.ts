import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range';

describe('parseByteRange', () => {
  it('reads a closed, an open and a suffix range, clamped to the file', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=950-5000', 1000)).toEqual({ start: 950, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('calls a range that starts past the end unsatisfiable', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=1000-1200', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });

  it('ignores an absent, malformed, reversed or multiple range (the whole file is sent)', () => {
    for (const header of [undefined, '', 'bytes=', 'bytes=-', 'items=0-1', 'bytes=5-1', 'bytes=0-1,4-5', 'bytes=a-b']) {
      expect(parseByteRange(header, 1000)).toBeNull();
    }
  });
});
