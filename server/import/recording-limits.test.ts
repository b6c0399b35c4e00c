import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../db/ids';
import { media } from '../db/schema';
import { insertApplication, insertSubject } from '../feedback/test-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { runImport } from './run-import';

// Recording a large import must leave the event loop to requests between its transactions (issue 37: a 5 MB CSV of
// 1,397 images held `GET /1/version` for 6.9 s): the embedded database answers without ever waiting, so a loop that
// only awaits it never lets a request in. Figures: `npm run bench:hostile`, docs/performance.md.

const IMAGES = 300;
const BOXES = 20;

let t: TestApp;
let folder: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  folder = await mkdtemp(join(tmpdir(), 'looplabel-recording-'));
});
afterAll(async () => {
  await t.close();
  await rm(folder, { recursive: true, force: true });
});

const nameOf = (index: number) => `street_${String(index).padStart(3, '0')}.jpg`;

describe('recording a label import', () => {
  it('lets the event loop turn between one transaction and the next', async () => {
    const tenantId = t.demo!.tenantIds.demoLab;
    const car = await insertSubject(t.db, tenantId, 'car');
    const appRow = await insertApplication(t.db, tenantId, 'box_detection', [car]);
    const size = { imageWidth: 640, imageHeight: 480, size: 100, md5: 'd41d8cd98f00b204e9800998ecf8427e', originalKey: '0'.repeat(64) };
    const rows = Array.from({ length: IMAGES }, (_, index) => ({ mediaId: newId('med'), tenantId, createdAt: 1, mediaTimestamp: 1, mediaFormat: 'png' as const, ...size, details: { filename: nameOf(index) } }));
    await t.db.insert(media).values(rows);
    const lines = Array.from({ length: IMAGES * BOXES }, (_, row) => `${nameOf(Math.floor(row / BOXES))},car,${row % 600},10,${(row % 600) + 30},40`);
    const path = join(folder, 'labels.csv');
    await writeFile(path, `filename,class,xmin,ymin,xmax,ymax\n${lines.join('\n')}\n`);

    // At each progress report (after a transaction), whether the event loop turned since the one before.
    const turnedBetween: boolean[] = [];
    let turned = true;
    const report = await runImport(
      t.app,
      { tenantId, userId: t.demo!.userIds.admin },
      appRow,
      { fields: { format: 'csv', as: 'labels', match: 'tenant' }, uploads: [{ path, filename: 'labels.csv' }] },
      async () => {
        turnedBetween.push(turned);
        turned = false;
        setImmediate(() => (turned = true));
      },
    );
    expect(report).toMatchObject({ images: IMAGES, matched: IMAGES, created: IMAGES, skipped: [] });
    expect(turnedBetween.length).toBeGreaterThan(1);
    expect(turnedBetween.every(Boolean)).toBe(true);
  });
});
