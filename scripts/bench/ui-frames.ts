// Frames while the canvas is driven with real input, as a labeller's browser would get it: each input is a
// Playwright page.mouse / page.keyboard call (CDP Input.dispatch*, the browser's own input pipeline, not a
// synthetic DOM event), and the next one is sent only after an animation frame has run, so there is one input per
// frame. Two measures, because headless Chromium may not pace frames like a display does:
// - frame times: the intervals between requestAnimationFrame callbacks (16.7 ms is a frame on time);
// - work: Long Animation Frames (PerformanceObserver 'long-animation-frame'), every frame that took over 50 ms
//   of the page's thread, whatever the pacing.
import type { Page } from '@playwright/test';
import { percentile } from './stats';

export interface FrameRecord {
  /** requestAnimationFrame intervals, ms. */
  readonly frames: number[];
  /** Durations of the Long Animation Frames, ms. */
  readonly longFrames: number[];
}

export interface GestureFigures {
  readonly inputs: number;
  readonly p95Ms: number;
  readonly worstFrameMs: number;
  readonly longFrames: number;
  readonly longFrameTotalMs: number;
}

declare global {
  interface Window {
    __bench?: { stamps: number[]; longFrames: number[]; recording: boolean; observer: PerformanceObserver };
  }
}

/** Waits for the page's next animation frame. */
const nextFrame = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

/** Runs `inputs` one per animation frame, recording the frames meanwhile. */
export async function recordInputs(page: Page, inputs: readonly (() => Promise<void>)[]): Promise<FrameRecord> {
  await page.evaluate(() => {
    const bench = { stamps: [] as number[], longFrames: [] as number[], recording: true, observer: undefined as unknown as PerformanceObserver };
    bench.observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longFrames.push(entry.duration);
    });
    bench.observer.observe({ type: 'long-animation-frame' });
    window.__bench = bench;
    const tick = (t: number) => {
      bench.stamps.push(t);
      if (bench.recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await nextFrame(page);
  for (const input of inputs) {
    await input();
    await nextFrame(page);
  }
  // Let the last input's frame finish and its Long Animation Frame entry arrive.
  await nextFrame(page);
  await nextFrame(page);
  const { stamps, longFrames } = await page.evaluate(() => {
    const bench = window.__bench!;
    bench.recording = false;
    bench.observer.disconnect();
    return { stamps: bench.stamps, longFrames: bench.longFrames };
  });
  return { frames: stamps.slice(1).map((t, i) => t - (stamps[i] ?? t)), longFrames };
}

/** Pools repetitions of one gesture. */
export function gestureFigures(records: readonly FrameRecord[], inputs: number): GestureFigures {
  const frames = records.flatMap((r) => r.frames);
  const longFrames = records.flatMap((r) => r.longFrames);
  return {
    inputs,
    p95Ms: percentile(frames, 95),
    worstFrameMs: Math.max(...frames),
    longFrames: longFrames.length,
    longFrameTotalMs: longFrames.reduce((sum, d) => sum + d, 0),
  };
}
