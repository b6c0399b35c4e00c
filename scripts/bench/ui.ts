// UI benchmarks in headless Chromium against a running local service (the built SPA served by it), signed in as
// the demo labeller. Scenes are the real routes with ?debug=1: the box scenes (1,000 and 5,000) are the media-label route of a
// box_detection application with its annotation replaced through window.__looplabel.replaceAnnotation (the same
// edit path a gesture takes), so nothing bench-only ships in the app.
// Run on its own (`npx tsx scripts/bench/ui.ts`, after `npx vite build`) it starts a fresh service with the demo data.
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../e2e/support/chromium';
import sharp from 'sharp';
import { startService } from '../../e2e/support/service';
import { createApiClient, type ApiClient } from '../../src/api/client';
import { getApplication, listApplications } from '../../src/api/endpoints/applications';
import { getToken } from '../../src/api/endpoints/identity';
import { getMedia, subjectMediaPath } from '../../src/api/endpoints/media';
import type { Media, SubjectMediaUpload } from '../../src/api/schemas/media';
import type {} from '../../src/features/labelling/debug-hook';

const EMAIL = 'labeller@demo.test';
const UPLOADER = 'admin@demo.test';
const PASSWORD = 'looplabel-demo';
const LARGE = { width: 4000, height: 3000 };

export interface UiBenchmarkResults {
  answerToNextDrawnMedianMs: number | null;
  zoomFrameP95Ms: number;
  panFrameP95Ms: number;
  dragFrameP95Ms: number;
  /** The longest frame while wheel zooming takes the image from a resized copy to the original. */
  switchMaxFrameMs: number;
  coldOpenMs: number;
}

const DENSE_BOXES = 5000;
const COLD_OPEN_BOXES = 1000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function signIn(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/sign-in`);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/t\//);
}

async function signedInClient(baseUrl: string, email: string, tenantId?: string): Promise<{ client: ApiClient; token: string; tenantId: string }> {
  const token = await getToken(createApiClient({ baseUrl }), { email, password: PASSWORD }, tenantId);
  return { client: createApiClient({ baseUrl, getToken: () => token.access_token }), token: token.access_token, tenantId: token.tenant_id };
}

/** A 4000×3000 JPEG of noise over a gradient (so it compresses like a photo), uploaded to the subject. */
async function uploadLargeImage(baseUrl: string, token: string, subjectUid: string): Promise<string> {
  const { width, height } = LARGE;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i / 3 / width / height) * 200 + Math.random() * 55;
  const jpeg = await sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'bench-4000x3000.jpg');
  const response = await fetch(`${baseUrl}${subjectMediaPath(subjectUid)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`Uploading the 4000×3000 image: ${response.status} ${await response.text()}`);
  return ((await response.json()) as SubjectMediaUpload).media_id;
}

async function waitForMedia(client: ApiClient, mediaId: string): Promise<Media> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const media = await getMedia(client, mediaId);
    if (media.image_width > 0) return media;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Media ${mediaId} did not get its sizes in 20 s.`);
}

/** Frame durations (ms) while `work` runs, from requestAnimationFrame timestamps in the page. */
async function frameTimes(page: Page, work: () => Promise<void>): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__frames = [];
    w.__recording = true;
    const tick = (t: number) => {
      w.__frames.push(t);
      if (w.__recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await work();
  const stamps = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__recording = false;
    return w.__frames;
  });
  return stamps.slice(1).map((t, i) => t - (stamps[i] ?? t));
}

async function answerToNextDrawn(page: Page, labelUrl: string, answers: number): Promise<number | null> {
  await page.goto(labelUrl);
  await page.getByRole('button', { name: /Accept/ }).waitFor();
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
    await page.waitForTimeout(300);
  }
  return samples.length > 0 ? percentile(samples, 50) : null;
}

export async function runUiBenchmarks(baseUrl: string): Promise<UiBenchmarkResults> {
  const labeller = await signedInClient(baseUrl, EMAIL);
  const apps = (await listApplications(labeller.client)).data;
  const boxApp = apps.find((a) => a.type === 'box_detection');
  if (!boxApp) throw new Error('The UI benchmarks need a box_detection application (the demo data has one).');
  const appPath = `${baseUrl}/t/${labeller.tenantId}/apps/${boxApp.application_id}`;
  const uploader = await signedInClient(baseUrl, UPLOADER, labeller.tenantId);
  const inputSubject = (await getApplication(uploader.client, boxApp.application_id)).input_subjects[0];
  if (!inputSubject) throw new Error('The box_detection application has no input subject to upload to.');
  const upload = async () => waitForMedia(labeller.client, await uploadLargeImage(baseUrl, uploader.token, inputSubject));
  const [dense, cold, switching] = [await upload(), await upload(), await upload()];
  const mediaPage = (media: Media) => `${appPath}/media/${media.media_id}/label?debug=1`;

  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const newPage = async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      // tsx compiles with keepNames, which wraps named functions in the page scripts in a `__name` helper.
      await page.addInitScript('window.__name = (fn) => fn');
      await signIn(page, baseUrl);
      return page;
    };
    const answerToNextDrawnMedianMs = await answerToNextDrawn(await newPage(), `${appPath}/label?debug=1`, 9);
    const coldOpenMs = await coldOpen(await newPage(), mediaPage(cold), cold);
    const switchMaxFrameMs = await zoomAcrossTheSwitch(await newPage(), mediaPage(switching), switching);
    const page = await newPage();
    await openWithBoxes(page, mediaPage(dense), dense, DENSE_BOXES);
    return { answerToNextDrawnMedianMs, switchMaxFrameMs, coldOpenMs, ...(await denseSceneFrames(page)) };
  } finally {
    await browser.close();
  }
}

/** A grid of 30×30 px boxes over the whole image, the first one selected. */
async function openWithBoxes(page: Page, url: string, media: Media, count: number) {
  await page.goto(url);
  await page.waitForFunction((mediaId) => window.__looplabel?.drawn[mediaId] !== undefined, media.media_id);
  await page.evaluate(
    ({ width, height, count }) => {
      const columns = Math.ceil(Math.sqrt((count * width) / height));
      const rows = Math.ceil(count / columns);
      const boxes = Array.from({ length: count }, (_, i) => {
        const x0 = Math.floor(((i % columns) / columns) * (width - 40));
        const y0 = Math.floor((Math.floor(i / columns) / rows) * (height - 40));
        return { x0, y0, x1: x0 + 30, y1: y0 + 30 };
      });
      const debug = window.__looplabel!;
      const annotation = debug.annotation!;
      if (annotation.type === 'box_detection') debug.replaceAnnotation({ ...annotation, boxes, selected: 0 });
    },
    { width: media.image_width, height: media.image_height, count },
  );
}

/** From the navigation's start (performance.now() = 0) to the frame after the boxes were drawn, cache cold. */
async function coldOpen(page: Page, url: string, media: Media): Promise<number> {
  await openWithBoxes(page, url, media, COLD_OPEN_BOXES);
  return page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())))));
}

async function stageCentre(page: Page) {
  const box = (await page.getByTestId('stage').boundingBox())!;
  return { box, x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Wheel steps from fit to past the switch to the original, then frames until the original has been drawn. */
async function zoomAcrossTheSwitch(page: Page, url: string, media: Media): Promise<number> {
  await page.goto(url);
  await page.waitForFunction((mediaId) => window.__looplabel?.drawn[mediaId] !== undefined, media.media_id);
  const centre = await stageCentre(page);
  const original = page.waitForResponse((response) => response.url() === media.media_url);
  const frames = await frameTimes(page, async () => {
    await page.mouse.move(centre.x, centre.y);
    for (let i = 0; i < 20; i += 1) {
      await page.mouse.wheel(0, -60);
      await page.waitForTimeout(30);
    }
    await (await original).finished();
    await page.waitForTimeout(1000);
  });
  return Math.max(...frames);
}

async function denseSceneFrames(page: Page) {
  const centre = await stageCentre(page);
  await page.mouse.move(centre.x, centre.y);
  const zoom = await frameTimes(page, async () => {
    for (let i = 0; i < 30; i += 1) await page.mouse.wheel(0, i < 15 ? -60 : 60);
  });
  const pan = await frameTimes(page, async () => {
    await page.keyboard.down(' ');
    await page.mouse.down();
    for (let i = 0; i < 30; i += 1) await page.mouse.move(centre.x + i * 5, centre.y + i * 3);
    await page.mouse.up();
    await page.keyboard.up(' ');
  });

  await page.keyboard.press('0');
  await page.waitForTimeout(300);
  const first = await page.evaluate(() => {
    const debug = window.__looplabel!;
    const a = debug.annotation!;
    const c = debug.camera!;
    const firstBox = a.type === 'box_detection' ? a.boxes[0] : undefined;
    if (!firstBox) return null;
    return { x: (firstBox.x0 + 15) * c.scale + c.x, y: (firstBox.y0 + 15) * c.scale + c.y };
  });
  if (!first) throw new Error('The dense scene has no box to drag.');
  const start = { x: centre.box.x + first.x, y: centre.box.y + first.y };
  const drag = await frameTimes(page, async () => {
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    for (let i = 0; i < 40; i += 1) await page.mouse.move(start.x + i * 4, start.y + i * 2);
    await page.mouse.up();
  });
  return { zoomFrameP95Ms: percentile(zoom, 95), panFrameP95Ms: percentile(pan, 95), dragFrameP95Ms: percentile(drag, 95) };
}

export function printUiBenchmarks(results: UiBenchmarkResults) {
  const line = (label: string, value: number | null, target: number) =>
    console.log(`${label.padEnd(48)} ${value === null ? 'n/a' : `${value.toFixed(1)} ms`} (target ≤ ${target} ms)`);
  line('answer → next item drawn (median)', results.answerToNextDrawnMedianMs, 50);
  line('5,000 boxes: zoom frame (p95)', results.zoomFrameP95Ms, 16.7);
  line('5,000 boxes: pan frame (p95)', results.panFrameP95Ms, 16.7);
  line('5,000 boxes: dragging a box frame (p95)', results.dragFrameP95Ms, 16.7);
  line('zoom across the switch to the original: max frame', results.switchMaxFrameMs, 50);
  line('cold open with 1,000 boxes', results.coldOpenMs, 600);
}

/** The workspace benchmarks against a fresh local service, printed. */
export async function benchmarkWorkspace() {
  const service = await startService();
  try {
    printUiBenchmarks(await runUiBenchmarks(service.url));
  } finally {
    await service.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchmarkWorkspace();
