// UI benchmarks in headless Chromium against a running local service (the built SPA served by it), signed in as
// the demo labeller. Scenes are the real routes with ?debug=1: the 1,000-box scene is the media-label route of a
// box_detection application with its annotation replaced through window.__looplabel.replaceAnnotation (the same
// edit path a gesture takes), so nothing bench-only ships in the app.
import { chromium, type Page } from '@playwright/test';

/** The part of the workspace's ?debug=1 hook (src/features/labelling/debug-hook.ts) the benchmarks use. */
interface BenchBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface BenchAnnotation {
  type: string;
  boxes?: BenchBox[];
  selected?: number | null;
}
declare global {
  interface Window {
    __looplabel?: {
      mediaId: string | null;
      annotation: BenchAnnotation | null;
      camera: { scale: number; x: number; y: number } | null;
      drawn: Record<string, number>;
      replaceAnnotation(annotation: BenchAnnotation): void;
    };
  }
}

const EMAIL = 'labeller@demo.test';
const PASSWORD = 'looplabel-demo';
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

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

async function api<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
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
  const basic = Buffer.from(`${EMAIL}:${PASSWORD}`).toString('base64');
  const token = (await (await fetch(`${baseUrl}/1/token`, { headers: { authorization: `Basic ${basic}` } })).json()) as {
    access_token: string;
    tenant_id: string;
  };
  const apps = (await api<{ data: { application_id: string; type: string }[] }>(baseUrl, token.access_token, '/1/tenants/current/applications')).data;
  const boxApp = apps.find((a) => a.type === 'box_detection');
  if (!boxApp) throw new Error('The UI benchmarks need a box_detection application (the demo data has one).');
  const appPath = `${baseUrl}/t/${token.tenant_id}/apps/${boxApp.application_id}`;

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, baseUrl);
    const answerToNextDrawnMedianMs = await answerToNextDrawn(page, `${appPath}/label?debug=1`, 5);

    // The 1,000-box scene on the largest media the service holds (upload a 4000x3000 image to make it honest).
    const media = await api<{ data: { media: { media_id: string; image_width: number; image_height: number } }[] }>(
      baseUrl,
      token.access_token,
      `/1/applications/${boxApp.application_id}/detections?limit=100`,
    );
    const largest = media.data.map((r) => r.media).sort((a, b) => b.image_width * b.image_height - a.image_width * a.image_height)[0];
    if (!largest) throw new Error('No media to build the 1,000-box scene on.');
    const loadStart = Date.now();
    await page.goto(`${appPath}/media/${largest.media_id}/label?debug=1`);
    await page.getByRole('button', { name: /Accept/ }).waitFor();
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
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const loadToInteractiveMs = Date.now() - loadStart;

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
      const firstBox = a.boxes?.[0];
      if (a.type !== 'box_detection' || !firstBox) return null;
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
