import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TENANT_NAME } from '../../server/demo/seed-identity';
import { recordAssertions } from '../../server/domain/assertions';
import { insertApplication, insertMedia, insertSubject } from '../../server/feedback/test-fixtures';
import { checkCoco, checkYolo, ZipContents } from '../../server/testing/export-formats';
import { createTestApp, type TestApp } from '../../server/testing/test-app';
import { UsageError } from '../cli/args';
import { EXPORT_USAGE, parseExportArgs } from './args';
import { ExportError, formatExportSummary, runExport, type ExportOptions } from './run-export';

let testApp: TestApp;
let baseUrl: string;
let folder: string;
let appId: string;
let apiKey: string;

beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  folder = await mkdtemp(path.join(os.tmpdir(), 'looplabel-export-'));
  const tenantId = testApp.demo!.tenantIds.demoLab;
  const cat = await insertSubject(testApp.db, tenantId, 'cat');
  appId = (await insertApplication(testApp.db, tenantId, 'box_detection', [cat], { name: 'Cats' })).applicationId;
  const { mediaId } = await insertMedia(testApp.db, tenantId, { width: 100, height: 50 });
  await recordAssertions(testApp.db, {
    tenantId,
    mediaId,
    appId,
    userId: testApp.demo!.userIds.labeller,
    assertions: [{ subjectUid: cat, probability: 1, appData: [{ box: { x0: 0, y0: 0, x1: 50, y1: 25 } }] }],
  });
  const created = await testApp.inject({
    method: 'POST',
    url: '/1/users/current/apiKeys',
    headers: await testApp.demoAuth('admin@demo.test', tenantId),
    payload: { description: 'export test' },
  });
  apiKey = created.json<{ api_key: string }>().api_key;
});

afterAll(async () => {
  await testApp.close();
  await rm(folder, { recursive: true, force: true });
});

const admin = { email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD };

const options = (overrides: Partial<ExportOptions>): ExportOptions => ({
  baseUrl,
  credentials: admin,
  tenant: DEMO_TENANT_NAME,
  applicationId: appId,
  format: 'coco',
  includeImages: false,
  output: folder,
  progressOutput: { write: () => true, isTTY: false },
  pollMilliseconds: 10,
  ...overrides,
});

describe('runExport', () => {
  it('saves COCO JSON under the service file name in the folder given, and reports progress', async () => {
    const lines: string[] = [];
    const result = await runExport(options({ progressOutput: { isTTY: false, write: (text) => lines.push(text) } }));
    expect(result.path).toBe(path.join(folder, 'cats-coco.json'));
    const coco = checkCoco(JSON.parse(await readFile(result.path, 'utf8')));
    expect(coco.annotations.map((annotation) => annotation.bbox)).toEqual([[0, 0, 50, 25]]);
    expect(lines.at(-1)).toBe(`Downloaded 0.0 MB to ${result.path}\n`);
    expect(lines.some((line) => line.startsWith('Preparing [########################] 1/1'))).toBe(true);
    expect(formatExportSummary(result)).toMatch(/^Exported the labels of 1 images \(COCO JSON\) to .*cats-coco\.json in \d+\.\ds\.\n$/);
  });

  it('signs in with an API key and saves YOLO to the file given', async () => {
    const file = path.join(folder, 'labels.zip');
    await runExport(options({ credentials: { apiKey }, format: 'yolo', output: file }));
    expect(checkYolo(ZipContents.read(await readFile(file)), 1).names).toEqual(['cat']);
  });

  it('says in one sentence why it cannot export', async () => {
    await expect(runExport(options({ credentials: { apiKey: 'wrong' } }))).rejects.toThrow(ExportError);
    await expect(runExport(options({ applicationId: 'app_missing' }))).rejects.toThrow(
      'The COCO JSON export of application app_missing failed: Application not found.',
    );
    const labeller = { email: DEMO_ACCOUNTS.labeller.email, password: DEMO_PASSWORD };
    await expect(runExport(options({ credentials: labeller }))).rejects.toThrow(/may do this/);
  });
});

describe('parseExportArgs', () => {
  it('reads the flags, with the demo admin when no credentials are given', () => {
    expect(parseExportArgs(['--app', 'app_1', '--format', 'voc', '--images', '--url', 'http://127.0.0.1:9/'], {})).toEqual({
      baseUrl: 'http://127.0.0.1:9',
      credentials: admin,
      tenant: DEMO_TENANT_NAME,
      applicationId: 'app_1',
      format: 'voc',
      includeImages: true,
      output: undefined,
    });
  });

  it('takes an API key from the flag or LOOPLABEL_API_KEY', () => {
    expect(parseExportArgs(['--app', 'a', '--format', 'coco'], { LOOPLABEL_API_KEY: 'k1' }).credentials).toEqual({ apiKey: 'k1' });
    expect(parseExportArgs(['--app', 'a', '--format', 'coco', '--api-key', 'k2'], {}).credentials).toEqual({ apiKey: 'k2' });
  });

  it.each([
    [['--format', 'coco'], 'Give the application to export with --app <application id>.'],
    [['--app', 'a', '--format', 'csv'], 'Give --format coco, yolo, voc.'],
    [['--app', 'a', '--format', 'coco', '--email', 'x@y.z'], 'Give both --email and --password, or neither.'],
    [['--app', 'a', '--format', 'coco', '--api-key', 'k', '--email', 'x@y.z', '--password', 'p'], 'Give --api-key or --email and --password, not both.'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseExportArgs(argv, {})).toThrow(new UsageError(message));
  });

  it('documents every flag in its usage', () => {
    for (const flag of ['--app', '--format', '--images', '--out', '--url', '--tenant', '--api-key', '--email', '--password']) expect(EXPORT_USAGE).toContain(flag);
  });
});
