import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, gte, lt } from 'drizzle-orm';
import type { CreateExportBody, ExportFormat, ExportStatus } from '../../src/api/schemas/exports';
import type { AuthContext } from '../auth/context';
import { DEFAULT_EXPORT_MAX_BYTES } from '../environment';
import type { Database } from '../db';
import { newId } from '../db/ids';
import { applications, exports } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import { conflict, DomainError, notFound } from '../errors';
import { finishJobOnce } from '../jobs/finished';
import type { Job } from '../jobs/queue';
import type { BlobStore, StoredBlob } from '../media/blob-store';
import { makeScratchDir } from '../media/scratch-dir';
import type { ServiceContext } from '../service-context';
import { buildDataset } from './dataset';
import { ExportTooLargeError, lockTenantExports, removeOldestKept, requireRunningRoom } from './export-limits';
import { FORMAT_WRITERS } from './formats';
import { listExportLabels } from './labels-source';
import { ExportNotes } from './notes';
import { isZipped, writeExport } from './write-export';
import { unixNow } from '../db/unix-time';

/** A finished export stays downloadable this long. */
const EXPORT_KEEP_SECONDS = 3600;
/** An export still preparing after this long (its job was given up) is removed like an expired one. */
const EXPORT_RUN_LIMIT_SECONDS = 86_400;
/** Progress is written to the export's row every 1% of the images, and at least every this many. */
const PROGRESS_STEP_LIMIT = 500;

type ExportRow = typeof exports.$inferSelect;

export interface ExportDownload {
  /** The file, with the content type it was stored with. */
  blob: StoredBlob;
  name: string;
}

/** `Lab Cats!` → `lab-cats`: a file name that every system takes. */
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'export';

const fileNameOf = (appName: string, format: ExportFormat, zipped: boolean) => `${slug(appName)}-${format}.${zipped ? 'zip' : 'json'}`;

/** The export's file in the blob store. */
const blobKeyOf = (exportId: string) => `exports/${exportId}`;

const statusOf = (row: ExportRow): ExportStatus => ({
  export_id: row.exportId,
  application_id: row.applicationId,
  format: row.format,
  include_images: row.includeImages,
  coordinates: row.coordinates,
  state: row.state,
  done: row.done,
  total: row.total,
  file_name: row.fileName,
  size: row.size,
  notes: row.notes,
  message: row.message,
  created_at: row.createdAt,
});

/**
 * Starts an export of the application's labels (the caller has checked that they may): its row and its `export`
 * job, in one transaction. While the same export (format, images, coordinates) of the application is being prepared, that one
 * is returned instead of starting another; else the export limits apply (429 beyond a running limit, the oldest
 * kept exports and their files removed beyond a kept limit).
 */
export async function startExport(ctx: ServiceContext, auth: AuthContext, appRow: ApplicationRow, body: Required<CreateExportBody>): Promise<ExportStatus> {
  const zipped = isZipped(FORMAT_WRITERS[body.format], body.include_images);
  const sameExport = and(
    eq(exports.applicationId, appRow.applicationId),
    eq(exports.format, body.format),
    eq(exports.includeImages, body.include_images),
    eq(exports.coordinates, body.coordinates),
    eq(exports.state, 'preparing'),
  );
  const { row, removedBlobKeys } = await ctx.db.transaction(async (tx) => {
    await lockTenantExports(tx, appRow.tenantId);
    // The running one, or (once it finished, or when there is none) a new one; only one can be preparing at a time.
    for (;;) {
      const [running] = await tx.select().from(exports).where(sameExport);
      if (running) return { row: running, removedBlobKeys: [] };
      await requireRunningRoom(tx, appRow.tenantId, auth.userId);
      const exportId = newId('exp');
      const now = unixNow();
      const [created] = await tx
        .insert(exports)
        .values({
          exportId,
          tenantId: appRow.tenantId,
          applicationId: appRow.applicationId,
          requestedBy: auth.userId,
          format: body.format,
          includeImages: body.include_images,
          coordinates: body.coordinates,
          state: 'preparing',
          fileName: fileNameOf(appRow.name, body.format, zipped),
          blobKey: blobKeyOf(exportId),
          createdAt: now,
          expiresAt: now + EXPORT_RUN_LIMIT_SECONDS,
        })
        .onConflictDoNothing()
        .returning();
      if (created) {
        await ctx.jobs.send(tx, 'export', { exportId });
        return { row: created, removedBlobKeys: await removeOldestKept(tx, appRow.tenantId, auth.userId) };
      }
    }
  });
  // Their rows are gone, so nothing serves these files any more; one that cannot be deleted now is only logged.
  for (const key of removedBlobKeys) await ctx.blobs.delete(key).catch((error: unknown) => ctx.log.error({ err: error, key }, 'A removed export file could not be deleted.'));
  ctx.jobs.kick();
  return statusOf(row);
}

/** The export's row; 404 unless it is this tenant's unexpired export of this application (maintenance removes it later). */
async function exportRowOf(db: Database, tenantId: string, applicationId: string, exportId: string): Promise<ExportRow> {
  const [row] = await db
    .select()
    .from(exports)
    .where(
      and(eq(exports.exportId, exportId), eq(exports.tenantId, tenantId), eq(exports.applicationId, applicationId), gte(exports.expiresAt, unixNow())),
    );
  if (!row) throw notFound('Export not found.');
  return row;
}

export async function exportStatus(db: Database, tenantId: string, applicationId: string, exportId: string): Promise<ExportStatus> {
  return statusOf(await exportRowOf(db, tenantId, applicationId, exportId));
}

/** The finished file from the blob store; 409 while it is being prepared or when it failed. */
export async function exportDownload(
  { db, blobs }: Pick<ServiceContext, 'db' | 'blobs'>,
  tenantId: string,
  applicationId: string,
  exportId: string,
): Promise<ExportDownload> {
  const row = await exportRowOf(db, tenantId, applicationId, exportId);
  if (row.state === 'preparing') throw conflict('This export is still being prepared; download it once its state is ready.');
  if (row.state === 'failed') throw conflict(`This export failed: ${row.message}`);
  const blob = await blobs.get(row.blobKey);
  if (!blob) throw notFound('Export not found.');
  return { blob, name: row.fileName };
}

/** Writes the export's progress to its row every 1% of the images (at most every PROGRESS_STEP_LIMIT). */
function progressWriter(db: Database, exportId: string, notes: ExportNotes, total: number) {
  const step = Math.max(1, Math.min(PROGRESS_STEP_LIMIT, Math.ceil(total / 100)));
  let written = 0;
  return async (done: number) => {
    if (done - written < step) return;
    written = done;
    await db.update(exports).set({ done, notes: notes.list() }).where(eq(exports.exportId, exportId));
  };
}

/**
 * Writes the export into a scratch file of this worker, then puts it in the blob store; its images and bytes. The
 * scratch file goes whatever happens, so a failed export (too large, say) leaves no partial file anywhere.
 */
async function writeExportBlob(ctx: ServiceContext, row: ExportRow, appRow: ApplicationRow, notes: ExportNotes): Promise<{ total: number; size: number }> {
  const folder = await makeScratchDir('export');
  try {
    const filePath = path.join(folder, row.fileName);
    const labels = await listExportLabels(ctx.db, appRow.applicationId);
    const dataset = await buildDataset(ctx.db, appRow, labels, notes, row.coordinates);
    await ctx.db.update(exports).set({ total: dataset.images.length, notes: notes.list() }).where(eq(exports.exportId, row.exportId));
    await writeExport({
      path: filePath,
      dataset,
      writer: FORMAT_WRITERS[row.format],
      includeImages: row.includeImages,
      blobs: ctx.blobs,
      notes,
      maxBytes: ctx.config.exportMaxBytes ?? DEFAULT_EXPORT_MAX_BYTES,
      onProgress: progressWriter(ctx.db, row.exportId, notes, dataset.images.length),
    });
    await ctx.blobs.putFile(row.blobKey, filePath, row.fileName.endsWith('.zip') ? 'application/zip' : 'application/json');
    return { total: dataset.images.length, size: (await stat(filePath)).size };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The `export` job: prepares the export on whichever worker runs it and marks it ready (or failed, saying why). A
 * second run of a finished export changes nothing; a run after its worker died starts the file again.
 */
export async function runExportJob(ctx: ServiceContext, { id, data }: Job<'export'>): Promise<void> {
  const [row] = await ctx.db.select().from(exports).where(eq(exports.exportId, data.exportId));
  if (row?.state !== 'preparing') return;
  const notes = new ExportNotes();
  const finish = (values: Partial<ExportRow>) =>
    finishJobOnce(ctx.db, id, (tx, now) =>
      tx
        .update(exports)
        .set({ ...values, notes: notes.list(), finishedAt: now, expiresAt: now + EXPORT_KEEP_SECONDS })
        .where(and(eq(exports.exportId, row.exportId), eq(exports.state, 'preparing'))),
    );
  try {
    const [appRow] = await ctx.db
      .select()
      .from(applications)
      .where(and(eq(applications.applicationId, row.applicationId), eq(applications.tenantId, row.tenantId)));
    if (!appRow) throw notFound('The application was deleted.');
    const { total, size } = await writeExportBlob(ctx, row, appRow, notes);
    await finish({ state: 'ready', done: total, size });
  } catch (error) {
    const explained = error instanceof DomainError || error instanceof ExportTooLargeError;
    if (!explained) ctx.log.error({ err: error, exportId: row.exportId }, 'A label export failed.');
    const message = explained ? error.message : 'Something went wrong while writing the export.';
    await finish({ state: 'failed', message });
  }
}

/** Removes the exports whose time is up, their files first (periodic maintenance). */
export async function removeExpiredExports(db: Database, blobs: BlobStore, now = unixNow()): Promise<void> {
  const expired = await db.select({ exportId: exports.exportId, blobKey: exports.blobKey }).from(exports).where(lt(exports.expiresAt, now));
  for (const { exportId, blobKey } of expired) {
    await blobs.delete(blobKey);
    await db.delete(exports).where(eq(exports.exportId, exportId));
  }
}
