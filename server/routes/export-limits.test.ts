import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ExportStatus } from '../../src/api/schemas/exports';
import type { StorageUse } from '../../src/api/schemas/storage';
import { exports } from '../db/schema';
import { recordAssertions } from '../domain/assertions';
import { EXPORT_LIMITS } from '../export/export-limits';
import { insertApplication, insertMedia, insertSubject } from '../feedback/test-fixtures';
import { makeImage } from '../media/test-images';
import { createTestApp, type TestApp } from '../testing/test-app';

/** Small enough that a zip with one 200×100 PNG is over it, large enough for the COCO JSON of two images. */
const MAX_BYTES = 1500;

let t: TestApp;
let tenantId: string;
let admin: Record<string, string>;
let userIds: { admin: string; manager: string; labeller: string };
let appId: string;
let scratch: string;

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { exportMaxBytes: MAX_BYTES } });
  tenantId = t.demo!.tenantIds.demoLab;
  userIds = t.demo!.userIds;
  admin = await t.demoAuth('admin@demo.test', tenantId);
  const cat = await insertSubject(t.db, tenantId, 'cat');
  appId = (await insertApplication(t.db, tenantId, 'classification', [cat], { name: 'Limits' })).applicationId;
  const data = await makeImage('png', 200, 100);
  for (let index = 0; index < 2; index += 1) {
    const { mediaId } = await insertMedia(t.db, tenantId, { width: 200, height: 100 }, { blobs: t.app.blobs, data });
    const assertion = { subjectUid: cat, probability: 1, appData: null };
    await recordAssertions(t.db, { tenantId, mediaId, userId: userIds.labeller, appId, decisionTime: 1_700_000_000, assertions: [assertion] });
  }
  scratch = await mkdtemp(path.join(os.tmpdir(), 'looplabel-export-limits-'));
});
afterAll(async () => {
  await t.close();
  await rm(scratch, { recursive: true, force: true });
});
beforeEach(async () => {
  for (const { blobKey } of await t.db.select({ blobKey: exports.blobKey }).from(exports)) await t.app.blobs.delete(blobKey);
  await t.db.delete(exports);
});

/** Every kind of export: one of each may be preparing at a time. */
const KINDS = (['coco', 'yolo', 'voc'] as const).flatMap((format) => [false, true].map((includeImages) => ({ format, includeImages })));

let made = 0;
/** An export row of the user made directly (created `createdAt`), with a file in the blob store when it is ready. */
async function exportRow(requestedBy: string, state: 'preparing' | 'ready', createdAt: number, kind = KINDS[5]!) {
  made += 1;
  const exportId = `exp-limits-${made}`;
  const blobKey = `exports/${exportId}`;
  await t.db.insert(exports).values({
    exportId,
    tenantId,
    applicationId: appId,
    requestedBy,
    format: kind.format,
    includeImages: kind.includeImages,
    state,
    fileName: 'limits.zip',
    blobKey,
    size: state === 'ready' ? 5 : null,
    createdAt,
    expiresAt: createdAt + 86_400 * 365 * 100,
  });
  if (state === 'ready') {
    const file = path.join(scratch, exportId);
    await writeFile(file, 'hello');
    await t.app.blobs.putFile(blobKey, file, 'application/zip');
  }
  return { exportId, blobKey };
}

const start = (body: object) => t.inject({ method: 'POST', url: `/1/applications/${appId}/exports`, headers: admin, payload: body });
const statusOf = (exportId: string) => t.inject({ method: 'GET', url: `/1/applications/${appId}/exports/${exportId}`, headers: admin });

describe('running exports', () => {
  it(`are at most ${EXPORT_LIMITS.runningPerUser} per user: beyond, 429 with Retry-After; the same kind again is the running one`, async () => {
    const coco = await exportRow(userIds.admin, 'preparing', 1, KINDS[0]);
    await exportRow(userIds.admin, 'preparing', 2, KINDS[2]);
    const refused = await start({ format: 'voc' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(EXPORT_LIMITS.retryAfterSeconds));
    expect(refused.json()).toEqual({ message: expect.stringMatching(/You have 2 exports being prepared already.*try again in 30 s/) });
    expect(await t.db.select().from(exports)).toHaveLength(2);

    const same = await start({ format: 'coco', include_images: false });
    expect(same.statusCode).toBe(202);
    expect(same.json<ExportStatus>().export_id).toBe(coco.exportId);
  });

  it(`are at most ${EXPORT_LIMITS.runningPerTenant} per tenant, whoever started them`, async () => {
    for (let index = 0; index < EXPORT_LIMITS.runningPerTenant; index += 1) {
      await exportRow(index % 2 ? userIds.manager : userIds.labeller, 'preparing', index, KINDS[index]);
    }
    const refused = await start({ format: 'voc', include_images: true });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/This tenant has 4 exports being prepared already/);
  });
});

describe('kept exports', () => {
  it(`are at most ${EXPORT_LIMITS.keptPerUser} per user: a new one removes the oldest, its file included`, async () => {
    const kept = [];
    for (let index = 0; index < EXPORT_LIMITS.keptPerUser; index += 1) kept.push(await exportRow(userIds.admin, 'ready', 100 + index));
    const other = await exportRow(userIds.manager, 'ready', 50);
    expect(await t.app.blobs.has(kept[0]!.blobKey)).toBe(true);

    const started = await start({ format: 'coco' });
    expect(started.statusCode).toBe(202);
    expect((await statusOf(kept[0]!.exportId)).statusCode).toBe(404);
    expect(await t.app.blobs.has(kept[0]!.blobKey)).toBe(false);
    for (const { blobKey } of [...kept.slice(1), other]) expect(await t.app.blobs.has(blobKey)).toBe(true);
    await t.app.jobs.drain();
    expect((await statusOf(started.json<ExportStatus>().export_id)).json<ExportStatus>().state).toBe('ready');
  });

  it(`are at most ${EXPORT_LIMITS.keptPerTenant} per tenant: a new one removes the tenant's oldest`, async () => {
    const kept = [];
    for (let index = 0; index < EXPORT_LIMITS.keptPerTenant; index += 1) {
      kept.push(await exportRow([userIds.manager, userIds.labeller][index % 2]!, 'ready', 100 + index));
    }
    expect((await start({ format: 'coco' })).statusCode).toBe(202);
    const left = await t.db.select({ exportId: exports.exportId }).from(exports);
    expect(left).toHaveLength(EXPORT_LIMITS.keptPerTenant);
    expect(left.map((row) => row.exportId)).not.toContain(kept[0]!.exportId);
    expect(await t.app.blobs.has(kept[0]!.blobKey)).toBe(false);
    expect(await t.app.blobs.has(kept[1]!.blobKey)).toBe(true);
  });
});

describe('the size of an export', () => {
  it('fails the export with a clear message once its file would outgrow EXPORT_MAX_BYTES, keeping no partial file', async () => {
    const started = await start({ format: 'coco', include_images: true });
    const { export_id } = started.json<ExportStatus>();
    await t.app.jobs.drain();
    const status = (await statusOf(export_id)).json<ExportStatus>();
    expect(status).toMatchObject({ state: 'failed', size: null, message: expect.stringMatching(/larger than 1500 bytes.*EXPORT_MAX_BYTES.*without images/) });
    expect(await t.app.blobs.has(`exports/${export_id}`)).toBe(false);
    const file = await t.inject({ method: 'GET', url: `/1/applications/${appId}/exports/${export_id}/file`, headers: admin });
    expect(file.statusCode).toBe(409);
    expect(file.json().message).toContain('larger than');

    // The labels alone fit.
    const labels = (await start({ format: 'coco' })).json<ExportStatus>();
    await t.app.jobs.drain();
    expect((await statusOf(labels.export_id)).json<ExportStatus>().state).toBe('ready');
  });
});

describe('GET /1/tenants/current/storage', () => {
  it("counts the tenant's media and its exports' files; tenant administrators only", async () => {
    await exportRow(userIds.manager, 'ready', 10);
    await exportRow(userIds.manager, 'preparing', 11);
    const response = await t.inject({ method: 'GET', url: '/1/tenants/current/storage', headers: admin });
    expect(response.statusCode).toBe(200);
    const use = response.json<StorageUse>();
    const [row] = await t.db.select({ size: exports.size }).from(exports).where(eq(exports.state, 'ready'));
    expect(use.export_bytes).toBe(row!.size);
    expect(use.exports).toBe(2);
    expect(use.media_bytes).toBeGreaterThan(0);
    expect(use.total_bytes).toBe(use.media_bytes + use.export_bytes);

    const labeller = await t.demoAuth('labeller@demo.test', tenantId);
    expect((await t.inject({ method: 'GET', url: '/1/tenants/current/storage', headers: labeller })).statusCode).toBe(403);
  });
});
