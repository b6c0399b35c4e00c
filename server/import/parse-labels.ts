import { Worker } from 'node:worker_threads';
import type { ExportNote } from '../../src/api/schemas/exports';
import type { ImportFormat } from '../../src/api/schemas/imports';
import { invalid, tooLarge } from '../errors';
import { createConcurrencyLimit } from '../media/concurrency-limit';
import type { FileImage, ParsedLabels } from './formats/parsed';
import type { UploadedFile } from './label-source';

/**
 * What the reading thread sends: the images in batches, then the classes and notes (the batches' images are added to
 * them), or why the files were refused (or the thread failed).
 */
export type ParseReply =
  | { images: FileImage[] }
  | { parsed: ParsedLabels; notes: ExportNote[] }
  | { error: { kind: 'invalid' | 'too-large' | 'failed'; message: string } };

type FinalReply = Exclude<ParseReply, { images: FileImage[] }>;

/** The reading thread's heap: enough for the limits' worth of labels, far below what would strain the service. */
const THREAD_HEAP_MB = 256;
/** Reading files at the limits takes seconds; a thread still reading after this long is stopped. */
const THREAD_TIMEOUT_MS = 120_000;

/** One import is read at a time: reading takes a core, and the other serves requests. */
const readOneAtATime = createConcurrencyLimit(1);

const outOfMemory = () =>
  tooLarge(`The label files take more memory to read than an import may use (${THREAD_HEAP_MB} MiB): split them into smaller imports.`);

function runThread(format: ImportFormat, uploads: readonly UploadedFile[], checkOnly: boolean): Promise<FinalReply> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./parse-worker-entry.mjs', import.meta.url), {
      workerData: { format, uploads, checkOnly },
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(tooLarge(`Reading the label files took longer than ${THREAD_TIMEOUT_MS / 1000} s: split them into smaller imports.`));
    }, THREAD_TIMEOUT_MS);
    let replied = false;
    const images: FileImage[] = [];
    worker.on('message', (reply: ParseReply) => {
      if ('images' in reply) {
        for (const image of reply.images) images.push(image);
        return;
      }
      replied = true;
      clearTimeout(timer);
      resolve('parsed' in reply ? { ...reply, parsed: { ...reply.parsed, images } } : reply);
      void worker.terminate();
    });
    worker.once('error', (error: Error & { code?: string }) => {
      clearTimeout(timer);
      reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? outOfMemory() : error);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      if (!replied) reject(new Error(`The label files' reading thread stopped (exit code ${code}).`));
    });
  });
}

/**
 * Reads the uploaded label files of one format in a thread of their own, so that unzipping and parsing never hold up
 * the service's requests, and a file that would take too much memory ends that thread, not the service. With
 * `checkOnly`, the files are read in full and refused as they would be, but no labels come back.
 */
export async function parseLabels(format: ImportFormat, uploads: readonly UploadedFile[], checkOnly = false): Promise<{ parsed: ParsedLabels; notes: ExportNote[] }> {
  const reply = await readOneAtATime(() => runThread(format, uploads, checkOnly));
  if (!('error' in reply)) return reply;
  const { kind, message } = reply.error;
  if (kind === 'invalid') throw invalid(message);
  if (kind === 'too-large') throw tooLarge(message);
  throw new Error(`Reading the label files failed: ${message}`);
}
