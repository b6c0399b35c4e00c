import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TENANT_NAME } from '../../server/demo/seed-identity';
import { makeImage } from '../../server/media/test-images';
import { bearer, createTestApp, type TestApp } from '../../server/testing/test-app';
import { ImportError, importFolder, type ImportOptions } from './import-folder';
import { formatFailures, formatSummary } from './summary';

const run = promisify(execFile);
const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const admin = { email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD };

let testApp: TestApp;
let baseUrl: string;
let folder: string;
let badFolder: string;

beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  folder = await mkdtemp(path.join(os.tmpdir(), 'looplabel-import-'));
  await mkdir(path.join(folder, 'day 2'));
  await writeFile(path.join(folder, 'first.png'), await makeImage('png', 40, 30));
  await writeFile(path.join(folder, 'day 2', 'second.jpg'), await makeImage('jpeg', 64, 48));
  await writeFile(path.join(folder, 'day 2', 'fake.gif'), 'not an image at all');
  await writeFile(path.join(folder, 'readme.txt'), 'skipped: not an image name');
  badFolder = await mkdtemp(path.join(os.tmpdir(), 'looplabel-import-bad-'));
  await writeFile(path.join(badFolder, 'broken.jpg'), 'neither is this');
});

afterAll(async () => {
  await testApp.close();
  await rm(folder, { recursive: true, force: true });
  await rm(badFolder, { recursive: true, force: true });
});

const silent = { write: () => true, isTTY: false };
const options = (overrides: Partial<ImportOptions>): ImportOptions => ({
  baseUrl,
  folder,
  subject: 'Imported photos',
  credentials: admin,
  tenant: DEMO_TENANT_NAME,
  progressOutput: silent,
  ...overrides,
});

async function subjectMediaCount(subjectUid: string): Promise<number> {
  const token = await testApp.signIn(admin.email, admin.password, testApp.demo!.tenantIds.demoLab);
  const response = await testApp.inject({ method: 'GET', url: `/1/subjects/${subjectUid}/media?limit=100`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: unknown[] }>().data.length;
}

describe('importFolder', () => {
  it('creates the subject, uploads every image file and lists the files the service refused', async () => {
    const progressLines: string[] = [];
    const summary = await importFolder(options({ progressOutput: { isTTY: false, write: (text) => progressLines.push(text) } }));

    expect(summary.subjectCreated).toBe(true);
    expect(summary.subject.name).toBe('Imported photos');
    expect(summary.tenant.name).toBe(DEMO_TENANT_NAME);
    expect(summary.total).toBe(3);
    expect(summary.imported).toBe(2);
    expect(summary.failures).toHaveLength(1);
    expect(summary.failures[0]?.file).toBe(path.join('day 2', 'fake.gif'));
    expect(summary.failures[0]?.message).not.toBe('');
    expect(progressLines.at(-1)).toContain('3/3');
    expect(await subjectMediaCount(summary.subject.subject_uid)).toBe(2);

    expect(formatSummary(summary)).toContain('Imported 2 of 3 images into subject "Imported photos"');
    expect(formatFailures(summary)).toContain(`${path.join('day 2', 'fake.gif')}: `);
  });

  it('imports into an existing subject named by name or uid', async () => {
    const byName = await importFolder(options({ folder: badFolder, subject: 'Imported photos' }));
    expect(byName.subjectCreated).toBe(false);
    const byUid = await importFolder(options({ folder: badFolder, subject: byName.subject.subject_uid }));
    expect(byUid.subject.subject_uid).toBe(byName.subject.subject_uid);
    expect(byUid.imported).toBe(0);
    expect(byUid.failures.map((failure) => failure.file)).toEqual(['broken.jpg']);
  });

  it('stops with one clear error when the sign-in, the tenant or the subject cannot be used', async () => {
    await expect(importFolder(options({ credentials: { ...admin, password: 'wrong password' } }))).rejects.toThrow(
      /Sign-in failed/,
    );
    await expect(importFolder(options({ tenant: 'No such tenant' }))).rejects.toThrow(ImportError);
    await expect(importFolder(options({ tenant: undefined }))).rejects.toThrow(/choose one with --tenant/);
    const labeller = { email: DEMO_ACCOUNTS.labeller.email, password: DEMO_PASSWORD };
    await expect(importFolder(options({ credentials: labeller, subject: 'New subject' }))).rejects.toThrow(
      /Cannot use the subject "New subject"/,
    );
    await expect(importFolder(options({ folder: path.join(folder, 'missing') }))).rejects.toThrow(/Cannot read the folder/);
  });
});

describe('npm run import', () => {
  const importCommand = (target: string) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/import.ts', target, '--subject', 'CLI photos', '--url', baseUrl], {
      cwd: repositoryRoot,
    });

  it('prints a summary and exits 0 when something was imported', async () => {
    const { stdout, stderr } = await importCommand(folder);
    expect(stdout).toContain('Imported 2 of 3 images into subject "CLI photos"');
    expect(stderr).toContain('1 file(s) failed');
  });

  it('exits non-zero when nothing could be imported', async () => {
    const failure = await importCommand(badFolder).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('broken.jpg');
  });
});
