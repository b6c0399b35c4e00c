import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/demo/seed-identity';
import { insertApplication, insertSubject } from '../../server/feedback/test-fixtures';
import { uploadNamed } from '../../server/testing/import-fixtures';
import { createTestApp, type TestApp } from '../../server/testing/test-app';
import { ImportError } from './import-folder';
import { formatLabelReport, importLabels, labelUploads, type LabelImportOptions } from './import-labels';

const run = promisify(execFile);
const repositoryRoot = path.resolve(import.meta.dirname, '../..');

let testApp: TestApp;
let baseUrl: string;
let folder: string;
let appId: string;

const COCO = {
  categories: [{ id: 1, name: 'crate' }, { id: 2, name: 'forklift' }],
  images: [
    { id: 1, file_name: 'dock_1.jpg', width: 100, height: 50 },
    { id: 2, file_name: 'dock_9.jpg', width: 100, height: 50 },
  ],
  annotations: [
    { id: 1, image_id: 1, category_id: 1, bbox: [10.5, 5, 20, 20] },
    { id: 2, image_id: 1, category_id: 2, bbox: [0, 0, 5, 5] },
  ],
};

beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const tenantId = testApp.demo!.tenantIds.demoLab;
  const admin = await testApp.demoAuth(DEMO_ACCOUNTS.admin.email, tenantId);
  await uploadNamed(testApp, admin, 'dock_1.jpg', 100, 50);
  const crate = await insertSubject(testApp.db, tenantId, 'crate');
  appId = (await insertApplication(testApp.db, tenantId, 'box_detection', [crate])).applicationId;
  folder = await mkdtemp(path.join(os.tmpdir(), 'looplabel-labels-'));
  await writeFile(path.join(folder, 'instances.json'), JSON.stringify(COCO));
  await mkdir(path.join(folder, 'yolo', 'labels'), { recursive: true });
  await writeFile(path.join(folder, 'yolo', 'classes.txt'), 'crate\n');
  await writeFile(path.join(folder, 'yolo', 'labels', 'dock_1.txt'), '0 0.5 0.5 0.2 0.4\n');
  await writeFile(path.join(folder, 'yolo', '.DS_Store'), 'hidden');
});

afterAll(async () => {
  await testApp.close();
  await rm(folder, { recursive: true, force: true });
});

const options = (overrides: Partial<LabelImportOptions>): LabelImportOptions => ({
  baseUrl,
  credentials: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD },
  tenant: 'Demo Lab',
  applicationId: appId,
  format: 'coco',
  as: 'labels',
  match: 'tenant',
  paths: [path.join(folder, 'instances.json')],
  ...overrides,
});

describe('labelUploads', () => {
  it('sends one file as it is, and a folder as one zip keeping its layout, hidden files left out', async () => {
    const [single] = await labelUploads([path.join(folder, 'instances.json')]);
    expect(single?.name).toBe('instances.json');
    const [zip] = await labelUploads([path.join(folder, 'yolo')]);
    expect(zip?.name).toBe('labels.zip');
    expect(Object.keys(unzipSync(new Uint8Array(await zip!.content.arrayBuffer()))).sort()).toEqual(['classes.txt', 'labels/dock_1.txt']);
    await expect(labelUploads([path.join(folder, 'missing.json')])).rejects.toThrow(ImportError);
  });
});

describe('importLabels', () => {
  it('imports a COCO file and reports what it did, and changes nothing the second time', async () => {
    const report = await importLabels(options({}));
    expect(report).toMatchObject({ images: 2, matched: 1, created: 1, unknown_classes: [{ name: 'forklift', count: 1 }] });
    const text = formatLabelReport(report);
    expect(text).toContain('Imported labels (coco): 2 images in the files, 1 matched, 1 created, 0 unchanged, 1 skipped.');
    expect(text).toContain('  dock_9.jpg: No media item of this tenant is named dock_9.jpg');
    expect(text).toContain('Classes that name no output subject (not imported): forklift (1)');
    expect(text).toContain('  Fractional coordinates were rounded to whole pixels. (1×)');
    expect(await importLabels(options({}))).toMatchObject({ created: 0, unchanged: 1 });
  });

  it("says why the service refused an import", async () => {
    await expect(importLabels(options({ format: 'voc' }))).rejects.toThrow(/The service refused the import: A Pascal VOC import needs its annotation XML files/);
  });
});

describe('npm run import -- --labels', () => {
  it('imports a folder of YOLO predictions and prints the report', async () => {
    const argv = ['--labels', path.join(folder, 'yolo'), '--format', 'yolo', '--app', appId, '--as', 'predictions', '--model', 'yolov8n', '--url', baseUrl];
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/import.ts', ...argv], { cwd: repositoryRoot });
    expect(stdout).toContain('Imported predictions of external:yolov8n (yolo): 1 images in the files, 1 matched, 1 created');
  });
});
