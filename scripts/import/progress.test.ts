import { describe, expect, it } from 'vitest';
import { createProgress, formatDuration, formatProgressLine } from './progress';

function recorder(isTTY: boolean) {
  const writes: string[] = [];
  return { writes, output: { isTTY, write: (text: string) => writes.push(text) } };
}

describe('formatDuration', () => {
  it('uses seconds, minutes and hours as the size needs', () => {
    expect(formatDuration(4.4)).toBe('4s');
    expect(formatDuration(125)).toBe('2m05s');
    expect(formatDuration(3 * 3600 + 7 * 60)).toBe('3h07m');
    expect(formatDuration(Infinity)).toBe('--');
  });
});

describe('formatProgressLine', () => {
  it('shows the count, the rate and the time left', () => {
    expect(formatProgressLine(10, 40, 5)).toBe(`[${'#'.repeat(6)}${'-'.repeat(18)}] 10/40  2.0 files/s  ETA 15s`);
  });

  it('has no estimate before the first file and none left at the end', () => {
    expect(formatProgressLine(0, 3, 0)).toContain('ETA --');
    expect(formatProgressLine(3, 3, 2)).toContain('ETA 0s');
  });
});

describe('createProgress', () => {
  it('redraws one line in place on a terminal', () => {
    const { writes, output } = recorder(true);
    let clock = 0;
    const progress = createProgress(2, output, () => clock);
    clock = 1;
    progress.advance();
    progress.advance();
    progress.finish();
    expect(writes).toEqual([`\r${formatProgressLine(1, 2, 1)}`, `\r${formatProgressLine(2, 2, 1)}`, '\n']);
  });

  it('writes a plain line per tenth of the files when the output is not a terminal', () => {
    const { writes, output } = recorder(false);
    const progress = createProgress(25, output, () => 0);
    for (let file = 0; file < 25; file += 1) progress.advance();
    progress.finish();
    expect(writes).toHaveLength(10);
    expect(writes.every((line) => line.endsWith('\n') && !line.includes('\r'))).toBe(true);
    expect(writes.at(-1)).toContain('25/25');
  });
});
