import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../src/api/schemas/imports';
import { assertions } from '../db/schema';
import { insertApplication, insertSubject } from '../feedback/test-fixtures';
import { cocoWithBoxes, declaringSize, withZip64Count, zipOf } from '../testing/hostile-files';
import { postImport, uploadNamed, type SentFile } from '../testing/import-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

// Each case is a file an attacker with a fresh account could send (issue 28): every one is refused with a 4xx that
// names the limit, or imported with the image skipped and why; never a 5xx, never an answer the rules refuse.

let t: TestApp;
let tenantId: string;
let admin: Record<string, string>;
let car: string;
let streets: string;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  tenantId = t.demo!.tenantIds.demoLab;
  admin = await t.demoAuth('admin@demo.test', tenantId);
  car = await insertSubject(t.db, tenantId, 'car');
  streets = await insertSubject(t.db, tenantId, 'streets');
  await uploadNamed(t, admin, 'street_01.jpg', 640, 480, streets);
});
afterAll(() => t.close());

const appOf = async (type: 'box_detection' | 'point' | 'static_count') =>
  (await insertApplication(t.db, tenantId, type, [car], { inputSubjects: [streets] })).applicationId;

const MiB = 1024 * 1024;
const text = (value: string) => new TextEncoder().encode(value);

async function refusal(appId: string, fields: Record<string, string>, files: SentFile[]) {
  const response = await postImport(t, admin, appId, fields, files);
  return { status: response.statusCode, message: response.json<{ message: string }>().message };
}

async function report(appId: string, fields: Record<string, string>, files: SentFile[]): Promise<ImportReport> {
  const response = await postImport(t, admin, appId, fields, files);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportReport>();
}

/** The application's stored answers, as JSON: nothing an answer could not be (no null, NaN or Infinity). */
async function storedAnswers(appId: string): Promise<string> {
  const rows = await t.db.select({ appData: assertions.appData }).from(assertions).where(eq(assertions.appId, appId));
  return JSON.stringify(rows.map((row) => row.appData));
}

describe('label files that would exhaust the service', () => {
  let appId: string;
  beforeAll(async () => {
    appId = await appOf('box_detection');
  });

  it('refuses a CSV of 2,002 columns before reading its 100,000 rows of commas (413)', async () => {
    const header = `filename,class,${Array.from({ length: 2000 }, (_, index) => `c${index}`).join(',')}\n`;
    const csv = header + ',\n'.repeat(100_000);
    expect(await refusal(appId, { format: 'csv' }, [['labels.csv', csv]])).toEqual({ status: 413, message: expect.stringContaining('IMPORT_CSV_COLUMNS_MAX') });
  });

  it('refuses a zip entry that inflates beyond the size it declares (400)', async () => {
    const bomb = declaringSize(zipOf({ 'labels.csv': new Uint8Array(64 * MiB) }), 10);
    const { status, message } = await refusal(appId, { format: 'csv' }, [['bomb.zip', bomb]]);
    expect(status).toBe(400);
    expect(message).toBe('bomb.zip: labels.csv does not unzip to the size it declares, so it is not read.');
  });

  it('stops inflating at IMPORT_TOTAL_MAX_BYTES, whatever the entries declare (413)', async () => {
    const blankLines = new Uint8Array(70 * MiB).fill(0x0a);
    const table = new Uint8Array([...text('filename,class\n')]);
    const zip = zipOf({ 'a.csv': Buffer.concat([table, blankLines]), 'b.csv': Buffer.concat([table, blankLines]), 'c.csv': Buffer.concat([table, blankLines]) });
    expect(zip.length).toBeLessThan(2 * MiB);
    expect(await refusal(appId, { format: 'csv' }, [['blank.zip', zip]])).toEqual({ status: 413, message: expect.stringContaining('IMPORT_TOTAL_MAX_BYTES') });
  });

  it('refuses a COCO file past IMPORT_MARKS_MAX, and answers other requests while it reads it', async () => {
    const zip = zipOf({ 'annotations.json': text(cocoWithBoxes(600_000)) });
    const importing = refusal(appId, { format: 'coco' }, [['coco.zip', zip]]);
    let importDone = false;
    void importing.then(() => (importDone = true));
    // The reading runs in its own thread: the service answers while it goes on.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const version = await t.inject({ method: 'GET', url: '/1/version' });
    expect(version.statusCode).toBe(200);
    expect(importDone).toBe(false);
    expect(await importing).toEqual({ status: 413, message: expect.stringContaining('IMPORT_MARKS_MAX') });
  });

  it('refuses a zip of 150,000 entries by its central directory (413)', async () => {
    const entries = Object.fromEntries(Array.from({ length: 150_000 }, (_, index) => [`i/${index}.jpg`, new Uint8Array(0)]));
    const zip = withZip64Count(zipOf(entries, 0), 150_000);
    expect(await refusal(appId, { format: 'coco' }, [['many.zip', zip]])).toEqual({ status: 413, message: expect.stringContaining('IMPORT_ZIP_ENTRIES_MAX') });
  });

  it('refuses an upload past 200 MiB in all while it arrives (413)', async () => {
    const part = Buffer.alloc(24 * MiB, 0x20);
    const files = Array.from({ length: 9 }, (_, index): SentFile => [`part-${index}.json`, part]);
    expect(await refusal(appId, { format: 'coco' }, files)).toEqual({ status: 413, message: 'The label files are larger than 200 MiB in all.' });
  });
});

describe('labels the answer rules refuse', () => {
  it('stores nothing an answer could not be from a COCO image of width 1e-320 (boxes and points)', async () => {
    const coco = JSON.stringify({
      categories: [{ id: 1, name: 'car' }],
      images: [{ id: 1, file_name: 'street_01.jpg', width: 1e-320, height: 1e-320 }],
      annotations: [{ id: 1, image_id: 1, category_id: 1, bbox: [0, 0, 10, 10], keypoints: [0, 0, 2] }],
    });
    for (const type of ['box_detection', 'point'] as const) {
      const appId = await appOf(type);
      const result = await report(appId, { format: 'coco' }, [['a.json', coco]]);
      expect(result.notes).toEqual(expect.arrayContaining([expect.objectContaining({ message: expect.stringContaining('bad width') })]));
      expect(await storedAnswers(appId)).not.toMatch(/null|NaN|Infinity/);
    }
  });

  it('skips an image of 50,000 boxes with the rule of answers (at most 10,000)', async () => {
    const appId = await appOf('box_detection');
    const result = await report(appId, { format: 'coco' }, [['a.json', cocoWithBoxes(50_000)]]);
    expect(result).toMatchObject({ matched: 1, created: 0, skipped: [{ image: 'street_01.jpg', reason: expect.stringContaining('at most 10,000') }] });
    expect(await storedAnswers(appId)).toBe('[]');
  });

  it.each([
    ['coco', 'a.json', JSON.stringify({ categories: [{ id: 1, name: 'car' }], images: [{ id: 1, file_name: 'street\u0000_01.jpg' }], annotations: [] })],
    ['csv', 'a.csv', 'filename,class\nstreet\u0000_01.jpg,car\n'],
  ])('skips a %s image whose name holds a NUL, saying why', async (format, name, content) => {
    const appId = await appOf('box_detection');
    const result = await report(appId, { format }, [[name, content]]);
    expect(result.skipped).toEqual([{ image: 'street\\u0000_01.jpg', reason: expect.stringContaining('control character') }]);
  });

  it('refuses a voc file that refers to a NUL in a name: XML allows none (400)', async () => {
    const voc = '<annotation><filename>street&#0;_01.jpg</filename><object><name>car</name><bndbox><xmin>1</xmin><ymin>1</ymin><xmax>5</xmax><ymax>5</ymax></bndbox></object></annotation>';
    const refused = await refusal(await appOf('box_detection'), { format: 'voc' }, [['a.xml', voc]]);
    expect(refused).toEqual({ status: 400, message: 'a.xml is not valid XML: The document is not well-formed XML: malformed character entity (line 1, column 32).' });
  });

  it('passes over a YOLO polygon of 1,000,000 coordinates with a note', async () => {
    const appId = await appOf('box_detection');
    const polygon = `0 ${'0.5 '.repeat(1_000_000)}\n0 0.5 0.5 0.1 0.1\n`;
    const result = await report(appId, { format: 'yolo' }, [
      ['classes.txt', 'car\n'],
      ['street_01.txt', polygon],
    ]);
    expect(result).toMatchObject({ matched: 1, created: 1, notes: [expect.objectContaining({ message: expect.stringContaining('IMPORT_YOLO_LINE_MAX_CHARS') })] });
  });
});
