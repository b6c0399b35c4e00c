import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { zipSync } from 'fflate';
import { getImport, importLabelFiles, isImportJob, type LabelFileUpload } from '../../src/api/endpoints/imports';
import type { ApiClient } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import type { ImportFormat, ImportKind, ImportMatch, ImportReport, ImportStatus } from '../../src/api/schemas/imports';
import { signIn, SignInError, type CliCredentials } from '../cli/sign-in';
import { ImportError } from './import-folder';

export interface LabelImportOptions {
  baseUrl: string;
  credentials: CliCredentials;
  tenant?: string;
  applicationId: string;
  format: ImportFormat;
  as: ImportKind;
  /** The outside model's name, for predictions. */
  model?: string;
  /** Where images are looked for by name: the application's media, or all the tenant's. */
  match?: ImportMatch;
  /** Label files, zips, or folders of label files. */
  paths: string[];
}

/** Every file under a folder, by its path relative to the folder (`/`-separated), hidden ones left out. */
async function filesUnder(folder: string): Promise<{ relative: string; absolute: string }[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .map((absolute) => ({ absolute, relative: path.relative(folder, absolute).split(path.sep).join('/') }))
    .filter(({ relative }) => !relative.split('/').some((part) => part.startsWith('.')))
    .sort((a, b) => a.relative.localeCompare(b.relative));
}

/** One file as it is, or everything given (files and folders' contents) zipped into one, folders keeping their layout. */
export async function labelUploads(paths: readonly string[]): Promise<LabelFileUpload[]> {
  const files: { name: string; bytes: Uint8Array }[] = [];
  let fromFolder = false;
  for (const given of paths) {
    const info = await stat(given).catch(() => {
      throw new ImportError(`Cannot read ${given}.`);
    });
    if (info.isDirectory()) {
      fromFolder = true;
      for (const { relative, absolute } of await filesUnder(given)) files.push({ name: relative, bytes: await readFile(absolute) });
    } else {
      files.push({ name: path.basename(given), bytes: await readFile(given) });
    }
  }
  if (files.length === 0) throw new ImportError('The label folders hold no files.');
  if (files.length === 1 && !fromFolder) {
    return [{ name: files[0]!.name, content: new Blob([new Uint8Array(files[0]!.bytes)]) }];
  }
  return [{ name: 'labels.zip', content: new Blob([new Uint8Array(zipSync(Object.fromEntries(files.map((file) => [file.name, file.bytes]))))]) }];
}

/** How often a running import's status is asked for. */
const POLL_MS = 500;

/** Follows an import's job until it is done: its report, or an ImportError saying why it failed. */
async function reportOf(client: ApiClient, appId: string, started: ImportStatus, onProgress: (status: ImportStatus) => void): Promise<ImportReport> {
  let status = started;
  while (status.state === 'running') {
    onProgress(status);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    status = await getImport(client, appId, status.import_id);
  }
  if (status.state === 'failed' || !status.report) throw new ImportError(`The import failed: ${status.message ?? 'no reason given'}`);
  return status.report;
}

/**
 * Imports label files into an application through the service's HTTP API; the service's report. A large import runs
 * as a job on the service, whose progress goes to `onProgress` until its report is there.
 */
export async function importLabels(options: LabelImportOptions, onProgress: (status: ImportStatus) => void = () => {}): Promise<ImportReport> {
  const uploads = await labelUploads(options.paths);
  const { client } = await signIn(options.baseUrl, options.credentials, options.tenant).catch((error: unknown) => {
    throw error instanceof SignInError ? new ImportError(error.message) : error;
  });
  const fields = { format: options.format, as: options.as, match: options.match, model: options.model };
  try {
    const answer = await importLabelFiles(client, options.applicationId, fields, uploads);
    return isImportJob(answer) ? await reportOf(client, options.applicationId, answer, onProgress) : answer;
  } catch (error) {
    throw error instanceof ApiError ? new ImportError(`The service refused the import: ${error.message}`) : error;
  }
}

/** The report as lines for a terminal: the counts, then the skipped images, unknown classes and notes. */
export function formatLabelReport(report: ImportReport): string {
  const what = report.as === 'labels' ? 'labels' : `predictions of ${report.model_id}`;
  const lines = [
    `Imported ${what} (${report.format}): ${report.images} images in the files, ${report.matched} matched, ${report.created} created, ` +
      `${report.unchanged} unchanged, ${report.skipped.length} skipped.`,
  ];
  if (report.skipped.length > 0) lines.push('Skipped:', ...report.skipped.map((skip) => `  ${skip.image}: ${skip.reason}`));
  if (report.unknown_classes.length > 0) {
    lines.push(`Classes that name no output subject (not imported): ${report.unknown_classes.map((entry) => `${entry.name} (${entry.count})`).join(', ')}`);
  }
  if (report.notes.length > 0) lines.push('Notes:', ...report.notes.map((note) => `  ${note.message} (${note.count}×)`));
  return `${lines.join('\n')}\n`;
}
