// The label import's reading thread: unzips, decodes and parses the uploaded files, off the service's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import type { ImportFormat } from '../../src/api/schemas/imports';
import { DomainError } from '../errors';
import { ExportNotes } from '../export/notes';
import { LABEL_PARSERS } from './formats';
import { openLabelSource, type UploadedFile } from './label-source';
import { applyManifest, readManifest } from './manifest';
import type { ParseReply } from './parse-labels';

const { format, uploads, checkOnly } = workerData as { format: ImportFormat; uploads: UploadedFile[]; checkOnly: boolean };

async function parse(): Promise<ParseReply> {
  const source = await openLabelSource(uploads);
  try {
    const notes = new ExportNotes();
    const parsed = await LABEL_PARSERS[format](source, notes);
    applyManifest(parsed.images, await readManifest(source));
    // A check sends back only that the files read, not the labels: a job reads them again where it records them.
    return { parsed: checkOnly ? { classes: [], images: [] } : parsed, notes: notes.list() };
  } finally {
    source.close();
  }
}

parse().then(
  (reply) => parentPort!.postMessage(reply),
  (error: unknown) => {
    const refusal = error instanceof DomainError && (error.kind === 'invalid' || error.kind === 'too-large');
    parentPort!.postMessage({ error: refusal ? { kind: error.kind, message: error.message } : { kind: 'failed', message: String((error as Error)?.stack ?? error) } } satisfies ParseReply);
  },
);
