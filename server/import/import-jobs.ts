import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, gte, lt } from 'drizzle-orm';
import type { ImportStatus } from '../../src/api/schemas/imports';
import type { AuthContext } from '../auth/context';
import type { Database } from '../db';
import { newId } from '../db/ids';
import { labelImports } from '../db/schema';
import { unixNow } from '../db/unix-time';
import { getApplicationRow, type ApplicationRow } from '../domain/applications';
import { DomainError, notFound } from '../errors';
import { finishJobOnce } from '../jobs/finished';
import type { Job } from '../jobs/queue';
import type { BlobStore } from '../media/blob-store';
import { makeScratchDir } from '../media/scratch-dir';
import type { ServiceContext } from '../service-context';
import type { UploadedFile } from './label-source';
import { runImport, type ImportRequest } from './run-import';

/** A finished import's row (and report) stays this long. */
const IMPORT_KEEP_SECONDS = 86_400;
/** An import still running after this long (its job was given up) is removed like a finished one. */
const IMPORT_RUN_LIMIT_SECONDS = 86_400;

type ImportRow = typeof labelImports.$inferSelect;

const statusOf = (row: ImportRow): ImportStatus => ({
  import_id: row.importId,
  application_id: row.applicationId,
  format: row.fields.format,
  as: row.fields.as,
  state: row.state,
  done: row.done,
  total: row.total,
  report: row.report,
  message: row.message,
  created_at: row.createdAt,
});

/**
 * Starts an import as a job: its files into the blob store, then its row and its `import` job in one transaction, so
 * that any worker can read them, and a worker that dies leaves the job to run again.
 */
export async function startImportJob(ctx: ServiceContext, auth: AuthContext, appRow: ApplicationRow, { fields, uploads }: ImportRequest): Promise<ImportStatus> {
  const importId = newId('imp');
  const files = uploads.map((upload, index) => ({ key: `imports/${importId}-${index}`, filename: upload.filename ?? null }));
  for (const [index, upload] of uploads.entries()) await ctx.blobs.putFile(files[index]!.key, upload.path, 'application/octet-stream');
  const now = unixNow();
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(labelImports)
      .values({
        importId,
        tenantId: appRow.tenantId,
        applicationId: appRow.applicationId,
        requestedBy: auth.userId,
        fields,
        files,
        state: 'running',
        createdAt: now,
        expiresAt: now + IMPORT_RUN_LIMIT_SECONDS,
      })
      .returning();
    await ctx.jobs.send(tx, 'import', { importId });
    return created!;
  });
  ctx.jobs.kick();
  return statusOf(row);
}

/** The import's state and progress; 404 unless it is this tenant's import into this application. */
export async function importStatus(db: Database, tenantId: string, applicationId: string, importId: string): Promise<ImportStatus> {
  const [row] = await db
    .select()
    .from(labelImports)
    .where(
      and(
        eq(labelImports.importId, importId),
        eq(labelImports.tenantId, tenantId),
        eq(labelImports.applicationId, applicationId),
        gte(labelImports.expiresAt, unixNow()),
      ),
    );
  if (!row) throw notFound('Import not found.');
  return statusOf(row);
}

/** The import's files from the blob store, each into a private file of this worker's scratch folder. */
async function fetchFiles(blobs: BlobStore, row: ImportRow, folder: string): Promise<UploadedFile[]> {
  const uploads: UploadedFile[] = [];
  for (const [index, { key, filename }] of row.files.entries()) {
    const blob = await blobs.get(key);
    if (!blob) throw new Error(`The import's file ${key} is missing from the blob store.`);
    const path = join(folder, `upload-${index}`);
    const body = Buffer.isBuffer(blob.body) ? Readable.from([blob.body]) : (blob.body as NodeJS.ReadableStream);
    await pipeline(body, createWriteStream(path, { mode: 0o600 }));
    uploads.push({ path, filename: filename ?? undefined });
  }
  return uploads;
}

/**
 * The `import` job: reads and records the import's files on whichever worker runs it, writing its progress, then its
 * report (or why it failed), and removes its files. Recording is per image and idempotent, so a run after its worker
 * died takes up where the first stopped: what was recorded counts as unchanged.
 */
export async function runImportJob(ctx: ServiceContext, { id, data }: Job<'import'>): Promise<void> {
  const [row] = await ctx.db.select().from(labelImports).where(eq(labelImports.importId, data.importId));
  if (row?.state !== 'running') return;
  const finish = (values: Partial<ImportRow>) =>
    finishJobOnce(ctx.db, id, (tx, now) =>
      tx
        .update(labelImports)
        .set({ ...values, finishedAt: now, expiresAt: now + IMPORT_KEEP_SECONDS })
        .where(and(eq(labelImports.importId, row.importId), eq(labelImports.state, 'running'))),
    );
  const folder = await makeScratchDir('import');
  try {
    const appRow = await getApplicationRow(ctx.db, row.tenantId, row.applicationId);
    const uploads = await fetchFiles(ctx.blobs, row, folder);
    const progress = async (done: number, total: number) => {
      await ctx.db.update(labelImports).set({ done, total }).where(eq(labelImports.importId, row.importId));
    };
    const report = await runImport(ctx, { tenantId: row.tenantId, userId: row.requestedBy }, appRow, { fields: row.fields, uploads }, progress);
    await finish({ state: 'done', done: report.images, total: report.images, report });
  } catch (error) {
    if (!(error instanceof DomainError)) ctx.log.error({ err: error, importId: row.importId }, 'A label import failed.');
    await finish({ state: 'failed', message: error instanceof DomainError ? error.message : 'Something went wrong while importing the labels.' });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  for (const { key } of row.files) await ctx.blobs.delete(key).catch((error: unknown) => ctx.log.error({ err: error, key }, "An import's file could not be deleted."));
}

/** Removes the imports whose time is up, and any file a given-up one left (periodic maintenance). */
export async function removeExpiredImports(db: Database, blobs: BlobStore, now = unixNow()): Promise<void> {
  const expired = await db.select({ importId: labelImports.importId, files: labelImports.files }).from(labelImports).where(lt(labelImports.expiresAt, now));
  for (const { importId, files } of expired) {
    for (const { key } of files) await blobs.delete(key);
    await db.delete(labelImports).where(eq(labelImports.importId, importId));
  }
}
