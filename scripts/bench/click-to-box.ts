// Click-to-box timings of GrabCut (the path taken where the detector has no box): in Node on a synthetic 4000×3000
// image, and the real worker in Chromium (through Vite's dev server), from a click's request to its answer.
// `npx tsx scripts/bench/click-to-box.ts`. How well it boxes real objects: scripts/bench/vision/click-to-box.ts.
import { chromium } from '@playwright/test';
import { createServer } from 'vite';
import { chromiumLaunchOptions } from '../../e2e/support/chromium';
import { GrabCutImage } from '../../src/features/labelling/click-to-box/grabcut';
import { loadOpenCv } from '../../src/features/labelling/click-to-box/opencv';
import { syntheticImage } from '../../src/features/labelling/click-to-box/synthetic-image';
import { workingSize } from '../../src/features/labelling/click-to-box/working-scale';

const time = <T>(run: () => T) => {
  const start = performance.now();
  const value = run();
  return { ms: Math.round((performance.now() - start) * 10) / 10, value };
};

async function benchmarkAlgorithm() {
  const load = performance.now();
  const cv = await loadOpenCv();
  const results: Record<string, unknown> = { openCvLoadMs: Math.round(performance.now() - load) };
  for (const size of [{ width: 4000, height: 3000 }, workingSize({ width: 4000, height: 3000 })]) {
    const k = size.width / 4000;
    const object = { x0: 1500 * k, y0: 1000 * k, x1: 2100 * k, y1: 1400 * k, colour: [192, 57, 43] as const };
    const rgba = syntheticImage(size.width, size.height, [120, 130, 110], [object], 8);
    const image = time(() => new GrabCutImage(cv, rgba));
    const onObject = time(() => image.value.objectAt({ x: 1700 * k, y: 1150 * k }));
    const onBackground = time(() => image.value.objectAt({ x: 200 * k, y: 2500 * k }));
    image.value.dispose();
    results[`${size.width}×${size.height}`] = {
      prepareMs: image.ms,
      objectMs: onObject.ms,
      objectBox: onObject.value?.box,
      backgroundMs: onBackground.ms,
      backgroundBox: onBackground.value?.box ?? null,
    };
  }
  return results;
}

async function benchmarkWorker() {
  const server = await createServer({ root: process.cwd(), logLevel: 'warn', server: { port: 0, host: '127.0.0.1' } });
  await server.listen();
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    await page.goto(`${server.resolvedUrls!.local[0]}scripts/bench/click-to-box/index.html`);
    await page.waitForFunction(() => '__bench' in window, null, { timeout: 120_000 });
    return await page.evaluate(() => (window as unknown as { __bench: unknown }).__bench);
  } finally {
    await browser.close();
    await server.close();
  }
}

console.log('GrabCut (Node):', JSON.stringify(await benchmarkAlgorithm(), null, 2));
console.log('worker (Chromium):', JSON.stringify(await benchmarkWorker(), null, 2));
