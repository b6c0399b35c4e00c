// The label import's reading thread: unzips, decodes and parses the uploaded files, off the service's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import type { ImportFormat } from '../../src/api/schemas/imports';
import { DomainError } from '../errors';
import { ExportNotes } from '../export/notes';
import { LABEL_PARSERS } from './formats';
import { LabelsCollector } from './formats/parsed';
import { openLabelSource, type UploadedFile } from './label-source';
import { applyManifest, readManifest } from './manifest';
import type { FileImage } from './formats/parsed';
import type { ParseReply } from './parse-labels';

/** Marks sent in one message at most: each message is unpacked on the service's thread, so none may take long. */
const MARKS_PER_MESSAGE = 20_000;

const { format, uploads, checkOnly } = workerData as { format: ImportFormat; uploads: UploadedFile[]; checkOnly: boolean };

async function parse(): Promise<ParseReply> {
  const source = await openLabelSource(uploads);
  try {
    const notes = new ExportNotes();
    const parsed = await LABEL_PARSERS[format](source, notes, new LabelsCollector(!checkOnly));
    applyManifest(parsed.images, await readManifest(source));
    // A check sends back only that the files read, not the labels: a job reads them again where it records them.
    if (!checkOnly) sendImages(parsed.images);
    return { parsed: { classes: parsed.classes, images: [] }, notes: notes.list() };
  } finally {
    source.close();
  }
}

/** The images in messages of about MARKS_PER_MESSAGE marks, ahead of the reply that ends them. */
function sendImages(images: readonly FileImage[]): void {
  let batch: FileImage[] = [];
  let marks = 0;
  for (const image of images) {
    batch.push(image);
    marks += image.marks.length + 1;
    if (marks < MARKS_PER_MESSAGE) continue;
    parentPort!.postMessage({ images: batch } satisfies ParseReply);
    [batch, marks] = [[], 0];
  }
  if (batch.length > 0) parentPort!.postMessage({ images: batch } satisfies ParseReply);
}

parse().then(
  (reply) => parentPort!.postMessage(reply),
  (error: unknown) => {
    const refusal = error instanceof DomainError && (error.kind === 'invalid' || error.kind === 'too-large');
    parentPort!.postMessage({ error: refusal ? { kind: error.kind, message: error.message } : { kind: 'failed', message: String((error as Error)?.stack ?? error) } } satisfies ParseReply);
  },
);
