import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportStatus } from '../../src/api/schemas/exports';
import { insertApplication, insertSubject } from '../feedback/test-fixtures';
import { ZipContents } from '../testing/export-formats';
import { uploadNamed } from '../testing/import-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { readCsvCell } from '../../src/api/csv-cells';

/** What a spreadsheet evaluates when a cell begins with it (OWASP, "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The cells of CSV text, as an RFC 4180 reader (csv-parse, not ours) unquotes them. */
const cellsOf = (text: string): string[][] => parse(text);

describe("an export's manifest.csv", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it('holds a media item named =2+3+0.5 as text, and names each image and its media id', async () => {
    const tenantId = t.demo!.tenantIds.demoLab;
    const admin = await t.demoAuth('admin@demo.test', tenantId);
    const labeller = await t.demoAuth('labeller@demo.test', tenantId);
    const cat = await insertSubject(t.db, tenantId, 'cat');
    const appId = (await insertApplication(t.db, tenantId, 'box_detection', [cat])).applicationId;
    const mediaIds: string[] = [];
    for (const name of ['=2+3+0.5', '=2+3+0.5', '@cmd', '-1.png']) {
      const { media_id } = await uploadNamed(t, admin, name, 40, 30);
      mediaIds.push(media_id);
      const subjects = [{ subject_uid: cat, result: 'True', app_data_type: 'box_set', app_data: [{ box: { x0: 1, y0: 1, x1: 9, y1: 9 } }] }];
      const answered = await t.inject({ method: 'POST', url: `/1/applications/${appId}/feedback`, headers: labeller, payload: { media_id, subjects } });
      expect(answered.statusCode).toBe(204);
    }

    const started = await t.inject({ method: 'POST', url: `/1/applications/${appId}/exports`, headers: admin, payload: { format: 'yolo' } });
    const { export_id } = started.json<ExportStatus>();
    await t.app.jobs.drain();
    const file = await t.inject({ method: 'GET', url: `/1/applications/${appId}/exports/${export_id}/file`, headers: admin });
    const zip = ZipContents.read(file.rawPayload);
    const [header, ...rows] = cellsOf(zip.text('manifest.csv'));

    expect(header).toEqual(['file_name', 'media_id']);
    expect(rows.flat().filter((cell) => FORMULA_START.test(cell))).toEqual([]);
    const named = Object.fromEntries(rows.map(([fileName, mediaId]) => [readCsvCell(fileName!), readCsvCell(mediaId!)]));
    // The manifest names exactly the images whose labels the zip holds, each with its own media item.
    expect(Object.keys(named).map((name) => `labels/${name.replace(/\.[^.]*$/, '')}.txt`).sort()).toEqual(zip.paths('labels/'));
    expect(Object.values(named).sort()).toEqual([...mediaIds].sort());
    expect(named['-1.png']).toBe(mediaIds[3]);
  });
});
