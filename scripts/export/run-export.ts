import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ApiError } from '../../src/api/errors';
import { downloadExport, getExport, startExport } from '../../src/api/endpoints/exports';
import { EXPORT_FORMAT_NAMES, type ExportFormat, type ExportStatus } from '../../src/api/schemas/exports';
import { signIn, SignInError, type CliCredentials } from '../cli/sign-in';
import { formatProgressLine, type ProgressOutput } from '../import/progress';

export interface ExportOptions {
  baseUrl: string;
  credentials: CliCredentials;
  /** A tenant id or name; may be left out when the account has one tenant only. */
  tenant?: string;
  applicationId: string;
  format: ExportFormat;
  includeImages: boolean;
  /** A file, or a folder to put the service's file name in; the current folder when left out. */
  output?: string;
  progressOutput: ProgressOutput;
  /** How often to ask for progress. */
  pollMilliseconds?: number;
}

export interface ExportResult {
  status: ExportStatus;
  path: string;
  seconds: number;
}

/** A problem that stops the export, said in one sentence. */
export class ExportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportError';
  }
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

async function outputPath(output: string | undefined, fileName: string): Promise<string> {
  if (output === undefined) return path.resolve(fileName);
  const isFolder = await stat(output).then((found) => found.isDirectory(), () => false);
  return isFolder ? path.join(output, fileName) : path.resolve(output);
}

/** Asks for progress until the export is ready, printing a line each time more images are written. */
async function waitUntilReady(options: ExportOptions, poll: () => Promise<ExportStatus>): Promise<ExportStatus> {
  const startedAt = performance.now();
  let shown = -1;
  for (;;) {
    const status = await poll();
    if (status.state === 'failed') throw new ExportError(`The service could not prepare the export: ${status.message}`);
    if (status.total > 0 && status.done !== shown) {
      shown = status.done;
      options.progressOutput.write(`Preparing ${formatProgressLine(status.done, status.total, (performance.now() - startedAt) / 1000)}\n`);
    }
    if (status.state === 'ready') return status;
    await sleep(options.pollMilliseconds ?? 250);
  }
}

/** Streams the response to the file, printing the bytes so far on a terminal. */
async function saveBody(response: Response, file: string, status: ExportStatus, output: ProgressOutput): Promise<void> {
  if (!response.body) throw new ExportError('The service sent an empty file.');
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (output.isTTY) output.write(`\rDownloading ${megabytes(received)} of ${megabytes(status.size ?? 0)}`);
      done(null, chunk);
    },
  });
  await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), counter, createWriteStream(file));
  output.write(`${output.isTTY ? '\r' : ''}Downloaded ${megabytes(received)} to ${file}\n`);
}

/** Exports an application's labels through the service's HTTP API and saves the file. */
export async function runExport(options: ExportOptions): Promise<ExportResult> {
  const startedAt = performance.now();
  const { client } = await signIn(options.baseUrl, options.credentials, options.tenant).catch((error: unknown) => {
    throw error instanceof SignInError ? new ExportError(error.message) : error;
  });
  const what = `${EXPORT_FORMAT_NAMES[options.format]} export of application ${options.applicationId}`;
  try {
    const started = await startExport(client, options.applicationId, { format: options.format, include_images: options.includeImages });
    const status = await waitUntilReady(options, () => getExport(client, options.applicationId, started.export_id));
    const file = await outputPath(options.output, status.file_name);
    await saveBody(await downloadExport(client, options.applicationId, status.export_id), file, status, options.progressOutput);
    return { status, path: file, seconds: (performance.now() - startedAt) / 1000 };
  } catch (error) {
    throw error instanceof ApiError ? new ExportError(`The ${what} failed: ${error.message}`) : error;
  }
}

/** `Exported 120 images (COCO JSON) to …/app-coco.json in 2s.` and a line per note. */
export function formatExportSummary({ status, path: file, seconds }: ExportResult): string {
  const notes = status.notes.map((note) => `  ${note.message} (${note.count}×)\n`).join('');
  const images = status.include_images ? ' with their images' : '';
  return `Exported the labels of ${status.total} images${images} (${EXPORT_FORMAT_NAMES[status.format]}) to ${file} in ${seconds.toFixed(1)}s.\n${notes}`;
}
