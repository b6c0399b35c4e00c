import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { CreateExportBody, ExportFormat, ExportStatus } from '../../src/api/schemas/exports';
import { newId } from '../db/ids';
import type { ApplicationRow } from '../domain/applications';
import { unixNow } from '../domain/assertions';
import { conflict, HttpError, notFound } from '../http/errors';
import { buildDataset } from './dataset';
import { FORMAT_WRITERS } from './formats';
import { listExportLabels } from './labels-source';
import { ExportNotes } from './notes';
import { isZipped, writeExport } from './write-export';

declare module 'fastify' {
  interface FastifyInstance {
    /** Label exports being prepared or ready to download (kept in memory and temporary files). */
    exports: ExportJobs;
  }
}

/** A finished export stays downloadable this long. */
export const EXPORT_KEEP_SECONDS = 3600;

interface ExportJob {
  tenantId: string;
  status: ExportStatus;
  notes: ExportNotes;
  filePath: string;
  finishedAt: number | null;
}

export interface ExportFile {
  path: string;
  name: string;
  size: number;
  contentType: string;
}

/** `Lab Cats!` → `lab-cats`: a file name that every system takes. */
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'export';

const fileNameOf = (appName: string, format: ExportFormat, zipped: boolean) => `${slug(appName)}-${format}.${zipped ? 'zip' : 'json'}`;

/**
 * Prepares exports in the background of the app that started them and keeps each file for EXPORT_KEEP_SECONDS in a
 * private temporary folder, removed when the app closes. An export lives in this process only: a restart forgets it.
 */
export class ExportJobs {
  private readonly jobs = new Map<string, ExportJob>();
  private folder: Promise<string> | null = null;

  constructor(private readonly app: FastifyInstance) {}

  /**
   * Starts an export of the application's labels; the caller has checked that they may. While the same export (format
   * and images) of the application is being prepared, that one is returned instead of starting another.
   */
  start(appRow: ApplicationRow, body: Required<CreateExportBody>): ExportStatus {
    this.forgetExpired();
    const running = [...this.jobs.values()].find(
      ({ status }) =>
        status.state === 'preparing' &&
        status.application_id === appRow.applicationId &&
        status.format === body.format &&
        status.include_images === body.include_images,
    );
    if (running) return this.statusOf(running);
    const writer = FORMAT_WRITERS[body.format];
    const exportId = newId('exp');
    const job: ExportJob = {
      tenantId: appRow.tenantId,
      notes: new ExportNotes(),
      filePath: '',
      finishedAt: null,
      status: {
        export_id: exportId,
        application_id: appRow.applicationId,
        format: body.format,
        include_images: body.include_images,
        state: 'preparing',
        done: 0,
        total: 0,
        file_name: fileNameOf(appRow.name, body.format, isZipped(writer, body.include_images)),
        size: null,
        notes: [],
        message: null,
        created_at: unixNow(),
      },
    };
    this.jobs.set(exportId, job);
    this.app.backgroundJobs.run(`export:${exportId}`, () => this.prepare(job, appRow));
    return this.statusOf(job);
  }

  /** The export's progress; 404 unless it is this tenant's export of this application. */
  status(tenantId: string, applicationId: string, exportId: string): ExportStatus {
    return this.statusOf(this.jobOf(tenantId, applicationId, exportId));
  }

  /** The finished file; 409 while it is being prepared or when it failed. */
  file(tenantId: string, applicationId: string, exportId: string): ExportFile {
    const { status, filePath } = this.jobOf(tenantId, applicationId, exportId);
    if (status.state === 'preparing') throw conflict('This export is still being prepared; download it once its state is ready.');
    if (status.state === 'failed') throw conflict(`This export failed: ${status.message}`);
    const contentType = status.file_name.endsWith('.zip') ? 'application/zip' : 'application/json';
    return { path: filePath, name: status.file_name, size: status.size ?? 0, contentType };
  }

  async close(): Promise<void> {
    if (this.folder) await rm(await this.folder, { recursive: true, force: true });
  }

  private statusOf(job: ExportJob): ExportStatus {
    return { ...job.status, notes: job.notes.list() };
  }

  private jobOf(tenantId: string, applicationId: string, exportId: string): ExportJob {
    this.forgetExpired();
    const job = this.jobs.get(exportId);
    if (!job || job.tenantId !== tenantId || job.status.application_id !== applicationId) throw notFound('Export not found.');
    return job;
  }

  private async prepare(job: ExportJob, appRow: ApplicationRow): Promise<void> {
    const { status } = job;
    try {
      this.folder ??= mkdtemp(path.join(os.tmpdir(), 'looplabel-exports-'));
      job.filePath = path.join(await this.folder, `${status.export_id}-${status.file_name}`);
      const labels = await listExportLabels(this.app.db, appRow.applicationId);
      const dataset = await buildDataset(this.app.db, appRow, labels, job.notes);
      status.total = dataset.images.length;
      await writeExport({
        path: job.filePath,
        dataset,
        writer: FORMAT_WRITERS[status.format],
        includeImages: status.include_images,
        blobs: this.app.blobs,
        notes: job.notes,
        onProgress: (done) => {
          status.done = done;
        },
      });
      status.size = (await stat(job.filePath)).size;
      status.state = 'ready';
    } catch (error) {
      status.state = 'failed';
      status.message = error instanceof HttpError ? error.message : 'Something went wrong while writing the export.';
      if (!(error instanceof HttpError)) this.app.log.error({ err: error, exportId: status.export_id }, 'A label export failed.');
    } finally {
      job.finishedAt = unixNow();
    }
  }

  private forgetExpired(): void {
    const now = unixNow();
    for (const [exportId, job] of this.jobs) {
      if (job.finishedAt === null || now - job.finishedAt < EXPORT_KEEP_SECONDS) continue;
      this.jobs.delete(exportId);
      if (job.filePath) void rm(job.filePath, { force: true });
    }
  }
}

/** Decorates the app with its exports; their files go when the app closes (after the running ones finish). */
export function registerExports(app: FastifyInstance): void {
  app.decorate('exports', new ExportJobs(app));
  app.addHook('onClose', () => app.exports.close());
}
