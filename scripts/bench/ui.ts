// UI benchmarks in headless Chromium (the project's flags, e2e/support/chromium.ts) against a running local service
// (the built SPA served by it), signed in as the demo labeller. Scenes are the real routes with ?debug=1: box
// scenes are the media-label route of a box_detection application with its annotation replaced through
// window.__looplabel.replaceAnnotation (the same edit path a gesture takes), so nothing bench-only ships in the app.
// Gestures are real input events, one per animation frame (ui-frames.ts).
// Run on its own (`npx tsx scripts/bench/ui.ts`, after `npx vite build`) it starts a fresh service with the demo data.
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../e2e/support/chromium';
import { startService, waitForDemoQueues } from '../../e2e/support/service';
import { getApplication, listApplications } from '../../src/api/endpoints/applications';
import type { Media } from '../../src/api/schemas/media';
import { percentile } from './stats';
import { formatTable } from './table';
import { measureFloor, type FloorFigures } from './ui-floor';
import { measureFindMore, printFindMore, type FindMoreFigures } from './ui-find-more';
import { gestureFigures, recordInputs, type FrameRecord, type GestureFigures } from './ui-frames';
import { routeBytes } from './ui-route-size';
import { SCREEN } from './ui-screen';
import { insertBoxes, LABELLER, signedInClient, signIn, stageCentre, UPLOADER, uploadPhoto, waitForDrawn } from './ui-scenes';
import type { BoxAnnotation } from '../../src/features/labelling/types/box-detection/module';

const BOX_COUNTS = [1000, 5000] as const;
const INSERTED_BOXES = 1000;
const INSERTS = 5;
const INPUTS_PER_GESTURE = 60;
const REPETITIONS = 3;

interface SceneFigures {
  readonly boxes: number;
  readonly zoom: GestureFigures;
  readonly pan: GestureFigures;
  readonly drag: GestureFigures;
}

export interface UiBenchmarkResults {
  answerToNextDrawnMedianMs: number | null;
  /** Navigation start → the item's image and marks drawn, empty cache. */
  loadToFirstDrawMs: number;
  /** replaceAnnotation with 1,000 boxes → the end of the frame that painted them: on the cold page, and the median of 5. */
  firstInsertMs: number;
  insertDrawnMs: number;
  /** JS and CSS the labelling route fetched until its first item was drawn, gzip bytes. */
  routeGzipBytes: number;
  /** The worst frame while wheel zooming takes the image from a resized copy to the original. */
  switch: GestureFigures;
  scenes: SceneFigures[];
  /** The same zoom and pan on a page that only moves one image: the best this browser does on this screen. */
  floor: FloorFigures;
  /** "Find more like these" on the many-instance photos: the key → the proposals drawn. */
  findMore: FindMoreFigures;
}

async function answerToNextDrawn(page: Page, labelUrl: string, answers: number): Promise<number | null> {
  await page.goto(labelUrl);
  // Accept counts once the item has been on screen for the look time.
  await page.waitForFunction(() => window.__looplabel?.answerable);
  const samples: number[] = [];
  for (let i = 0; i < answers; i += 1) {
    const before = await page.evaluate(() => window.__looplabel?.mediaId ?? null);
    const start = await page.evaluate(() => performance.now());
    await page.keyboard.press('Enter');
    const drawnAt = await page
      .waitForFunction(
        (previous) => {
          const debug = window.__looplabel;
          return debug && debug.mediaId !== previous && debug.mediaId ? (debug.drawn[debug.mediaId] ?? false) : false;
        },
        before,
        { timeout: 5_000 },
      )
      .then((handle) => handle.jsonValue() as Promise<number>)
      .catch(() => null);
    if (drawnAt === null) break;
    samples.push(drawnAt - start);
    await page.waitForFunction(() => window.__looplabel?.answerable);
  }
  return samples.length > 0 ? percentile(samples, 50) : null;
}

/** Signed in, then the HTTP cache emptied: the next navigation is a cold open with the session kept. */
async function coldPage(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext({ ...SCREEN, serviceWorkers: 'block' });
  const page = await context.newPage();
  // tsx compiles with keepNames, which wraps named functions in the page scripts in a `__name` helper.
  await page.addInitScript('window.__name = (fn) => fn');
  await signIn(page, baseUrl);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  return page;
}

async function coldOpen(page: Page, url: string, media: Media) {
  const fetched = routeBytes(page);
  await page.goto(url);
  const loadToFirstDrawMs = await waitForDrawn(page, media);
  const routeGzipBytes = fetched.stop();
  const firstInsertMs = await insertBoxes(page, media, INSERTED_BOXES);
  // Each insert puts new boxes in place of the last: the whole layer is drawn again every time.
  const inserts = [firstInsertMs];
  for (let i = 1; i < INSERTS; i += 1) {
    await page.waitForTimeout(300);
    inserts.push(await insertBoxes(page, media, INSERTED_BOXES));
  }
  return { loadToFirstDrawMs, routeGzipBytes, firstInsertMs, insertDrawnMs: percentile(inserts, 50) };
}

const repeat = async (times: number, run: (repetition: number) => Promise<FrameRecord>) => {
  const records = [];
  for (let i = 0; i < times; i += 1) records.push(await run(i));
  return gestureFigures(records, times * INPUTS_PER_GESTURE);
};

const steps = (count: number, input: (i: number) => Promise<void>) => Array.from({ length: count }, (_, i) => () => input(i));

/** Wheel steps from fit to past the switch to the original, then frames until the original has been drawn. */
async function zoomAcrossTheSwitch(page: Page, url: string, media: Media): Promise<GestureFigures> {
  const original = page.waitForResponse((response) => response.url() === media.media_url).then((response) => response.finished());
  await page.goto(url);
  await waitForDrawn(page, media);
  const centre = await stageCentre(page);
  await page.mouse.move(centre.x, centre.y);
  const record = await recordInputs(page, [
    ...steps(20, () => page.mouse.wheel(0, -60)),
    async () => void (await original),
    ...steps(60, () => page.waitForTimeout(0)),
  ]);
  return gestureFigures([record], 20);
}

/** 60 wheel zooms, 60 Space+drag pan moves and 60 box drag moves, each 3 times, one input per frame. */
async function sceneFrames(page: Page, boxes: number): Promise<SceneFigures> {
  const centre = await stageCentre(page);
  await page.mouse.move(centre.x, centre.y);
  const half = INPUTS_PER_GESTURE / 2;
  const zoom = await repeat(REPETITIONS, () => recordInputs(page, steps(INPUTS_PER_GESTURE, (i) => page.mouse.wheel(0, i < half ? -60 : 60))));
  const pan = await repeat(REPETITIONS, async (repetition) => {
    const direction = repetition % 2 === 0 ? 1 : -1;
    await page.keyboard.down(' ');
    await page.mouse.down();
    const record = await recordInputs(page, steps(INPUTS_PER_GESTURE, (i) => page.mouse.move(centre.x + direction * i * 4, centre.y + direction * i * 2)));
    await page.mouse.up();
    await page.keyboard.up(' ');
    return record;
  });

  await page.keyboard.press('0');
  await page.waitForTimeout(300);
  const first = await page.evaluate(() => {
    const debug = window.__looplabel!;
    const a = debug.annotation!;
    const c = debug.camera!;
    const firstBox = a.type === 'box_detection' ? (a as BoxAnnotation).boxes[0] : undefined;
    return firstBox ? { x: (firstBox.x0 + 15) * c.scale + c.x, y: (firstBox.y0 + 15) * c.scale + c.y } : null;
  });
  if (!first) throw new Error('The scene has no box to drag.');
  const start = { x: centre.box.x + first.x, y: centre.box.y + first.y };
  const drag = await repeat(REPETITIONS, async (repetition) => {
    // There and back: the box ends each repetition where it started.
    const direction = repetition % 2 === 0 ? 1 : -1;
    const from = repetition % 2 === 0 ? start : { x: start.x + 3 * (INPUTS_PER_GESTURE - 1), y: start.y + 2 * (INPUTS_PER_GESTURE - 1) };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    const record = await recordInputs(page, steps(INPUTS_PER_GESTURE, (i) => page.mouse.move(from.x + direction * i * 3, from.y + direction * i * 2)));
    await page.mouse.up();
    return record;
  });
  return { boxes, zoom, pan, drag };
}

async function runUiBenchmarks(baseUrl: string): Promise<UiBenchmarkResults> {
  const labeller = await signedInClient(baseUrl, LABELLER);
  const boxApp = (await listApplications(labeller.client)).data.find((a) => a.type === 'box_detection');
  if (!boxApp) throw new Error('The UI benchmarks need a box_detection application (the demo data has one).');
  const appPath = `${baseUrl}/t/${labeller.tenantId}/apps/${boxApp.application_id}`;
  const uploader = await signedInClient(baseUrl, UPLOADER, labeller.tenantId);
  const inputSubject = (await getApplication(uploader.client, boxApp.application_id)).input_subjects[0];
  if (!inputSubject) throw new Error('The box_detection application has no input subject to upload to.');
  const upload = () => uploadPhoto(baseUrl, uploader.token, inputSubject, labeller.client);
  const [cold, switching, ...dense] = [await upload(), await upload(), ...(await Promise.all(BOX_COUNTS.map(upload)))];
  const mediaPage = (media: Media) => `${appPath}/media/${media.media_id}/label?debug=1`;

  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const answerToNextDrawnMedianMs = await answerToNextDrawn(await coldPage(browser, baseUrl), `${appPath}/label?debug=1`, 9);
    const opened = await coldOpen(await coldPage(browser, baseUrl), mediaPage(cold), cold);
    const switchFigures = await zoomAcrossTheSwitch(await coldPage(browser, baseUrl), mediaPage(switching), switching);
    const scenes: SceneFigures[] = [];
    for (const [i, boxes] of BOX_COUNTS.entries()) {
      const page = await coldPage(browser, baseUrl);
      const media = dense[i]!;
      await page.goto(mediaPage(media));
      await waitForDrawn(page, media);
      await insertBoxes(page, media, boxes);
      scenes.push(await sceneFrames(page, boxes));
    }
    const floor = await measureFloor(browser, SCREEN, INPUTS_PER_GESTURE, REPETITIONS);
    const findMore = await measureFindMore(browser, baseUrl);
    return { answerToNextDrawnMedianMs, ...opened, switch: switchFigures, scenes, floor, findMore };
  } finally {
    await browser.close();
  }
}

const ms = (value: number | null) => (value === null ? 'n/a' : value.toFixed(1));

function printUiBenchmarks(results: UiBenchmarkResults) {
  const gestureRow = (label: string, g: GestureFigures, p95Target: string) =>
    [label, g.inputs, ms(g.p95Ms), ms(g.worstFrameMs), g.longFrames, ms(g.longFrameTotalMs), p95Target];
  const rows = results.scenes.flatMap((scene) => {
    const n = scene.boxes.toLocaleString('en');
    return [
      gestureRow(`${n} boxes: zoom (wheel)`, scene.zoom, 'p95 ≤ 16.7, worst ≤ 50'),
      gestureRow(`${n} boxes: pan (Space+drag)`, scene.pan, 'p95 ≤ 16.7, worst ≤ 50'),
      gestureRow(`${n} boxes: drag a box`, scene.drag, 'p95 ≤ 16.7, worst ≤ 50'),
    ];
  });
  rows.push(gestureRow('zoom across the switch to the original', results.switch, 'worst ≤ 50'));
  rows.push(gestureRow('browser floor: zoom one image (no app)', results.floor.zoom, 'the best possible'));
  rows.push(gestureRow('browser floor: pan one image (no app)', results.floor.pan, 'the best possible'));
  const { viewport, deviceScaleFactor } = SCREEN;
  console.log(`Screen ${viewport.width}×${viewport.height} at density ${deviceScaleFactor}; load average ${loadavg().map((l) => l.toFixed(1)).join(', ')}`);
  console.log(formatTable(['Gesture (real input, one per frame)', 'inputs', 'p95 frame ms', 'worst frame ms', 'long frames', 'long frame ms', 'target'], rows));
  console.log('');
  console.log(
    formatTable(
      ['Figure', 'value', 'target'],
      [
        ['cold open: navigation → image and marks drawn (ms)', ms(results.loadToFirstDrawMs), '≤ 1,000 with the boxes'],
        [`insert ${INSERTED_BOXES.toLocaleString('en')} boxes → drawn, median of ${INSERTS} (ms)`, ms(results.insertDrawnMs), '≤ 100'],
        ['cold open with 1,000 boxes: the open and the first insert (ms)', ms(results.loadToFirstDrawMs + results.firstInsertMs), '≤ 1,000'],
        ['answer → next item drawn, median of 9 (ms)', ms(results.answerToNextDrawnMedianMs), '≤ 50'],
        ['labelling route JS+CSS until first draw (KB gzip)', (results.routeGzipBytes / 1024).toFixed(1), '≤ 250'],
        ['find more like these: key → proposals drawn, p50 of 9 (ms)', ms(results.findMore.p50Ms), '≤ 1,000'],
      ],
    ),
  );
  printFindMore(results.findMore);
}

/** The workspace benchmarks against a fresh local service, printed. */
export async function benchmarkWorkspace() {
  const service = await startService();
  try {
    // Measured once the service is quiet: its demo fill would otherwise share the cores with the browser.
    await waitForDemoQueues(service);
    printUiBenchmarks(await runUiBenchmarks(service.url));
  } finally {
    await service.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchmarkWorkspace();
