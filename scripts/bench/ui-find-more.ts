// "Find more like these" as a labeller waits for it: on each of the many-instance photos (server/testing/many-instances)
// in a new box_detection application, three of its objects boxed by hand (real drags), then L; the time from the key
// to the frame that painted the proposals (the debug hook's `marks`), three times a photo, each find undone first.
// On its own: `npx tsx scripts/bench/ui-find-more.ts` (after `npx vite build`) starts a fresh service with the demo data.
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../e2e/support/chromium';
import { startService, waitForDemoQueues } from '../../e2e/support/service';
import { createApplication } from '../../src/api/endpoints/applications';
import { subjectMediaPath } from '../../src/api/endpoints/media';
import { createSubject } from '../../src/api/endpoints/subjects';
import { subjectMediaUploadSchema } from '../../src/api/schemas/media';
import type { BoxCoords } from '../../src/api/types';
import { percentile } from './stats';
import { SCREEN } from './ui-screen';
import { LABELLER, signedInClient, signIn, UPLOADER } from './ui-scenes';

const PHOTOS = new URL('../../server/testing/many-instances/', import.meta.url);
const PHOTO_NAMES = ['candies', 'capacitors', 'blades'] as const;
const FINDS_PER_PHOTO = 3;
const EXEMPLARS = 3;

export interface FindMoreFigures {
  /** Per photo: the milliseconds from L to the proposals drawn, and how many were proposed. */
  readonly photos: readonly { readonly photo: string; readonly ms: readonly number[]; readonly proposed: number }[];
  readonly p50Ms: number;
}

/** A new box_detection application whose subject no detector class covers, with the photo uploaded to it. */
async function photoItem(baseUrl: string, tenantId: string, photo: string) {
  const admin = (await signedInClient(baseUrl, UPLOADER, tenantId)).client;
  const stamp = `${Date.now()}-${photo}`;
  const trays = await createSubject(admin, { name: `Bench trays ${stamp}` });
  const objects = await createSubject(admin, { name: `Bench objects ${stamp}` });
  const app = await createApplication(admin, { name: `Bench find more ${stamp}`, type: 'box_detection', input_subjects: [trays.subject_uid], output_subjects: [objects.subject_uid] });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await readFile(new URL(`${photo}.jpg`, PHOTOS)))], { type: 'image/jpeg' }), `${stamp}.jpg`);
  const { media_id } = await admin.request(subjectMediaPath(trays.subject_uid), subjectMediaUploadSchema, { method: 'POST', body: form });
  const truth = (JSON.parse(await readFile(new URL(`${photo}.json`, PHOTOS), 'utf8')) as { objects: { box: BoxCoords }[] }).objects.map((o) => o.box);
  return { url: `${baseUrl}/t/${tenantId}/apps/${app.application_id}/media/${media_id}/label?debug=1`, mediaId: media_id, truth };
}

/** Alt+drag from one corner of the box to the other, in image pixels turned into page pixels by the camera. */
async function drawBox(page: Page, box: BoxCoords) {
  const stage = (await page.getByTestId('stage').boundingBox())!;
  const camera = (await page.evaluate(() => window.__looplabel!.camera))!;
  const at = (x: number, y: number) => ({ x: stage.x + x * camera.scale + camera.x, y: stage.y + y * camera.scale + camera.y });
  const [from, to] = [at(box.x0, box.y0), at(box.x1, box.y1)];
  await page.keyboard.down('Alt');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
  await page.keyboard.up('Alt');
}

/** L, then the milliseconds until the frame that painted more than `before` marks; the marks painted then. */
async function timedFind(page: Page, before: number): Promise<{ ms: number; marks: number }> {
  const pressedAt = await page.evaluate(() => performance.now());
  await page.keyboard.press('l');
  await page.waitForFunction((n) => (window.__looplabel?.marks?.count ?? 0) > n, before, { timeout: 30_000 });
  return page.evaluate((at) => ({ ms: window.__looplabel!.marks!.paintedAt - at, marks: window.__looplabel!.marks!.count }), pressedAt);
}

export async function measureFindMore(browser: Browser, baseUrl: string): Promise<FindMoreFigures> {
  const { tenantId } = await signedInClient(baseUrl, LABELLER);
  const context = await browser.newContext({ ...SCREEN, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript('window.__name = (fn) => fn');
  await signIn(page, baseUrl);
  const photos = [];
  try {
    for (const photo of PHOTO_NAMES) {
      const item = await photoItem(baseUrl, tenantId, photo);
      await page.goto(item.url);
      await page.waitForFunction((id) => window.__looplabel?.drawn[id] !== undefined && window.__looplabel.answerable, item.mediaId);
      for (const box of item.truth.slice(0, EXEMPLARS)) await drawBox(page, box);
      await page.waitForFunction((n) => window.__looplabel?.marks?.count === n, EXEMPLARS);
      const ms: number[] = [];
      let proposed = 0;
      for (let run = 0; run < FINDS_PER_PHOTO; run += 1) {
        const find = await timedFind(page, EXEMPLARS);
        ms.push(find.ms);
        proposed = find.marks - EXEMPLARS;
        await page.keyboard.press('Control+z');
        await page.waitForFunction((n) => window.__looplabel?.marks?.count === n, EXEMPLARS);
      }
      photos.push({ photo, ms, proposed });
    }
  } finally {
    await context.close();
  }
  return { photos, p50Ms: percentile(photos.flatMap((p) => p.ms), 50) };
}

export function printFindMore({ photos, p50Ms }: FindMoreFigures) {
  for (const { photo, ms, proposed } of photos) {
    console.log(`find more like these, ${photo}: ${proposed} proposed; key → drawn ${ms.map((m) => m.toFixed(0)).join(', ')} ms`);
  }
  console.log(`find more like these: key → proposals drawn, p50 of ${photos.flatMap((p) => p.ms).length}: ${p50Ms.toFixed(0)} ms`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const service = await startService();
  try {
    await waitForDemoQueues(service);
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      printFindMore(await measureFindMore(browser, service.url));
    } finally {
      await browser.close();
    }
  } finally {
    await service.dispose();
  }
}
