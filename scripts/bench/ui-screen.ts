/**
 * The screen the workspace benchmarks use: by default a laptop's full-HD screen at twice the density (four times the
 * pixels of 1280×800 at 1, in every frame the canvas draws); `BENCH_SCREEN=1280x800@1` picks another.
 */
function screenFrom(spec: string | undefined) {
  const match = spec ? /^(\d+)x(\d+)@(\d+(?:\.\d+)?)$/.exec(spec) : null;
  if (spec && !match) throw new Error(`BENCH_SCREEN is WIDTHxHEIGHT@DENSITY, such as 1280x800@1, not "${spec}".`);
  return match ? { viewport: { width: Number(match[1]), height: Number(match[2]) }, deviceScaleFactor: Number(match[3]) } : { viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 2 };
}

export const SCREEN = screenFrom(process.env.BENCH_SCREEN);
