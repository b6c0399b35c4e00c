// Click-to-box timings: the pure algorithm in Node on a synthetic 4000×3000 image, and the real worker in Chromium
// (through Vite's dev server), from a click's request to its answer. `npx tsx scripts/bench/click-to-box.ts`
import { chromium } from '@playwright/test';
import { createServer } from 'vite';
import { chromiumLaunchOptions } from '../../e2e/support/chromium';
import { toLab } from '../../src/features/labelling/click-to-box/lab-image';
import { growRegion } from '../../src/features/labelling/click-to-box/region';
import { syntheticImage } from '../../src/features/labelling/click-to-box/synthetic-image';
import { workingSize } from '../../src/features/labelling/click-to-box/working-scale';

const time = <T>(run: () => T) => {
  const start = performance.now();
  const value = run();
  return { ms: Math.round((performance.now() - start) * 10) / 10, value };
};

function benchmarkAlgorithm() {
  const results: Record<string, unknown> = {};
  for (const size of [{ width: 4000, height: 3000 }, workingSize({ width: 4000, height: 3000 })]) {
    const k = size.width / 4000;
    const object = { x0: 1500 * k, y0: 1000 * k, x1: 2100 * k, y1: 1400 * k, colour: [192, 57, 43] as const };
    const rgba = syntheticImage(size.width, size.height, [120, 130, 110], [object], 8);
    const lab = time(() => toLab(rgba));
    const onObject = time(() => growRegion(lab.value, { x: 1700 * k, y: 1150 * k }));
    const onBackground = time(() => growRegion(lab.value, { x: 200 * k, y: 2500 * k }));
    results[`${size.width}×${size.height}`] = {
      labMs: lab.ms,
      objectMs: onObject.ms,
      objectBox: onObject.value?.box,
      backgroundMs: onBackground.ms,
      backgroundRegion: onBackground.value,
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

console.log('algorithm (Node):', JSON.stringify(benchmarkAlgorithm(), null, 2));
console.log('worker (Chromium):', JSON.stringify(await benchmarkWorker(), null, 2));
