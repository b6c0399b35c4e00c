import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { PRIVATE_FILE_MODE } from '../data-dir';
import type { BlobStore } from '../media/blob-store';
import type { ExportDataset } from './dataset';
import { ExportTooLargeError } from './export-limits';
import { manifestFile } from './manifest';
import type { ExportFile, FormatWriter } from './formats/format-writer';
import type { ExportNotes } from './notes';

export interface WriteExportOptions {
  /** The file to write. */
  path: string;
  dataset: ExportDataset;
  writer: FormatWriter;
  includeImages: boolean;
  blobs: BlobStore;
  notes: ExportNotes;
  /** The file may not grow beyond this many bytes (ExportTooLargeError). */
  maxBytes: number;
  /** Called with the number of images written so far; writing waits for it. */
  onProgress(done: number): Promise<void>;
}

/** True when the export is a zip; false when it is the format's one label file as it is. */
export const isZipped = (writer: FormatWriter, includeImages: boolean) => includeImages || writer.multiFile;

/**
 * A zip written as it is made: each entry streams through to the file, waiting whenever the disk falls behind, and
 * failing once the file would outgrow `maxBytes`.
 */
function zipStream(out: WriteStream, maxBytes: number) {
  let failure: Error | null = null;
  let written = 0;
  const zip = new Zip((error, chunk, final) => {
    written += chunk?.length ?? 0;
    if (error) failure = error;
    else if (written > maxBytes) failure ??= new ExportTooLargeError(maxBytes);
    else out.write(chunk);
    if (final || error) out.end();
  });
  const drained = async () => {
    if (failure) throw failure;
    if (out.writableNeedDrain) await once(out, 'drain');
  };
  return {
    /** Text compresses; images are already compressed and are stored as they are. */
    async add(path: string, chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, compress: boolean) {
      const entry = compress ? new ZipDeflate(path, { level: 6 }) : new ZipPassThrough(path);
      zip.add(entry);
      for await (const chunk of chunks) {
        entry.push(chunk);
        await drained();
      }
      entry.push(new Uint8Array(0), true);
      await drained();
    },
    async end() {
      zip.end();
      await finished(out);
      if (failure) throw failure;
    },
  };
}

async function imageChunks(blobs: BlobStore, key: string): Promise<AsyncIterable<Uint8Array> | Iterable<Uint8Array> | null> {
  const blob = await blobs.get(key);
  if (!blob) return null;
  return Buffer.isBuffer(blob.body) ? [blob.body] : (blob.body as AsyncIterable<Uint8Array>);
}

/** Writes the export: the label files, then (when asked) each image from the blob store, counting images as it goes. */
export async function writeExport(options: WriteExportOptions): Promise<void> {
  const { dataset, writer, notes } = options;
  const labelFiles = writer.labelFiles(dataset, notes);
  if (!isZipped(writer, options.includeImages)) {
    if (Buffer.byteLength(labelFiles[0]!.content) > options.maxBytes) throw new ExportTooLargeError(options.maxBytes);
    await writeFile(options.path, labelFiles[0]!.content, { mode: PRIVATE_FILE_MODE });
    await options.onProgress(dataset.images.length);
    return;
  }
  const out = createWriteStream(options.path, { mode: PRIVATE_FILE_MODE });
  try {
    await writeZip(zipStream(out, options.maxBytes), [...labelFiles, manifestFile(dataset)], options);
  } catch (error) {
    // Let the writes already handed to the file finish (destroying the stream under them throws from inside fs);
    // the caller removes the partial file.
    out.end();
    await finished(out).catch(() => undefined);
    throw error;
  }
}

async function writeZip(zip: ReturnType<typeof zipStream>, labelFiles: ExportFile[], options: WriteExportOptions): Promise<void> {
  const encoder = new TextEncoder();
  for (const file of labelFiles) await zip.add(file.path, [encoder.encode(file.content)], true);
  let done = 0;
  for (const image of options.includeImages ? options.dataset.images : []) {
    const chunks = await imageChunks(options.blobs, image.blobKey);
    if (chunks) await zip.add(`${options.writer.imageFolder}/${image.fileName}`, chunks, false);
    else options.notes.add('Images whose bytes are missing from the media store were left out (their labels are in).');
    done += 1;
    await options.onProgress(done);
  }
  await zip.end();
  await options.onProgress(options.dataset.images.length);
}
