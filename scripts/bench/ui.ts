// UI benchmarks in headless Chromium against a running local service (the built SPA served by it), signed in as
// the demo labeller. Scenes are the real routes with ?debug=1: the 1,000-box scene is the media-label route of a
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
import { getMedia, subjectMediaPath, type SubjectMediaUpload } from '../../src/api/endpoints/media';
import type { Media } from '../../src/api/types';
import type {} from '../../src/features/labelling/debug-hook';

const EMAIL = 'labeller@demo.test';
const UPLOADER = 'admin@demo.test';
const PASSWORD = 'looplabel-demo';
const LARGE = { width: 4000, height: 3000 };

export interface UiBenchmarkResults {
  answerToNextDrawnMedianMs: number | null;
  zoomPanFrameP95Ms: number;
  dragFrameP95Ms: number;
  loadToInteractiveMs: number;
}

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
  const largest = await waitForMedia(labeller.client, await uploadLargeImage(baseUrl, uploader.token, inputSubject));

  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // tsx compiles with keepNames, which wraps named functions in the page scripts in a `__name` helper.
    await page.addInitScript('window.__name = (fn) => fn');
    await signIn(page, baseUrl);
    const answerToNextDrawnMedianMs = await answerToNextDrawn(page, `${appPath}/label?debug=1`, 9);

    await page.goto(`${appPath}/media/${largest.media_id}/label?debug=1`);
    await page.waitForFunction((mediaId) => window.__looplabel?.drawn[mediaId] !== undefined, largest.media_id);
    await page.evaluate(({ width, height }) => {
      const boxes = Array.from({ length: 1000 }, (_, i) => {
        const x0 = Math.floor(((i % 40) / 40) * (width - 40));
        const y0 = Math.floor((Math.floor(i / 40) / 25) * (height - 40));
        return { x0, y0, x1: x0 + 30, y1: y0 + 30 };
      });
      const debug = window.__looplabel!;
      const annotation = debug.annotation!;
      if (annotation.type === 'box_detection') debug.replaceAnnotation({ ...annotation, boxes, selected: 0 });
    }, { width: largest.image_width, height: largest.image_height });
    // From the navigation's start (performance.now() = 0) to the frame after the 1,000 boxes were drawn.
    const loadToInteractiveMs = await page.evaluate(
      () => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())))),
    );

    const stage = page.getByTestId('stage');
    const box = (await stage.boundingBox())!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const zoomPan = await frameTimes(page, async () => {
      await page.mouse.move(centre.x, centre.y);
      for (let i = 0; i < 30; i += 1) await page.mouse.wheel(0, i < 15 ? -60 : 60);
      await page.keyboard.down(' ');
      await page.mouse.down();
      for (let i = 0; i < 30; i += 1) await page.mouse.move(centre.x + i * 5, centre.y + i * 3);
      await page.mouse.up();
      await page.keyboard.up(' ');
    });

    await page.keyboard.press('0');
    const first = await page.evaluate(() => {
      const debug = window.__looplabel!;
      const a = debug.annotation!;
      const c = debug.camera!;
      const firstBox = a.type === 'box_detection' ? a.boxes[0] : undefined;
      if (!firstBox) return null;
      return { x: (firstBox.x0 + 15) * c.scale + c.x, y: (firstBox.y0 + 15) * c.scale + c.y };
    });
    const drag = await frameTimes(page, async () => {
      if (!first) return;
      await page.mouse.move(box.x + first.x, box.y + first.y);
      await page.mouse.down();
      for (let i = 0; i < 40; i += 1) await page.mouse.move(box.x + first.x + i * 4, box.y + first.y + i * 2);
      await page.mouse.up();
    });

    return {
      answerToNextDrawnMedianMs,
      zoomPanFrameP95Ms: percentile(zoomPan, 95),
      dragFrameP95Ms: percentile(drag, 95),
      loadToInteractiveMs,
    };
  } finally {
    await browser.close();
  }
}

export function printUiBenchmarks(results: UiBenchmarkResults) {
  const line = (label: string, value: number | null, target: number) =>
    console.log(`${label.padEnd(44)} ${value === null ? 'n/a' : `${value.toFixed(1)} ms`} (target ≤ ${target} ms)`);
  line('answer → next item drawn (median)', results.answerToNextDrawnMedianMs, 50);
  line('1,000 boxes: zoom and pan frame (p95)', results.zoomPanFrameP95Ms, 16.7);
  line('1,000 boxes: dragging a box frame (p95)', results.dragFrameP95Ms, 16.7);
  line('1,000 boxes: load to interactive', results.loadToInteractiveMs, 500);
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
