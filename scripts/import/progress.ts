export interface ProgressOutput {
  write(text: string): unknown;
  /** A terminal redraws one line in place; anything else gets plain lines. */
  isTTY?: boolean;
}

export interface Progress {
  /** One more file is done (imported or failed). */
  advance(): void;
  /** Ends the progress display (the last line stays). */
  finish(): void;
}

const BAR_WIDTH = 24;

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '--';
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole}s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes}m${String(whole % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}

/** `[#########---------------]  12/40  3.1 files/s  ETA 9s` */
export function formatProgressLine(done: number, total: number, elapsedSeconds: number): string {
  const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
  const rate = elapsedSeconds > 0 ? done / elapsedSeconds : 0;
  const eta = done === total ? 0 : rate > 0 ? (total - done) / rate : Infinity;
  const counter = `${String(done).padStart(String(total).length)}/${total}`;
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${counter}  ${rate.toFixed(1)} files/s  ETA ${formatDuration(eta)}`;
}

/**
 * Progress of `total` files on `output`: on a terminal, one line redrawn after each file; otherwise a plain line
 * each time another tenth of the files is done, so that a log stays short.
 */
export function createProgress(total: number, output: ProgressOutput, now: () => number = () => performance.now() / 1000): Progress {
  const startedAt = now();
  let done = 0;
  let lastTenth = 0;
  const line = () => formatProgressLine(done, total, now() - startedAt);
  return {
    advance() {
      done += 1;
      if (output.isTTY) {
        output.write(`\r${line()}`);
        return;
      }
      const tenth = Math.floor((done * 10) / total);
      if (tenth > lastTenth) {
        lastTenth = tenth;
        output.write(`${line()}\n`);
      }
    },
    finish() {
      if (output.isTTY && done > 0) output.write('\n');
    },
  };
}
