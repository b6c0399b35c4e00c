// Where a gesture's frames go: a Chromium trace (CDP Tracing) of 60 wheel zooms, 60 pan moves or 60 box drag moves
// over a 4000×3000 photo with N boxes, real input one per frame as `npm run bench` sends it, summed by trace event
// and thread. `npx vite build && npx tsx scripts/bench/ui-profile.ts [zoom|pan|drag] [boxes]`; TRACE_FILE=path
// also saves the trace (for chrome://tracing or DevTools).
import { writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../e2e/support/chromium';
import { startService } from '../../e2e/support/service';
import { getApplication, listApplications } from '../../src/api/endpoints/applications';
import { formatTable } from './table';
import { recordInputs } from './ui-frames';
import { insertBoxes, LABELLER, signedInClient, signIn, stageCentre, UPLOADER, uploadPhoto, waitForDrawn } from './ui-scenes';
import { SCREEN } from './ui-screen';
import type { BoxAnnotation } from '../../src/features/labelling/types/box-detection/module';

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

const gestures = {
  async zoom(page: Page) {
    return recordInputs(page, Array.from({ length: 60 }, (_, i) => () => page.mouse.wheel(0, i < 30 ? -60 : 60)));
  },
  async pan(page: Page) {
    const centre = await stageCentre(page);
    await page.keyboard.down(' ');
    await page.mouse.down();
    const record = await recordInputs(page, Array.from({ length: 60 }, (_, i) => () => page.mouse.move(centre.x + i * 4, centre.y + i * 2)));
    await page.mouse.up();
    await page.keyboard.up(' ');
    return record;
  },
  async drag(page: Page) {
    const at = await page.evaluate(() => {
      const { annotation: a, camera: c } = window.__looplabel!;
      const box = a?.type === 'box_detection' ? (a as BoxAnnotation).boxes[0]! : { x0: 0, y0: 0 };
      return { x: (box.x0 + 15) * c!.scale + c!.x, y: (box.y0 + 15) * c!.scale + c!.y };
    });
    const { box } = await stageCentre(page);
    await page.mouse.move(box.x + at.x, box.y + at.y);
    await page.mouse.down();
    const record = await recordInputs(page, Array.from({ length: 60 }, (_, i) => () => page.mouse.move(box.x + at.x + i * 3, box.y + at.y + i * 2)));
    await page.mouse.up();
    return record;
  },
};

/** Complete events' durations summed by thread and name (nested events count in their parents too). */
function summarise(events: TraceEvent[]) {
  const threads = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
  const totals = new Map<string, { ms: number; count: number }>();
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur) continue;
    const key = `${threads.get(`${e.pid}:${e.tid}`) ?? e.tid} | ${e.name}`;
    const total = totals.get(key) ?? { ms: 0, count: 0 };
    totals.set(key, { ms: total.ms + e.dur / 1000, count: total.count + 1 });
  }
  return [...totals].sort((a, b) => b[1].ms - a[1].ms).slice(0, 30);
}

export async function profileGesture(gesture: keyof typeof gestures, boxes: number) {
  const service = await startService();
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const labeller = await signedInClient(service.url, LABELLER);
    const app = (await listApplications(labeller.client)).data.find((a) => a.type === 'box_detection')!;
    const uploader = await signedInClient(service.url, UPLOADER, labeller.tenantId);
    const subject = (await getApplication(uploader.client, app.application_id)).input_subjects[0]!;
    const media = await uploadPhoto(service.url, uploader.token, subject, labeller.client);
    const context = await browser.newContext({ ...SCREEN, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.addInitScript('window.__name = (fn) => fn');
    await signIn(page, service.url);
    await page.goto(`${service.url}/t/${labeller.tenantId}/apps/${app.application_id}/media/${media.media_id}/label?debug=1`);
    await waitForDrawn(page, media);
    await insertBoxes(page, media, boxes);
    const centre = await stageCentre(page);
    await page.mouse.move(centre.x, centre.y);
    await page.waitForTimeout(500);

    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'blink', 'cc', 'viz'] });
    const record = await gestures[gesture](page);
    const raw = await browser.stopTracing();
    if (process.env.TRACE_FILE) await writeFile(process.env.TRACE_FILE, raw);
    const trace = JSON.parse(raw.toString('utf8')) as { traceEvents: TraceEvent[] };
    const longest = Math.max(...record.frames);
    console.log(`${gesture}, ${boxes} boxes: ${record.frames.length} frames, longest ${longest.toFixed(1)} ms, ${record.longFrames.length} long animation frames`);
    console.log(formatTable(['thread | event', 'ms', 'count'], summarise(trace.traceEvents).map(([key, t]) => [key, Math.round(t.ms), t.count])));
  } finally {
    await browser.close();
    await service.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const gesture = (process.argv[2] ?? 'zoom') as keyof typeof gestures;
  await profileGesture(gesture, Number(process.argv[3] ?? 1000));
}
